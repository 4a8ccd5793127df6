import { OrderStatus, type OrderDetail } from '../../../contract/order.ts';

const stepIndexOf: Record<OrderStatus, number> = {
  [OrderStatus.awaitingApproval]: 0,
  [OrderStatus.unpaid]: 0,
  [OrderStatus.unshipped]: 1,
  [OrderStatus.partlyShipped]: 1,
  [OrderStatus.shipped]: 2,
  [OrderStatus.completed]: 3,
  [OrderStatus.cancelled]: 0,
  [OrderStatus.closed]: 1,
};

/** 提交订单 → 付款成功 → 商品出库 → 交易完成; a cancelled order shows where it stopped. */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const reached = stepIndexOf[order.status];
  const steps = [
    { label: '提交订单', at: order.createdAtStr },
    { label: '付款成功', at: order.payment?.paidAtStr ?? '' },
    { label: '商品出库', at: '' },
    { label: '交易完成', at: '' },
  ];
  return (
    <ol className={order.status === OrderStatus.cancelled ? 'order-progress order-progress--cancelled' : 'order-progress'} aria-label="订单进度">
      {steps.map((step, index) => {
        const isDone = index <= reached;
        return (
          <li
            key={step.label}
            className={isDone ? 'order-progress__step order-progress__step--done' : 'order-progress__step'}
            aria-current={index === reached ? 'step' : undefined}
          >
            <span className="order-progress__dot" aria-hidden="true">
              {index + 1}
            </span>
            <span className="order-progress__label">{step.label}</span>
            {isDone && step.at ? <span className="order-progress__time">{step.at}</span> : null}
          </li>
        );
      })}
      {order.status === OrderStatus.cancelled ? (
        <li className="order-progress__step order-progress__step--cancelled" aria-current="step">
          <span className="order-progress__dot" aria-hidden="true">
            ×
          </span>
          <span className="order-progress__label">已取消</span>
        </li>
      ) : null}
    </ol>
  );
}
