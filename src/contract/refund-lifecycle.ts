import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { isBindingRefund, paymentErrors, RefundStatus, type RefundKind } from './payment.ts';

/**
 * A refund (payment_refunds, docs/decisions/0018-lifecycles.md): 处理中 from the moment its number
 * is claimed and its amount held, until the provider (or, for 对公转账, finance) ends it 成功 or 失败.
 * A failed adjustment gives its amount back; a failed binding refund (the order was changed with
 * it, or never took the money) stays owed and is tried again, by staff or by the clock.
 */

export interface RefundFacts {
  state: RefundStatus;
  kind: RefundKind;
  /** 对公转账's 线下退款: finance pay it out and confirm; no provider is asked. */
  isOffline: boolean;
}

export const refundLifecycleErrors = defineErrors('refund', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '退款状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
});

const isOffline: Guard<RefundFacts> = {
  name: 'isOffline',
  description: '对公转账的线下退款',
  holds: (facts) => facts.isOffline,
  refusal: '该退款经支付渠道原路退回，无需确认线下转账',
};

const isThroughProvider: Guard<RefundFacts> = {
  name: 'isThroughProvider',
  description: '经支付渠道原路退回（非线下退款）',
  holds: (facts) => !facts.isOffline,
  refusal: '线下退款由财务转账后确认',
};

const isOwed: Guard<RefundFacts> = {
  name: 'isOwed',
  description: '绑定退款（取消、取消商品、全额、退货、到账退回）：失败后金额仍占用',
  holds: (facts) => isBindingRefund(facts.kind),
  refusal: '补差价/补偿退款失败后已释放金额，不自动重试',
};

const refundStaff = { kind: ActorKind.staff, action: 'create', subject: 'Refund' } as const;

export const refundLifecycle = defineLifecycle({
  name: 'refund',
  title: '退款',
  initial: RefundStatus.processing,
  states: {
    processing: { label: '处理中', refusalName: '退款处理中' },
    succeeded: { label: '成功', refusalName: '退款已成功', isFinal: true },
    failed: { label: '失败', refusalName: '退款已失败' },
  },
  events: {
    request: {
      label: '申请退款',
      from: [RefundStatus.processing],
      to: 'same',
      actors: [refundStaff, { kind: ActorKind.provider }, { kind: ActorKind.clock }],
      effects: [
        '以退款单号向原支付渠道申请：同一单号不会重复退款',
        '占用订单可退金额（累计不超过实付）；到账退回不计入订单',
        '处理中超过 PAYMENT_RECONCILE_AFTER_MINUTES 仍无结果的，定时任务查询，渠道无此退款时以同一单号再次申请',
      ],
      refusal: paymentErrors.refundNotAllowed,
    },
    providerSucceeded: {
      label: '退款成功',
      from: [RefundStatus.processing],
      to: RefundStatus.succeeded,
      actors: [{ kind: ActorKind.provider }, { kind: ActorKind.clock }],
      guards: [isThroughProvider],
      effects: ['订单记录已退款并通知买家；到账退回：支付记录转为已退回'],
      refusal: paymentErrors.refundNotAllowed,
    },
    providerFailed: {
      label: '退款失败',
      from: [RefundStatus.processing],
      to: RefundStatus.failed,
      actors: [{ kind: ActorKind.provider }, { kind: ActorKind.clock }],
      guards: [isThroughProvider],
      effects: ['补差价/补偿：释放占用的可退金额', '绑定退款：金额仍占用（待退），按退避间隔自动重试'],
      refusal: paymentErrors.refundNotAllowed,
    },
    retry: {
      label: '重新退款',
      from: [RefundStatus.failed],
      to: RefundStatus.processing,
      actors: [refundStaff],
      effects: ['以同一退款单号再次申请', '补差价/补偿重新占用可退金额'],
      refusal: paymentErrors.refundNotAllowed,
    },
    retryOwed: {
      label: '自动重试',
      from: [RefundStatus.failed],
      to: RefundStatus.processing,
      actors: [{ kind: ActorKind.clock }],
      guards: [isOwed],
      effects: ['间隔自 PAYMENT_RECONCILE_AFTER_MINUTES 起逐次加倍，最长 6 小时'],
      refusal: paymentErrors.refundNotAllowed,
    },
    confirmOffline: {
      label: '确认线下退款',
      from: [RefundStatus.processing],
      to: RefundStatus.succeeded,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'Refund' }],
      guards: [isOffline],
      effects: ['财务已转账退回买家付款账户'],
      refusal: paymentErrors.refundNotAllowed,
    },
  },
  changedMeanwhile: refundLifecycleErrors.changedMeanwhile,
  forbidden: refundLifecycleErrors.forbidden,
});

export type RefundLifecycleEvent = (typeof refundLifecycle.eventNames)[number];
