import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { orderErrors, OrderStatus } from './order.ts';

/**
 * The order's lifecycle (docs/decisions/0018-lifecycles.md): 待付款 → 待发货 → (部分发货) → 已发货
 * → 已完成; 已取消 before shipping; 已关闭 once the whole paid amount is refunded. A partial refund
 * keeps the order where it is, and the units it takes off a line (not yet sent) are no longer
 * shipped; taking off the last units of a partly shipped order makes it 已发货. A company 采购's
 * order above the company's approval threshold goes 待付款 → 待审批 as it is placed (decision 0029)
 * and comes back to 待付款 once an approver approves it.
 */

/** What the guards read: the server builds it from the rows, the pages get the events it allows. */
export interface OrderFacts {
  state: OrderStatus;
  /** What the buyer paid (0 before payment). */
  paidCents: number;
  /** Refunded, being refunded, or owed by a refund to retry: never more than paidCents. */
  refundedCents: number;
  /** Unpaid and past its deadline. */
  isOverdue: boolean;
  /** Units still to send: ordered, less those taken off by refunds and those sent. */
  unitsToShip: number;
  /** Of those, the units in stock for the order (not waiting on a back order). */
  unitsShippableNow: number;
  /** Placed by a company 采购 above the company's approval threshold and not yet decided (order-approval). */
  needsApproval?: boolean;
}

export const orderRefundErrors = defineErrors('order', {
  /** Every unit of an order nothing of which was sent: that is a full refund (its freight too). */
  wholeNeedsFullRefund: { code: ResultCode.badRequest, msg: '取消订单全部商品须全额退款，请使用全额退款或取消订单' },
  takeOffTooMany: { code: ResultCode.conflict, msg: '退掉的数量超过该商品尚未发出的数量' },
});

export const orderLifecycleErrors = defineErrors('order', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '订单状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  nothingToRefund: { code: ResultCode.conflict, msg: '订单已无可退金额' },
  notRemaining: { code: ResultCode.conflict, msg: '订单已没有待发货的商品' },
});

const isOverdue: Guard<OrderFacts> = {
  name: 'isOverdue',
  description: '已过支付期限',
  holds: (facts) => facts.isOverdue,
  refusal: '订单尚未超过支付期限',
};

const hasShippableUnits: Guard<OrderFacts> = {
  name: 'hasShippableUnits',
  description: '有已备货、未发出的商品',
  holds: (facts) => facts.unitsShippableNow > 0,
  refusal: '订单暂无可发货的商品（缺货商品尚未到货）',
};

const hasEverythingInStock: Guard<OrderFacts> = {
  name: 'hasEverythingInStock',
  description: '待发的商品都已备货',
  holds: (facts) => facts.unitsToShip > 0 && facts.unitsShippableNow === facts.unitsToShip,
  refusal: orderErrors.backOrderPending.msg,
};

const hasRefundable: Guard<OrderFacts> = {
  name: 'hasRefundable',
  description: '已退金额小于实付金额',
  holds: (facts) => facts.paidCents - facts.refundedCents > 0,
  refusal: orderLifecycleErrors.nothingToRefund.msg,
};

const hasUnitsToShip: Guard<OrderFacts> = {
  name: 'hasUnitsToShip',
  description: '仍有未发出的商品',
  holds: (facts) => facts.unitsToShip > 0,
  refusal: orderLifecycleErrors.notRemaining.msg,
};

const needsApproval: Guard<OrderFacts> = {
  name: 'needsApproval',
  description: '企业采购下单金额超过企业审批金额',
  holds: (facts) => facts.needsApproval === true,
  refusal: '订单无需审批',
};

const isWithinTime: Guard<OrderFacts> = {
  name: 'isWithinTime',
  description: '未超过支付期限（待审批时库存保留至此）',
  holds: (facts) => !facts.isOverdue,
  refusal: '订单已超过审批期限，将自动取消',
};

const paidStates = [OrderStatus.unshipped, OrderStatus.partlyShipped, OrderStatus.shipped, OrderStatus.completed] as const;
const shippingStates = [OrderStatus.unshipped, OrderStatus.partlyShipped] as const;
const releases = '未发出的预留库存回到原仓库，优惠券退回（仍在有效期内）';

