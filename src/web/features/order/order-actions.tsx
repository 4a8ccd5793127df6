import type { OrderSummary } from '../../../contract/order.ts';
import { orderPaths } from '../../../contract/order.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { OrderActions } from './use-order-actions.ts';
import { cashierPath } from './order-urls.ts';

/** 去付款 / 取消订单 / 确认收货 / 再次购买 for one order, as its state allows. */
export function OrderActionButtons({ order, actions }: { order: OrderSummary; actions: OrderActions }) {
  const isBusy = actions.busyNo !== null;
  return (
    <div className="order-actions">
      {order.canPay ? (
        <a className="button button--accent order-actions__pay" href={cashierPath(order.orderNo)}>
          去付款
        </a>
      ) : null}
      {order.canCancel ? (
        <button type="button" className="button order-actions__cancel" disabled={isBusy} onClick={() => actions.askCancel(order.orderNo)}>
          取消订单
        </button>
      ) : null}
      {order.canConfirmReceipt ? (
        <button type="button" className="button button--accent order-actions__receive" disabled={isBusy} onClick={() => actions.askReceipt(order.orderNo)}>
          确认收货
        </button>
      ) : null}
      <button type="button" className="button order-actions__again" disabled={isBusy} onClick={() => void actions.buyAgain(order.orderNo)}>
        {actions.busyNo === order.orderNo ? '处理中…' : '再次购买'}
      </button>
    </div>
  );
}

/** The cancel question, one per page. */
export function CancelOrderDialog({ actions }: { actions: OrderActions }) {
  return (
    <ConfirmDialog
      isOpen={actions.confirmingNo !== null}
      title="取消订单"
      message={`确定取消订单 ${actions.confirmingNo ?? ''} 吗？取消后订单不可恢复，已使用的优惠券将退回您的账户。`}
      confirmLabel="确定取消"
      isBusy={actions.busyNo !== null}
      onConfirm={() => void actions.confirmCancel()}
      onClose={actions.closeCancel}
    />
  );
}

/** The confirm-receipt question, one per page. */
export function ConfirmReceiptDialog({ actions }: { actions: OrderActions }) {
  return (
    <ConfirmDialog
      isOpen={actions.receivingNo !== null}
      title="确认收货"
      message={`请确认已收到订单 ${actions.receivingNo ?? ''} 的全部商品。确认后订单完成，如有问题仍可申请售后。`}
      confirmLabel="确认收货"
      isBusy={actions.busyNo !== null}
      onConfirm={() => void actions.confirmReceipt()}
      onClose={actions.closeReceipt}
    />
  );
}

/** Buy again put some lines back and left others out: which, and why. */
export function BuyAgainNotice({ actions, orderNo }: { actions: OrderActions; orderNo: string }) {
  const report = actions.buyAgainReport;
  if (report?.orderNo !== orderNo) return null;
  return (
    <div className="order-notice" role="status">
      <p>
        已将 {report.answer.addedCount} 种商品加入购物车
        {report.answer.addedCount > 0 ? (
          <a className="order-notice__link" href={orderPaths.cart}>
            去购物车结算 ›
          </a>
        ) : null}
      </p>
      <p>以下商品未能加入：</p>
      <ul>
        {report.answer.skipped.map((line) => (
          <li key={line.productCode}>
            {line.productCode}：{line.reason}
          </li>
        ))}
      </ul>
      <button type="button" className="link-button order-notice__close" onClick={actions.dismissBuyAgain}>
        知道了
      </button>
    </div>
  );
}
