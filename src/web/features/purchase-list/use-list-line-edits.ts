import { useEffect, useState } from 'react';
import { quantityProblem } from '../../../contract/pricing.ts';
import type { PurchaseListLine } from '../../../contract/purchase-list.ts';
import { useQuantity } from '../catalog/quantity-input.tsx';

export interface ListLineChange {
  quantity: number;
  customerPartNo: string;
}

/**
 * A list line's quantity and 客户料号 as typed, and when each is sent (desktop row and phone card alike):
 * a valid changed quantity on commit, a changed 客户料号 on blur or Enter.
 */
export function useListLineEdits(line: PurchaseListLine, onChange: (change: ListLineChange) => void) {
  const quantity = useQuantity(line.packSize, line.quantity);
  const { setText } = quantity;
  const [partNo, setPartNo] = useState(line.customerPartNo);
  // The server's answer (the trimmed text, another tab's change) replaces what is shown, during render.
  const [shownPartNo, setShownPartNo] = useState(line.customerPartNo);
  if (line.customerPartNo !== shownPartNo) {
    setShownPartNo(line.customerPartNo);
    setPartNo(line.customerPartNo);
  }
  useEffect(() => {
    setText(String(line.quantity));
  }, [line.quantity, setText]);
  const commitQuantity = (text: string) => {
    const next = Number(text);
    if (text.trim() === '' || quantityProblem(next, line.packSize) || next === line.quantity) return;
    onChange({ quantity: next, customerPartNo: line.customerPartNo });
  };
  const commitPartNo = () => {
    if (partNo.trim() !== line.customerPartNo) onChange({ quantity: line.quantity, customerPartNo: partNo.trim() });
  };
  return { quantity, partNo, setPartNo, commitQuantity, commitPartNo };
}
