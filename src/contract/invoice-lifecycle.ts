import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { OrderStatus, orderErrors } from './order.ts';

/**
 * The invoice an order asked for: 待开票 → 已开票 → (the order cancelled or refunded in full) 待红冲
 * → 已红冲. An order cancelled or closed before it was issued withdraws it (不开具). 待开票 and 不开具
 * are read from the order (no invoice row yet); the others are order_invoices.status.
 */
export const InvoiceState = {
  requested: 'requested',
  issued: 'issued',
  reversalPending: 'reversalPending',
  reversed: 'reversed',
  withdrawn: 'withdrawn',
} as const;
export type InvoiceState = (typeof InvoiceState)[keyof typeof InvoiceState];

export const invoiceStateLabels: Readonly<Record<InvoiceState, string>> = {
  requested: '待开票',
  issued: '已开票',
  reversalPending: '待红冲',
  reversed: '已红冲',
  withdrawn: '不开具',
};

export interface InvoiceFacts {
  state: InvoiceState;
  orderState: OrderStatus;
  /** 数电票 (a 20-digit number) is a file: it cannot be registered without its PDF. */
  isDigitalWithoutFile: boolean;
}

export const invoiceErrors = defineErrors('invoice', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '发票状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  fileMissing: { code: ResultCode.badRequest, msg: '数电票须上传电子发票PDF，请等待上传完成后再登记' },
  notReversible: { code: ResultCode.conflict, msg: '发票当前状态不能红冲' },
  reversalNumberInvalid: { code: ResultCode.badRequest, msg: '红字发票号码须为8至20位数字' },
});

const paidOrderStates: readonly OrderStatus[] = [OrderStatus.unshipped, OrderStatus.partlyShipped, OrderStatus.shipped, OrderStatus.completed];

const isOrderPaid: Guard<InvoiceFacts> = {
  name: 'isOrderPaid',
  description: '订单已付款且未取消、未全额退款',
  holds: (facts) => paidOrderStates.includes(facts.orderState),
  refusal: '订单尚未付款，不能开具发票',
};

const hasItsFile: Guard<InvoiceFacts> = {
  name: 'hasItsFile',
  description: '数电票须附电子发票PDF',
  holds: (facts) => !facts.isDigitalWithoutFile,
  refusal: invoiceErrors.fileMissing.msg,
};

export const invoiceLifecycle = defineLifecycle({
  name: 'invoice',
  title: '发票',
  initial: InvoiceState.requested,
  states: {
    requested: { label: invoiceStateLabels.requested, refusalName: '发票尚未开具' },
    issued: { label: invoiceStateLabels.issued, refusalName: '发票已开具' },
    reversalPending: { label: invoiceStateLabels.reversalPending, refusalName: '发票待红冲' },
    reversed: { label: invoiceStateLabels.reversed, refusalName: '发票已红冲', isFinal: true },
    withdrawn: { label: invoiceStateLabels.withdrawn, refusalName: '订单已取消或已全额退款', isFinal: true },
  },
  events: {
    issue: {
      label: '开具发票',
      from: [InvoiceState.requested],
      to: InvoiceState.issued,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Invoice' }],
      guards: [isOrderPaid, hasItsFile],
      effects: ['每个订单一张（order_invoices.order_id 唯一）', '买家收到发票消息'],
      refusal: orderErrors.invoiceNotIssuable,
    },
    withdraw: {
      label: '撤销开票申请',
      from: [InvoiceState.requested],
      to: InvoiceState.withdrawn,
      actors: [
        { kind: ActorKind.buyer },
        { kind: ActorKind.clock },
        { kind: ActorKind.staff, action: 'update', subject: 'Order' },
        { kind: ActorKind.staff, action: 'create', subject: 'Refund' },
      ],
      effects: ['订单取消或全额退款时随之发生（由订单状态读出，不写发票行）'],
      refusal: orderErrors.invoiceNotIssuable,
    },
    requireReversal: {
      label: '转为待红冲',
      from: [InvoiceState.issued],
      to: InvoiceState.reversalPending,
      actors: [
        { kind: ActorKind.staff, action: 'update', subject: 'Order' },
        { kind: ActorKind.staff, action: 'create', subject: 'Refund' },
      ],
      effects: ['已付款订单被取消或全额退款时，与订单的变化在同一事务中', '买家收到发票消息'],
      refusal: invoiceErrors.notReversible,
    },
    reverse: {
      label: '登记红冲',
      from: [InvoiceState.reversalPending],
      to: InvoiceState.reversed,
      actors: [{ kind: ActorKind.staff, action: 'create', subject: 'Invoice' }],
      effects: ['记录红字发票号码', '买家收到发票消息'],
      refusal: invoiceErrors.notReversible,
    },
  },
  changedMeanwhile: invoiceErrors.changedMeanwhile,
  forbidden: invoiceErrors.forbidden,
});

export type InvoiceLifecycleEvent = (typeof invoiceLifecycle.eventNames)[number];

/** 发票号码: 8 digits on paper invoices, 20 on 数电票 (fully digital ones). */
export function isDigitalInvoiceNumber(invoiceNumber: string): boolean {
  return /^\d{20}$/.test(invoiceNumber);
}

/**
 * An order's invoice state, read the same way by the order feature and the company's 公司发票: the recorded
 * invoice's once there is one (null: none recorded), else 不开具 when the order was cancelled or closed, 待开票
 * while it may still be issued.
 */
export function invoiceStateOf(orderStatus: OrderStatus, recorded: InvoiceState | null): InvoiceState {
  if (recorded !== null) return recorded;
  return orderStatus === OrderStatus.cancelled || orderStatus === OrderStatus.closed ? InvoiceState.withdrawn : InvoiceState.requested;
}
