import { ResultCode } from './envelope.ts';
import { defineErrors, type ErrorDefinition } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { quotationErrors, QuotationStatus, type QuotationEvent } from './quotation.ts';

/**
 * The quotation's lifecycle (docs/decisions/0018-lifecycles.md): a member's request (询价, created
 * 待报价) is priced by staff (已报价), accepted (已接受) and ordered (已下单) at the quoted prices
 * with every quoted line. An order placed from it that is cancelled or expires before payment gives
 * the offer back: 已报价 while still valid, else 已过期. Staff may price an offer again (重新报价)
 * with a new validity while it is quoted, accepted or expired; the member must then accept the new
 * prices. 已取消 (the member) and 已关闭 (staff) are final.
 *
 * A lapsed order gives the offer back as 已报价, not 已接受: accepting is the step into checkout (接受报价
 * opens the settlement page), and the order it led to was given up; the member takes the same one
 * click again, and the desk does not see a commitment that no longer stands.
 */

/** What the guards read: the server builds it from the row (quotationFactsOf), pages get the events it allows. */
export interface QuotationFacts {
  /** The state as shown: a quoted or accepted offer past its validity is 已过期 even before the clock claims it. */
  state: QuotationStatus;
  /** Priced and not past its validity date. */
  isValid: boolean;
}

export const quotationLifecycleErrors = defineErrors('quotation', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '询价单状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notRequotable: { code: ResultCode.conflict, msg: '该询价单当前状态不能重新报价' },
  notOrdered: { code: ResultCode.conflict, msg: '该询价单没有待付款的订单' },
  stillValid: { code: ResultCode.conflict, msg: '报价仍在有效期内' },
});

const isValid: Guard<QuotationFacts> = {
  name: 'isValid',
  description: '仍在报价有效期内',
  holds: (facts) => facts.isValid,
  refusal: quotationErrors.expired.msg,
};

const isPastValidity: Guard<QuotationFacts> = {
  name: 'isPastValidity',
  description: '已过报价有效期',
  holds: (facts) => !facts.isValid,
  refusal: quotationLifecycleErrors.stillValid.msg,
};

const staffUpdate = { kind: ActorKind.staff, action: 'update', subject: 'Quotation' } as const;
/** Whoever cancels an unpaid order: its buyer, the payment deadline, staff. */
const orderCancellers = [{ kind: ActorKind.buyer }, { kind: ActorKind.clock }, { kind: ActorKind.staff, action: 'update', subject: 'Order' }] as const;
const lapsed = '报价下的订单未付款即取消或超时取消';
const told = '会员收到消息';