export const orderLifecycle = defineLifecycle({
  name: 'order',
  title: '订单',
  initial: OrderStatus.unpaid,
  states: {
    unpaid: { label: '待付款', refusalName: '订单尚未付款' },
    awaitingApproval: { label: '待审批', refusalName: '订单正在等待企业审批' },
    unshipped: { label: '待发货', refusalName: '订单尚未发货' },
    partlyShipped: { label: '部分发货', refusalName: '订单已部分发货' },
    shipped: { label: '已发货', refusalName: '订单已全部发货' },
    completed: { label: '已完成', refusalName: '订单已完成' },
    cancelled: { label: '已取消', refusalName: '订单已取消', isFinal: true },
    closed: { label: '已关闭', refusalName: '订单已退款', isFinal: true },
  },
  events: {
    requireApproval: {
      label: '提交审批',
      from: [OrderStatus.unpaid],
      to: OrderStatus.awaitingApproval,
      actors: [{ kind: ActorKind.buyer }],
      guards: [needsApproval],
      effects: ['下单时即时发生：库存照常预留，保留至支付期限', '站内信通知企业的审批人和管理员'],
      refusal: orderErrors.notApprovable,
    },
    approve: {
      label: '批准',
      from: [OrderStatus.awaitingApproval],
      to: OrderStatus.unpaid,
      actors: [{ kind: ActorKind.approver }],
      guards: [isWithinTime],
      effects: ['支付期限自批准时重新计算 ORDER_PAYMENT_MINUTES', '记录批准人，站内信通知下单的采购'],
      refusal: orderErrors.notApprovable,
    },
    reject: {
      label: '驳回',
      from: [OrderStatus.awaitingApproval],
      to: OrderStatus.cancelled,
      actors: [{ kind: ActorKind.approver }],
      effects: [releases, '记录驳回人和理由，站内信通知下单的采购'],
      refusal: orderErrors.notApprovable,
    },
    pay: {
      label: '支付',
      from: [OrderStatus.unpaid],
      to: OrderStatus.unshipped,
      actors: [{ kind: ActorKind.provider }],
      effects: ['金额须等于应付金额', '邀请有礼：首笔实付（商品，不含运费）达到门槛的订单奖励邀请人，每位好友一次'],
      refusal: orderErrors.notPayable,
    },
    confirmTransfer: {
      label: '确认到账',
      from: [OrderStatus.unpaid],
      to: OrderStatus.unshipped,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'Payment' }],
      effects: ['转账金额须等于应付金额'],
      refusal: orderErrors.notPayable,
    },
    cancelByBuyer: {
      label: '取消订单',
      from: [OrderStatus.unpaid, OrderStatus.awaitingApproval],
      to: OrderStatus.cancelled,
      actors: [{ kind: ActorKind.buyer }],
      effects: [releases, '询价单在有效期内回到已报价'],
      refusal: orderErrors.notCancellable,
    },
    expire: {
      label: '超时取消',
      from: [OrderStatus.unpaid, OrderStatus.awaitingApproval],
      to: OrderStatus.cancelled,
      actors: [{ kind: ActorKind.clock }],
      guards: [isOverdue],
      effects: [releases, '询价单在有效期内回到已报价'],
      refusal: orderErrors.notCancellable,
    },
    cancelByStaff: {
      label: '取消订单',
      from: [OrderStatus.awaitingApproval, OrderStatus.unpaid, OrderStatus.unshipped],
      to: OrderStatus.cancelled,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'Order' }],
      effects: [releases, '已付款的原路退回全部未退金额', '已开发票转为待红冲'],
      refusal: orderErrors.notCancellable,
    },
    shipParcel: {
      label: '发货',
      from: shippingStates,
      to: OrderStatus.partlyShipped,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Shipment' }],
      guards: [hasShippableUnits],
      effects: ['一个包裹，只含已备货、未发出、未退款的数量'],
      refusal: orderErrors.notShippable,
    },
    shipLast: {
      label: '发货',
      from: shippingStates,
      to: OrderStatus.shipped,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Shipment' }],
      guards: [hasEverythingInStock],
      effects: ['最后一个包裹发出剩余的全部商品'],
      refusal: orderErrors.notShippable,
    },
    confirmReceipt: {
      label: '确认收货',
      from: [OrderStatus.shipped],
      to: OrderStatus.completed,
      actors: [{ kind: ActorKind.buyer }],
      refusal: orderErrors.notReceivable,
    },
    autoComplete: {
      label: '自动确认收货',
      from: [OrderStatus.shipped],
      to: OrderStatus.completed,
      actors: [{ kind: ActorKind.clock }],
      effects: ['发货满 ORDER_AUTO_COMPLETE_DAYS 天'],
      refusal: orderErrors.notCompletable,
    },
    refundPart: {
      label: '退款',
      from: paidStates,
      to: 'same',
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Refund' }],
      guards: [hasRefundable],
      effects: ['原路退回部分金额', '可同时取消未发出的商品数量（释放库存），其余照常发货'],
      refusal: orderErrors.notRefundable,
    },
    refundInFull: {
      label: '全额退款',
      from: paidStates,
      to: OrderStatus.closed,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Refund' }],
      guards: [hasRefundable],
      effects: ['退款累计达到实付金额', releases, '已开发票转为待红冲'],
      refusal: orderErrors.notRefundable,
    },
    refundRemaining: {
      label: '退款并取消剩余商品',
      from: [OrderStatus.partlyShipped],
      to: OrderStatus.shipped,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Refund' }],
      guards: [hasRefundable, hasUnitsToShip],
      effects: ['退掉全部未发出的商品：订单以已发出的包裹为准'],
      refusal: orderErrors.notRefundable,
    },
  },
  changedMeanwhile: orderLifecycleErrors.changedMeanwhile,
  forbidden: orderLifecycleErrors.forbidden,
});

export type OrderLifecycleEvent = (typeof orderLifecycle.eventNames)[number];
