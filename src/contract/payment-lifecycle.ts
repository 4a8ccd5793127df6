import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { orderErrors } from './order.ts';
import { AttemptStatus, paymentErrors } from './payment.ts';

/**
 * A payment attempt (payment_attempts: one per order and method the buyer chose at the cashier),
 * docs/decisions/0018-lifecycles.md. Money that arrives is taken by the order when it can (待付款,
 * the amount due); otherwise it goes back at once through the provider that brought it (待退回 →
 * 已退回), so a payment made after a cancel is never kept silently.
 */

export interface PaymentAttemptFacts {
  state: AttemptStatus;
  /** The order can take this money now: unpaid, and the amount is the amount due. */
  isOrderPayable: boolean;
  /** Created longer ago than the reconciliation's horizon (3 days). */
  isPastHorizon: boolean;
}

export const paymentLifecycleErrors = defineErrors('paymentAttempt', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '支付状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
});

const takesPayment: Guard<PaymentAttemptFacts> = {
  name: 'isOrderPayable',
  description: '订单待付款，且金额等于应付金额',
  holds: (facts) => facts.isOrderPayable,
  refusal: orderErrors.notPayable.msg,
};

const refusesPayment: Guard<PaymentAttemptFacts> = {
  name: 'isOrderNotPayable',
  description: '订单已取消、已关闭、已由其他方式付款，或金额不符',
  holds: (facts) => !facts.isOrderPayable,
  refusal: '订单仍可收取这笔付款，请确认到账',
};

const isPastHorizon: Guard<PaymentAttemptFacts> = {
  name: 'isPastHorizon',
  description: '创建已超过 3 天，渠道仍未收到付款',
  holds: (facts) => facts.isPastHorizon,
  refusal: '支付仍在等待中',
};

const notified = [{ kind: ActorKind.provider }, { kind: ActorKind.clock }] as const;
const late = '原路自动退回（退款类型：取消后到账退回；退款单号由支付记录生成，重复通知或查询不会再退）';

export const paymentLifecycle = defineLifecycle({
  name: 'payment',
  title: '支付',
  initial: AttemptStatus.created,
  states: {
    created: { label: '待支付', refusalName: '支付尚未到账' },
    paid: { label: '已支付', refusalName: '支付已到账', isFinal: true },
    lateRefunding: { label: '待退回', refusalName: '该笔付款已登记退回' },
    lateRefunded: { label: '已退回', refusalName: '该笔付款已退回', isFinal: true },
    closed: { label: '已关闭', refusalName: '支付已关闭' },
  },
  events: {
    choose: {
      label: '选择支付方式',
      from: [AttemptStatus.created, AttemptStatus.closed],
      to: AttemptStatus.created,
      actors: [{ kind: ActorKind.buyer }],
      effects: ['展示二维码或转账信息；再次选择时更新金额与展示内容'],
      refusal: paymentErrors.attemptNotAllowed,
    },
    pay: {
      label: '支付到账',
      from: [AttemptStatus.created, AttemptStatus.closed],
      to: AttemptStatus.paid,
      actors: notified,
      guards: [takesPayment],
      effects: ['订单转为待发货；同一笔交易的重复通知只记一次', '通知未到时，定时任务向渠道查询到的付款同样处理'],
      refusal: orderErrors.notPayable,
    },
    confirmTransfer: {
      label: '确认到账',
      from: [AttemptStatus.created, AttemptStatus.closed],
      to: AttemptStatus.paid,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'Payment' }],
      guards: [takesPayment],
      effects: ['订单转为待发货'],
      refusal: orderErrors.notPayable,
    },
    arriveLate: {
      label: '到账退回',
      from: [AttemptStatus.created, AttemptStatus.closed],
      to: AttemptStatus.lateRefunding,
      actors: notified,
      guards: [refusesPayment],
      effects: ['订单不变', late, '计入 payment_late_refunds_total'],
      refusal: paymentErrors.attemptNotAllowed,
    },
    recordLateTransfer: {
      label: '登记到账退回',
      from: [AttemptStatus.created, AttemptStatus.closed],
      to: AttemptStatus.lateRefunding,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'Payment' }],
      guards: [refusesPayment],
      effects: ['订单不变', '登记线下退款（处理中），财务转账退回后确认'],
      refusal: paymentErrors.lateTransferRefused,
    },
    finishLateRefund: {
      label: '退回完成',
      from: [AttemptStatus.lateRefunding],
      to: AttemptStatus.lateRefunded,
      actors: [...notified, { kind: ActorKind.staff, action: 'update', subject: 'Refund' }],
      effects: ['其退款成功（渠道通知、定时查询，或财务确认线下退款）；通知买家'],
      refusal: paymentErrors.attemptNotAllowed,
    },
    close: {
      label: '关闭',
      from: [AttemptStatus.created],
      to: AttemptStatus.closed,
      actors: [{ kind: ActorKind.clock }],
      guards: [isPastHorizon],
      effects: ['向渠道查询仍未付款，不再定时查询；之后到账的仍按上面处理'],
      refusal: paymentErrors.attemptNotAllowed,
    },
  },
  changedMeanwhile: paymentLifecycleErrors.changedMeanwhile,
  forbidden: paymentLifecycleErrors.forbidden,
});

export type PaymentLifecycleEvent = (typeof paymentLifecycle.eventNames)[number];
