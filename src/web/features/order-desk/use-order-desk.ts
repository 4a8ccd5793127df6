import { backOrderMessages } from '../../../contract/backorder.ts';
import { adminBackOrderCalls } from '../../../contract/console/backorder-desk-calls.ts';
import { orderDeskMessages as m, type AdminOrderDetail } from '../../../contract/console/orders.ts';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useDeskAction } from './use-desk-action.ts';

const doneMessages = {
  [adminOrderCalls.confirmTransfer.path]: m.transferConfirmed,
  [adminOrderCalls.ship.path]: '发货已登记',
  [adminOrderCalls.cancel.path]: m.cancelled,
  [adminOrderCalls.refund.path]: m.refunded,
  [adminOrderCalls.confirmOfflineRefund.path]: m.offlineRefunded,
  [adminOrderCalls.issueInvoice.path]: m.invoiced,
  [adminOrderCalls.reverseInvoice.path]: m.invoiceReversed,
  [adminOrderCalls.retryRefund.path]: m.refundRetried,
  [adminOrderCalls.recordLateTransfer.path]: m.lateTransferRecorded,
  [adminBackOrderCalls.moveDate.path]: backOrderMessages.dateMoved,
  [adminBackOrderCalls.receiveStock.path]: backOrderMessages.stockReceived,
};

/** One order at the desk: its actions, each followed by the order read again and the action's message. */
export function useOrderDesk(initial: AdminOrderDetail) {
  const reload = () => callStaffApi(adminOrderCalls.detail, { orderNo: initial.orderNo });
  return useDeskAction(initial, doneMessages, reload);
}
