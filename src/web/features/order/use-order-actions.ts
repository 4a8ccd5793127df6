import { useState } from 'react';
import { orderMessages, orderPaths, type BuyAgainResponse, type OrderDetail } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSet } from '../cart/cart-events.ts';

export const networkFailureMessage = '网络异常，请稍后重试';

/** What buy again could not put back, shown beside the order until dismissed. */
export interface BuyAgainReport {
  orderNo: string;
  answer: BuyAgainResponse;
}

/**
 * Cancel and confirm receipt (each after its confirm dialog) and buy again for one page's orders.
 * Cancelling and confirming answer the order as it is now (`onChanged`); buying again goes to the
 * cart, unless some lines stayed out: then it says which.
 */
export function useOrderActions(onChanged: (order: OrderDetail) => void) {
  const [confirmingNo, setConfirmingNo] = useState<string | null>(null);
  const [receivingNo, setReceivingNo] = useState<string | null>(null);
  const [busyNo, setBusyNo] = useState<string | null>(null);
  const [buyAgainReport, setBuyAgainReport] = useState<BuyAgainReport | null>(null);

  async function run<T>(orderNo: string, action: () => Promise<T>): Promise<T | null> {
    if (busyNo !== null) return null;
    setBusyNo(orderNo);
    try {
      return await action();
    } catch (error) {
      toastIfMessage(errorMessageOf(error) || networkFailureMessage);
      return null;
    } finally {
      setBusyNo(null);
    }
  }

  return {
    confirmingNo,
    receivingNo,
    busyNo,
    buyAgainReport,
    askCancel: (orderNo: string) => setConfirmingNo(orderNo),
    closeCancel: () => setConfirmingNo(null),
    async confirmCancel() {
      const orderNo = confirmingNo;
      if (orderNo === null) return;
      const order = await run(orderNo, () => callApi(orderCalls.cancel, { orderNo }));
      setConfirmingNo(null);
      if (!order) return;
      showToast(orderMessages.cancelled);
      onChanged(order);
    },
    askReceipt: (orderNo: string) => setReceivingNo(orderNo),
    closeReceipt: () => setReceivingNo(null),
    async confirmReceipt() {
      const orderNo = receivingNo;
      if (orderNo === null) return;
      const order = await run(orderNo, () => callApi(orderCalls.confirmReceipt, { orderNo }));
      setReceivingNo(null);
      if (!order) return;
      showToast(orderMessages.received);
      onChanged(order);
    },
    async buyAgain(orderNo: string) {
      setBuyAgainReport(null);
      const answer = await run(orderNo, () => callApi(orderCalls.buyAgain, { orderNo }));
      if (!answer) return;
      dispatchCartSet(answer.cartCount);
      if (answer.skipped.length === 0) {
        window.location.assign(orderPaths.cart);
        return;
      }
      setBuyAgainReport({ orderNo, answer });
    },
    dismissBuyAgain: () => setBuyAgainReport(null),
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