export const quotationLifecycle = defineLifecycle<QuotationStatus, QuotationEvent, QuotationFacts>({
  name: 'quotation',
  title: '询价单',
  initial: QuotationStatus.pending,
  states: {
    pending: { label: '待报价', refusalName: '询价单尚未报价' },
    quoted: { label: '已报价', refusalName: '询价单已报价' },
    accepted: { label: '已接受', refusalName: '报价已接受' },
    ordered: { label: '已下单', refusalName: '报价已下单' },
    expired: { label: '已过期', refusalName: '报价已过期' },
    cancelled: { label: '已取消', refusalName: '询价单已取消', isFinal: true },
    closed: { label: '已关闭', refusalName: '询价单已关闭', isFinal: true },
  },
  events: {
    quote: {
      label: '报价',
      from: [QuotationStatus.pending],
      to: QuotationStatus.quoted,
      actors: [staffUpdate],
      effects: ['每项物料的商品（匹配或替代型号）、单价、数量与交期，及报价有效期', told],
      refusal: quotationErrors.notPending,
    },
    requote: {
      label: '重新报价',
      from: [QuotationStatus.quoted, QuotationStatus.accepted, QuotationStatus.expired],
      to: QuotationStatus.quoted,
      actors: [staffUpdate],
      effects: ['新的报价与有效期取代原报价，已接受的须由会员重新接受', told],
      refusal: quotationLifecycleErrors.notRequotable,
    },
    accept: {
      label: '接受报价',
      from: [QuotationStatus.quoted],
      to: QuotationStatus.accepted,
      actors: [{ kind: ActorKind.buyer }],
      guards: [isValid],
      effects: ['前往结算页，按报价单价结算'],
      refusal: quotationErrors.notQuoted,
    },
    order: {
      label: '下单',
      from: [QuotationStatus.accepted],
      to: QuotationStatus.ordered,
      actors: [{ kind: ActorKind.buyer }],
      guards: [isValid],
      effects: ['订单含每项报价商品的全部报价数量，按报价单价；缺货的数量待到货后发出（先发现货或全部到货后一起发），不会被去掉'],
      refusal: quotationErrors.notAccepted,
    },
    orderLapsed: {
      label: '订单取消，报价恢复',
      from: [QuotationStatus.ordered],
      to: QuotationStatus.quoted,
      actors: orderCancellers,
      guards: [isValid],
      effects: [lapsed, '报价在有效期内回到已报价，可再次接受并下单', told],
      refusal: quotationLifecycleErrors.notOrdered,
    },
    orderLapsedExpired: {
      label: '订单取消，报价过期',
      from: [QuotationStatus.ordered],
      to: QuotationStatus.expired,
      actors: orderCancellers,
      guards: [isPastValidity],
      effects: [lapsed, '报价已过有效期，成为已过期（可由员工重新报价）', told],
      refusal: quotationLifecycleErrors.notOrdered,
    },
    expire: {
      label: '报价过期',
      from: [QuotationStatus.quoted, QuotationStatus.accepted],
      to: QuotationStatus.expired,
      actors: [{ kind: ActorKind.clock }],
      guards: [isPastValidity],
      effects: ['报价消息已写明有效期，过期不另行通知'],
      refusal: quotationLifecycleErrors.stillValid,
    },
    cancel: {
      label: '取消询价',
      from: [QuotationStatus.pending, QuotationStatus.quoted, QuotationStatus.accepted],
      to: QuotationStatus.cancelled,
      actors: [{ kind: ActorKind.buyer }],
      refusal: quotationErrors.notCancellable,
    },
    close: {
      label: '关闭',
      from: [QuotationStatus.pending, QuotationStatus.quoted, QuotationStatus.accepted, QuotationStatus.expired],
      to: QuotationStatus.closed,
      actors: [staffUpdate],
      effects: ['会员收到关闭原因'],
      refusal: quotationErrors.notClosable,
    },
  },
  changedMeanwhile: quotationLifecycleErrors.changedMeanwhile,
  forbidden: quotationLifecycleErrors.forbidden,
});

export type { QuotationEvent } from './quotation.ts';

/** The events the member's quotation page shows as buttons (接受报价, 去结算, 取消); the rest happen elsewhere. */
export const buyerQuotationButtons: readonly QuotationEvent[] = ['accept', 'order', 'cancel'];
/** The events the console's quotation desk shows as forms (报价, 重新报价, 关闭). */
export const staffQuotationButtons: readonly QuotationEvent[] = ['quote', 'requote', 'close'];

/** A quoted or accepted offer past its validity is shown and treated as 已过期 before the clock claims it. */
export function effectiveQuotationStatus(row: { status: QuotationStatus; validUntil: number | null }, now: number): QuotationStatus {
  const isLive = row.status === QuotationStatus.quoted || row.status === QuotationStatus.accepted;
  return isLive && row.validUntil !== null && row.validUntil < now ? QuotationStatus.expired : row.status;
}

export function quotationFactsOf(row: { status: QuotationStatus; validUntil: number | null }, now: number): QuotationFacts {
  return { state: effectiveQuotationStatus(row, now), isValid: row.validUntil !== null && row.validUntil >= now };
}

/**
 * Refusals of the member's 接受报价 and 下单 that name the state with an errorCode of its own: the
 * settlement page sends the member back to /user/quotation?problem=<errorCode>, which says why.
 */
export const quotationStateRefusals: Partial<Record<QuotationStatus, ErrorDefinition>> = {
  expired: quotationErrors.expired,
  ordered: quotationErrors.alreadyOrdered,
};
