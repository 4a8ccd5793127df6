import { complaintErrors, complaintLimits, ComplaintStatus, type ComplaintLifecycleEvent } from './complaint.ts';
import { ActorKind, defineLifecycle, type ActorRule, type Guard } from './lifecycle.ts';

/**
 * After-sales (docs/decisions/0018-lifecycles.md): a complaint on one order line is 待处理 until staff
 * take it up; staff settle it without a return (已解决, 已驳回), or authorise a return (待退货, with an
 * RMA number and the address), the member sends the parcel back with its tracking number (退货中),
 * the warehouse receives it (已收货), and staff refund the line's share through the order (已退款) or
 * send a replacement (已换货). A short or damaged delivery may be refunded (仅退款) or made good
 * (补发) without a return. Settled cases may be reopened within the after-sales window; 已关闭 is final.
 */

/** What the guards read: the server builds it from the rows; the pages get the events it allows. */
export interface ComplaintFacts {
  state: ComplaintStatus;
  /** The line's order still takes complaints: 已发货, or 已完成 within completedWindowDays. */
  isWithinWindow: boolean;
  /** 待退货 longer than returnShipDays. */
  isReturnOverdue: boolean;
  /** The complaint's refund was refused by the payment provider: still owed (the refund's own lifecycle tries it again). */
  isRefundFailed: boolean;
  /** What the order may still refund: paid less refunded (0 before payment). */
  orderRefundableCents: number;
}

const isWithinWindow: Guard<ComplaintFacts> = {
  name: 'isWithinWindow',
  description: `订单已发货，或完成不超过${String(complaintLimits.completedWindowDays)}天`,
  holds: (facts) => facts.isWithinWindow,
  refusal: complaintErrors.windowPassed.msg,
};

const isReturnOverdue: Guard<ComplaintFacts> = {
  name: 'isReturnOverdue',
  description: `同意退货已满${String(complaintLimits.returnShipDays)}天`,
  holds: (facts) => facts.isReturnOverdue,
  refusal: complaintErrors.returnNotOverdue.msg,
};

const hasRefundable: Guard<ComplaintFacts> = {
  name: 'hasRefundable',
  description: '订单仍有可退金额',
  holds: (facts) => facts.orderRefundableCents > 0,
  refusal: '订单已无可退金额',
};

const isRefundNotOwed: Guard<ComplaintFacts> = {
  name: 'isRefundNotOwed',
  description: '退款未处于失败待重试',
  holds: (facts) => !facts.isRefundFailed,
  refusal: complaintErrors.refundOwed.msg,
};

const service: ActorRule = { kind: ActorKind.staff, action: 'update', subject: 'Complaint' };
/** A refund moves money: 财务's permission (Refund:create), as the order desk's refund. */
const finance: ActorRule = { kind: ActorKind.staff, action: 'create', subject: 'Refund' };
const member: ActorRule = { kind: ActorKind.buyer };
const staffRefusal = complaintErrors.transitionInvalid;
const memberRefusal = complaintErrors.memberTransitionInvalid;
const s = ComplaintStatus;

