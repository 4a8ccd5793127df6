import { procurementLabels } from '../../../contract/procurement.ts';
import { usePageId } from '../../lib/page-ids.tsx';

interface PoNumberFieldProps {
  value: string;
  /** The rule's words for what is typed ('' when fine). */
  problem: string;
  isDisabled: boolean;
  onChange: (value: string) => void;
  /** The desktop checkout's or the mobile card's class. */
  className: string;
}

/** 采购订单号 at checkout: optional; kept on the order, its invoice request, its exports and 我的订单's search. */
export function PoNumberField({ value, problem, isDisabled, onChange, className }: PoNumberFieldProps) {
  const id = usePageId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id}>{procurementLabels.poNumber}</label>
      <input
        id={id}
        type="text"
        value={value}
        placeholder="选填，贵司采购单号，将显示在订单、发票申请和导出文件中"
        aria-describedby={hintId}
        aria-invalid={problem ? true : undefined}
        disabled={isDisabled}
        data-testid="po-number"
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className={problem ? 'po-number__problem' : 'po-number__hint'} role={problem ? 'alert' : undefined}>
        {problem || '最多40个字符，可在我的订单中按采购订单号搜索'}
      </span>
    </div>
  );
}
