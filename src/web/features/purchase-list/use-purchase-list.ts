import { useState } from 'react';
import { purchaseListMessages, type PurchaseListDetail, type PurchaseListLine, type ReorderResult } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import type { QuickOrderProblem } from '../../../contract/quick-order.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSet } from '../cart/cart-events.ts';

/** The ticked lines, kept to the lines the list still has. */
function useLineSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return {
    selected,
    toggle: (lineId: number, isOn: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isOn) next.add(lineId);
        else next.delete(lineId);
        return next;
      }),
    setAll: (lineIds: readonly number[]) => setSelected(new Set(lineIds)),
    keepOnly: (lineIds: readonly number[]) => setSelected((current) => new Set([...current].filter((id) => lineIds.includes(id)))),
  };
}

/**
 * /user/purchase-list/{id}: the list as the server last answered it, the ticked lines, and what is
 * done with them: a line's quantity and 客户料号, removal, 加入购物车 (the report of what went in and
 * what did not), and 添加商品 by pasted lines.
 */
export function usePurchaseList(initial: PurchaseListDetail) {
  const [detail, setDetail] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);
  const [report, setReport] = useState<ReorderResult | null>(null);
  const selection = useLineSelection();
  const listId = detail.list.listId;

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setIsBusy(true);
    try {
      return await work();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      return undefined;
    } finally {
      setIsBusy(false);
    }
  }

  function show(next: PurchaseListDetail) {
    setDetail(next);
    selection.keepOnly(next.lines.map((line) => line.lineId));
  }

  const updateLine = (line: PurchaseListLine, change: { quantity: number; customerPartNo: string }) =>
    run(async () => {
      show(await callApi(purchaseListCalls.updateLine, { listId, lineId: line.lineId, ...change }));
      showToast(purchaseListMessages.lineSaved);
    });

  const removeLines = (lineIds: readonly number[]) =>
    run(async () => {
      if (lineIds.length === 0) {
        showToast(purchaseListMessages.chooseLinesToRemove);
        return;
      }
      show(await callApi(purchaseListCalls.removeLines, { listId, lineIds: [...lineIds] }));
      showToast(purchaseListMessages.linesRemoved);
    });

  /** Without lineIds, every line. */
  const addToCart = (lineIds?: readonly number[]) =>
    run(async () => {
      const answer = await callApi(purchaseListCalls.addToCart, lineIds ? { listId, lineIds: [...lineIds] } : { listId });
      setReport(answer);
      dispatchCartSet(answer.cartCount);
    });

  /** The lines that could not be added, for the box to keep; undefined when the call failed. */
  const addLines = (text: string): Promise<QuickOrderProblem[] | undefined> =>
    run(async () => {
      const answer = await callApi(purchaseListCalls.addLines, { listId, text });
      show(answer.detail);
      showToast(purchaseListMessages.linesAdded(answer.addedCount));
      return answer.problems;
    });

  return { detail, isBusy, report, closeReport: () => setReport(null), ...selection, updateLine, removeLines, addToCart, addLines };
}