export const complaintLifecycle = defineLifecycle<ComplaintStatus, ComplaintLifecycleEvent, ComplaintFacts>({
  name: 'complaint',
  title: '售后（投诉与退货）',
  initial: s.pending,
  states: {
    pending: { label: '待处理', refusalName: '投诉尚未受理' },
    processing: { label: '处理中', refusalName: '投诉正在处理中' },
    returnAuthorised: { label: '待退货', refusalName: '投诉正等待会员寄回商品' },
    returnShipped: { label: '退货中', refusalName: '退货正在寄回途中' },
    goodsReceived: { label: '已收货', refusalName: '退货已收到' },
    refunded: { label: '已退款', refusalName: '投诉已退款' },
    replaced: { label: '已换货', refusalName: '投诉已换货' },
    resolved: { label: '已解决', refusalName: '投诉已解决' },
    rejected: { label: '已驳回', refusalName: '投诉已驳回' },
    closed: { label: '已关闭', refusalName: '投诉已关闭', isFinal: true },
  },
  events: {
    takeUp: {
      label: '受理',
      from: [s.pending],
      to: s.processing,
      actors: [service],
      effects: ['客服回复待处理的投诉时即受理'],
      refusal: staffRefusal,
    },
    authoriseReturn: {
      label: '同意退货',
      from: [s.pending, s.processing],
      to: s.returnAuthorised,
      actors: [service],
      effects: ['生成退货单号（RMA），把退货地址、退货数量告知会员', `${String(complaintLimits.returnShipDays)}天内未寄回则自动关闭`],
      refusal: staffRefusal,
    },
    shipReturn: {
      label: '寄回商品',
      from: [s.returnAuthorised],
      to: s.returnShipped,
      actors: [member],
      effects: ['会员填写退货快递公司和运单号'],
      refusal: memberRefusal,
    },
    receiveGoods: {
      label: '确认收到退货',
      from: [s.returnAuthorised, s.returnShipped],
      to: s.goodsReceived,
      actors: [service],
      effects: ['仓库收到退回的商品（会员未登记运单号时也可确认）'],
      refusal: staffRefusal,
    },
    refund: {
      label: '退款',
      from: [s.processing, s.goodsReceived],
      to: s.refunded,
      actors: [finance],
      guards: [hasRefundable],
      effects: [
        '经订单原路退款（订单的退款事件，退货退款），退款单号记在投诉上；支付渠道拒绝时退款按其自身流程重试',
        '金额默认为退货数量对应的商品金额（未退货的仅退款为整行金额），可修改，不超过订单可退金额',
      ],
      refusal: staffRefusal,
    },
    replace: {
      label: '换货',
      from: [s.processing, s.goodsReceived],
      to: s.replaced,
      actors: [service],
      effects: ['寄出换货（或补发）的商品，登记快递公司和运单号'],
      refusal: staffRefusal,
    },
    resolve: {
      label: '解决',
      from: [s.pending, s.processing, s.goodsReceived],
      to: s.resolved,
      actors: [service],
      effects: ['不退款、不换货的处理（说明、补偿），说明发给会员'],
      refusal: staffRefusal,
    },
    reject: {
      label: '驳回',
      from: [s.pending, s.processing],
      to: s.rejected,
      actors: [service],
      effects: ['须填写驳回原因，发给会员'],
      refusal: staffRefusal,
    },
    withdraw: {
      label: '撤销',
      from: [s.pending, s.processing, s.returnAuthorised],
      to: s.closed,
      actors: [member],
      effects: ['商品寄出后不能撤销'],
      refusal: complaintErrors.notOpen,
    },
    close: {
      label: '关闭',
      from: [s.returnAuthorised, s.refunded, s.replaced, s.resolved, s.rejected],
      to: s.closed,
      actors: [service],
      guards: [isRefundNotOwed],
      effects: ['结案，不能再重新处理'],
      refusal: staffRefusal,
    },
    reopen: {
      label: '重新处理',
      from: [s.replaced, s.resolved, s.rejected],
      to: s.processing,
      actors: [member, service],
      guards: [isWithinWindow],
      effects: ['该商品没有其他处理中的投诉'],
      refusal: staffRefusal,
    },
    expireReturn: {
      label: '退货超时关闭',
      from: [s.returnAuthorised],
      to: s.closed,
      actors: [{ kind: ActorKind.clock }],
      guards: [isReturnOverdue],
      refusal: staffRefusal,
    },
  },
  changedMeanwhile: complaintErrors.changedMeanwhile,
  forbidden: complaintErrors.forbidden,
});

export type { ComplaintLifecycleEvent } from './complaint.ts';

/** The events staff fire with nothing but an optional note (the others carry a form: return, refund, replacement). */
export const plainStaffEvents = ['takeUp', 'resolve', 'reject', 'close', 'reopen'] as const satisfies readonly ComplaintLifecycleEvent[];
export type PlainStaffEvent = (typeof plainStaffEvents)[number];

/** Events whose note is required: the member is told why. */
export const eventsNeedingReason: readonly ComplaintLifecycleEvent[] = ['reject'];
