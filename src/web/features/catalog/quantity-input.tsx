import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import { maxPurchaseQuantity, quantityProblem } from '../../../contract/pricing.ts';

export interface QuantityState {
  text: string;
  setText: (text: string) => void;
  /** NaN while the box holds something that is not a number. */
  quantity: number;
  /** Why the quantity cannot be bought, or ''. */
  problem: string;
}

function quantityOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** A quantity typed by the buyer, checked against the integer-purchase rule as it changes. */
export function useQuantity(packSize: number, initial: number): QuantityState {
  const [text, setText] = useState(String(initial));
  const quantity = quantityOf(text);
  return { text, setText, quantity, problem: text.trim() === '' ? '请输入购买数量' : quantityProblem(quantity, packSize) };
}

interface QuantityInputProps {
  state: QuantityState;
  packSize: number;
  /** Called when the buyer finishes a change (blur, Enter, − or +), with the new text. */
  onCommit?: (text: string) => void;
  label?: string;
  size?: 'normal' | 'small';
}

/**
 * − / box / +: the buttons step by the pack size, the box accepts digits, and the reason a
 * quantity cannot be bought is shown under it (quantities are multiples of the pack size).
 */
export function QuantityInput({ state, packSize, onCommit, label = '购买数量', size = 'normal' }: QuantityInputProps) {
  const id = usePageId();
  const step = Math.max(1, packSize);
  const current = Number.isFinite(state.quantity) ? state.quantity : 0;
  const change = (next: number) => {
    const bounded = Math.min(maxPurchaseQuantity - (maxPurchaseQuantity % step), Math.max(step, next));
    const text = String(bounded);
    state.setText(text);
    onCommit?.(text);
  };
  const stepDown = () => change(current % step === 0 ? current - step : current - (current % step));
  const stepUp = () => change(current % step === 0 ? current + step : current + (step - (current % step)));
  return (
    <div className={`quantity-input quantity-input--${size}`}>
      <div className="quantity-input__controls">
        <button type="button" className="quantity-input__step" aria-label="减少" onClick={stepDown} disabled={current <= step}>
          −
        </button>
        <input
          id={id}
          className={state.problem ? 'quantity-input__box quantity-input__box--invalid' : 'quantity-input__box'}
          inputMode="numeric"
          aria-label={label}
          aria-invalid={state.problem ? true : undefined}
          value={state.text}
          maxLength={7}
          onChange={(event) => state.setText(event.target.value.replace(/[^\d]/g, ''))}
          onBlur={(event) => onCommit?.(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onCommit?.(event.currentTarget.value);
          }}
        />
        <button type="button" className="quantity-input__step" aria-label="增加" onClick={stepUp}>
          +
        </button>
      </div>
      {state.problem ? (
        <p className="quantity-input__problem" role="alert">
          {state.problem}
        </p>
      ) : (
        packSize > 1 && size === 'normal' && <p className="quantity-input__hint">{`最小包装 ${packSize} 个，按整包购买`}</p>
      )}
    </div>
  );
}
