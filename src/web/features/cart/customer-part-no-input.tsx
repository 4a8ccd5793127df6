import { useState } from 'react';
import { customerPartNoRule, procurementLabels } from '../../../contract/procurement.ts';
import { problemOf } from '../../../contract/rules.ts';
import { usePageId } from '../../lib/page-ids.tsx';

interface CustomerPartNoInputProps {
  /** The line's stored 客户料号. */
  value: string;
  productCode: string;
  /** Saves the (trimmed, checked) text; resolves true when the server kept it. */
  onCommit: (customerPartNo: string) => Promise<boolean>;
  /** The desktop cart's or the mobile card's class. */
  className: string;
}

/**
 * 客户料号 of a cart line: saved when the field is left or Enter is pressed, checked first with the
 * words the server uses. Never disabled while the cart is busy, so moving on from one line's field to
 * the next keeps the focus.
 */
export function CustomerPartNoInput({ value, productCode, onCommit, className }: CustomerPartNoInputProps) {
  const id = usePageId();
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState('');
  const [isSaved, setIsSaved] = useState(false);
  // The server's answer (another tab's change, the trimmed text) replaces what is shown, during render.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  async function commit() {
    const trimmed = text.trim();
    const found = problemOf(customerPartNoRule, trimmed);
    setProblem(found);
    if (found || trimmed === value) return;
    setIsSaved(await onCommit(trimmed));
  }

  return (
    <div className={className}>
      <label htmlFor={id}>{procurementLabels.customerPartNo}</label>
      <input
        id={id}
        type="text"
        value={text}
        placeholder="选填，贵司内部料号"
        aria-label={`${productCode} 的${procurementLabels.customerPartNo}`}
        aria-invalid={problem ? true : undefined}
        data-testid="customer-part-no"
        onChange={(event) => {
          setText(event.target.value);
          setIsSaved(false);
        }}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit();
        }}
      />
      {problem ? (
        <span className="customer-part-no__problem" role="alert">
          {problem}
        </span>
      ) : isSaved ? (
        <span className="customer-part-no__saved" role="status">
          已保存
        </span>
      ) : null}
    </div>
  );
}
