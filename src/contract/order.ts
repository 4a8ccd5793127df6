import type { Address } from './address.ts';
import type { DraftCoupon } from './coupon.ts';
import { ResultCode } from './envelope.ts';
import type { BackOrderDate } from './backorder.ts';
import { defineErrors } from './errors.ts';
import type { InvoiceProfile, InvoiceSnapshot } from './invoice.ts';
import type { OrderApprovalView } from './order-approval.ts';
import type { DispatchWarehouse } from './warehouse.ts';

/**
 * Orders (issue 10). Unit prices are integers of 0.0001 yuan (e4, money.ts); every amount a buyer
 * pays is in cents, rounded once per line by the spec's rule (2 decimals, at least 0.01).
 */
export const OrderStatus = {
  /** 待审批: a company 采购's order above the company's approval threshold, stock held, waiting for an 审批 or 管理员 (order-approval). */
  awaitingApproval: 'awaitingApproval',
  /** 待付款: placed, stock held, waiting for payment until expiresAt. */
  unpaid: 'unpaid',
  /** 待发货: paid, nothing sent yet. */
  unshipped: 'unshipped',
  /** 部分发货: some parcels sent, units still to send. */
  partlyShipped: 'partlyShipped',
  /** 已发货: everything not refunded has been sent. */
  shipped: 'shipped',
  /** 已完成 */
  completed: 'completed',
  /** 已取消: by the buyer before payment, by staff, or on expiry; stock and coupons released once. */
  cancelled: 'cancelled',
  /** 已关闭: the whole paid amount was refunded (退款完成); nothing more is sent or invoiced. */
  closed: 'closed',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orderStatusLabels: Record<OrderStatus, string> = {
  [OrderStatus.awaitingApproval]: '待审批',
  [OrderStatus.unpaid]: '待付款',
  [OrderStatus.unshipped]: '待发货',
  [OrderStatus.partlyShipped]: '部分发货',
  [OrderStatus.shipped]: '已发货',
  [OrderStatus.completed]: '已完成',
  [OrderStatus.cancelled]: '已取消',
  [OrderStatus.closed]: '已关闭',
};

export const orderStatuses = [
  OrderStatus.awaitingApproval,
  OrderStatus.unpaid,
  OrderStatus.unshipped,
  OrderStatus.partlyShipped,
  OrderStatus.shipped,
  OrderStatus.completed,
  OrderStatus.cancelled,
  OrderStatus.closed,
] as const;

/** The member centre's order shortcuts (five; the order list has a tab for every status). */
export const orderShortcutStatuses = [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.shipped, OrderStatus.completed, OrderStatus.cancelled] as const;

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

/** Minutes an unpaid order holds its stock before it is cancelled (ORDER_PAYMENT_MINUTES). */
export const defaultPaymentMinutes = 30;
/** Lines in one order, and coupons on one order. */
export const maxOrderLines = 200;
export const maxCouponsPerOrder = 10;
/** Free shipping from this goods amount (满 99 包邮, as the banner says). */
export const freeShippingThresholdCents = 9_900;

/** When a line is short of stock: ship what is in stock now (the rest is dropped) or wait for all. */
export const ShortfallChoice = { shipAvailable: 'shipAvailable', waitForAll: 'waitForAll' } as const;
export type ShortfallChoice = (typeof ShortfallChoice)[keyof typeof ShortfallChoice];

export const PaymentMethod = {
  alipay: 'alipay',
  wechat: 'wechat',
  bankTransfer: 'bankTransfer',
  development: 'development',
  /** 月结: charged to the company's credit (features/company-credit, decision 0030). */
  onAccount: 'onAccount',
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  bankTransfer: '对公转账',
  development: '模拟支付',
  onAccount: '月结支付',
};

export const orderErrors = defineErrors('order', {
  emptySelection: { code: ResultCode.badRequest, msg: '请先在购物车中勾选要结算的商品' },
  tooManyLines: { code: ResultCode.badRequest, msg: `一个订单最多包含${maxOrderLines}种商品` },
  lineNotSold: { code: ResultCode.badRequest, msg: '部分商品已下架，请返回购物车删除后再结算' },
  notPackMultiple: { code: ResultCode.badRequest, msg: '购买数量须为包装数量的整数倍' },
  outOfStock: { code: ResultCode.conflict, msg: '商品库存不足，请修改数量或选择先发有货部分' },
  /** A program's line below the part's minimum (its first price tier). */
  belowMinimum: { code: ResultCode.badRequest, msg: '订购数量低于最小起订量' },
  addressMissing: { code: ResultCode.badRequest, msg: '请选择收货地址' },
  addressNotFound: { code: ResultCode.notFound, msg: '收货地址不存在，请重新选择' },
  carrierInvalid: { code: ResultCode.badRequest, msg: '请选择配送方式' },
  totalChanged: { code: ResultCode.conflict, msg: '订单金额已变化，请确认最新价格后重新提交' },
  notFound: { code: ResultCode.notFound, msg: '订单不存在' },
  notCancellable: { code: ResultCode.conflict, msg: '订单当前状态不可取消' },
  notReceivable: { code: ResultCode.conflict, msg: '订单当前状态不能确认收货' },
  notPayable: { code: ResultCode.conflict, msg: '订单当前状态不可支付' },
  /** The cashier's answer for an order waiting for its company's approval. */
  awaitingApproval: { code: ResultCode.conflict, msg: '订单正在等待企业审批，审批通过后才能付款' },
  notApprovable: { code: ResultCode.conflict, msg: '订单不在待审批状态' },
  idempotencyKeyReused: { code: ResultCode.conflict, msg: '该订单已提交，请勿重复提交' },
  /** Staff confirmed a bank transfer whose amount is not the order's. */
  transferAmountMismatch: { code: ResultCode.badRequest, msg: '转账金额与订单应付金额不符' },
  trackingNoMissing: { code: ResultCode.badRequest, msg: '请填写快递单号' },
  notShippable: { code: ResultCode.conflict, msg: '订单当前状态不可发货' },
  notCompletable: { code: ResultCode.conflict, msg: '订单当前状态不可确认收货' },
  notRefundable: { code: ResultCode.conflict, msg: '订单未付款或退款金额超过可退金额' },
  /** Ship what is in stock, and nothing of the selection is in stock. */
  nothingInStock: { code: ResultCode.conflict, msg: '所选商品暂无库存，请选择等待全部到货后发货' },
  /** Staff ship an order whose back-ordered units have not all arrived. */
  backOrderPending: { code: ResultCode.conflict, msg: '订单中有缺货商品尚未到货，暂不能发货' },
  /** Stock arriving: a whole number of units above zero, of a part that exists. */
  restockQuantityInvalid: { code: ResultCode.badRequest, msg: '到货数量须为大于0的整数' },
  restockProductNotFound: { code: ResultCode.notFound, msg: '到货的商品不存在' },
  /** Staff issue an invoice: the order asked for one, is paid and not cancelled, and has none yet. */
  invoiceNotRequested: { code: ResultCode.badRequest, msg: '该订单未申请开具发票' },
  invoiceNotIssuable: { code: ResultCode.conflict, msg: '订单未付款或已取消，不能开具发票' },
  invoiceAlreadyIssued: { code: ResultCode.conflict, msg: '该订单的发票已开具，请勿重复开票' },
  invoiceNumberInvalid: { code: ResultCode.badRequest, msg: '发票号码须为8至20位数字' },
  invoiceFileUrlInvalid: { code: ResultCode.badRequest, msg: '电子发票地址须以 https:// 或 / 开头' },
  /** A part shipment: lines of this order, each once, quantities whole and above zero. */
  shipmentLinesInvalid: { code: ResultCode.badRequest, msg: '请选择要发货的商品并填写大于0的整数数量' },
  /** More of a line than is in stock for it and not yet sent. */
  shipmentQuantityTooMany: { code: ResultCode.conflict, msg: '发货数量超过该商品待发数量' },
  pickupShipsWhole: { code: ResultCode.badRequest, msg: '自提订单须一次备齐全部商品' },
  /** Staff cancel an order one of whose parcels has left. */
  partlyShipped: { code: ResultCode.conflict, msg: '订单已部分发货，不能取消' },
});

/** 发票号码: 8 digits on paper invoices, 20 on 数电票 (fully digital ones); staff type what the tax system gave. */
export function isInvoiceNumber(value: string): boolean {
  return /^\d{8,20}$/.test(value);
}

export const orderMessages = {
  placed: '订单已提交',
  cancelled: '订单已取消',
  received: '已确认收货，感谢您的惠顾',
} as const;

export const orderPaths = {
  settlement: '/offer/settlement',
  list: '/user/order/list',
  cart: '/cart',
  /** GET ?status=&keyword= (the list's filter): the member's orders line by line as .xlsx (导出订单). */
  export: '/order/api/export',
} as const;

/** Lines one 导出订单 file holds at most; past it the file keeps whole orders, newest first, and says it was cut. */
export const orderExportLineLimit = 5000;

export function orderDetailPath(orderNo: string): string {
  return `/user/order/detail/${orderNo}`;
}

/** Orders per page of /user/order/list. */
export const orderListPageSize = 10;
/** Lines an order card of the list shows before "共N种商品". */
export const orderSummaryLineCount = 3;

/** How a cart line differs from what the buyer saw when it entered (or was last changed in) the cart. */
export interface LineChange {
  /** notSold: no longer priced (下架) or discontinued with no stock; the order is refused until it is removed. */
  kind: 'price' | 'packSize' | 'stock' | 'notSold';
  /** Chinese, shown beside the line: 价格已由 ¥0.0120 调整为 ¥0.0110. */
  text: string;
}

export interface SettlementLine {
  productId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  /** What the cart asks for. */
  cartQuantity: number;
  /** What the order will hold: the cart quantity, or with shipAvailable what is in stock (a pack multiple, maybe 0: dropped). */
  quantity: number;
  packSize: number;
  stock: number;
  /** cartQuantity is more than the stock. */
  isShortOfStock: boolean;
  /** The tier price for this quantity, now. */
  unitPriceE4: number;
  amountCents: number;
  /** Weight counted for freight, grams. */
  weightGrams: number;
  changes: LineChange[];
  /** The buyer's own part number (客户料号) the cart line carries; '' for none. */
  customerPartNo: string;
  /** Short of stock and its part has a factory lead time: when the rest is expected (contract/backorder.ts); else null. */
  backOrder: BackOrderDate | null;
}

export interface Carrier {
  code: string;
  name: string;
  /** 自提 has no freight and no address. */
  isPickup: boolean;
  /** 满 99 包邮 applies (delivery.ts). */
  hasFreeShipping: boolean;
  /** Chinese, one line: 满¥99包邮（偏远地区除外），3-5天送达. */
  description: string;
}

/** One order as the buyer's list and detail show it. */
export interface OrderLine {
  id: number;
  productId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  quantity: number;
  /** Taken from stock for it (sent units included); quantity - cancelledQuantity - reservedQuantity is on back order. */
  reservedQuantity: number;
  /** Units a refund took off before they were sent (不再发货). */
  cancelledQuantity: number;
  unitPriceE4: number;
  amountCents: number;
  /** The buyer's own part number (客户料号) as ordered; '' for none. */
  customerPartNo: string;
  /** 预计到货 (Beijing yyyy-MM-dd) of the units still on back order; null when none is known. */
  expectedDate: string | null;
}

/** A parcel of the order as the buyer sees it (the order may leave in several). */
export interface OrderShipment {
  id: number;
  carrierName: string;
  trackingNo: string | null;
  shippedAtStr: string;
  /** 'LM358 ×10，NE555 ×5' */
  linesText: string;
}

export interface OrderAddress {
  receiver: string;
  phone: string;
  provinceName: string;
  cityName: string;
  districtName: string;
  detail: string;
}

export interface OrderEvent {
  at: number;
  /** Beijing time, yyyy-MM-dd HH:mm:ss. */
  atStr: string;
  text: string;
}

export interface OrderSummary {
  orderNo: string;
  /** The buyer's purchase order number (采购订单号); '' for none. */
  poNumber: string;
  status: OrderStatus;
  statusLabel: string;
  createdAt: number;
  createdAtStr: string;
  lineCount: number;
  firstLines: OrderLine[];
  payableCents: number;
  /** Pieces over all lines. */
  productCount: number;
  /** For unpaid orders: when it is cancelled unless paid. */
  expiresAt: number | null;
  /** The buyer may cancel it (unpaid). */
  canCancel: boolean;
  /** The buyer may pay it (unpaid, not expired). */
  canPay: boolean;
  /** The buyer may confirm receipt (shipped); otherwise it completes by itself after the configured days. */
  canConfirmReceipt: boolean;
}

/** A coupon as the order used it, kept on the order. */
export interface OrderCoupon {
  memberCouponId: number;
  name: string;
  kind: 'goods' | 'freight';
  faceValueCents: number;
}

export interface OrderPayment {
  method: PaymentMethod;
  methodLabel: string;
  tradeNo: string | null;
  paidAt: number;
  paidAtStr: string;
}

/** A refund as the order detail lists it: 退款中 until the money is back, then 已退款. */
export interface OrderRefund {
  refundNo: string;
  amountCents: number;
  isDone: boolean;
  statusLabel: string;
  /** 原路退回, or 线下退款 for a bank transfer. */
  channelLabel: string;
  createdAt: number;
}

/** The states of an invoice once issued (contract/invoice-lifecycle.ts). */
export type IssuedInvoiceState = 'issued' | 'reversalPending' | 'reversed';

export interface IssuedInvoice {
  invoiceNumber: string;
  issuedAt: number;
  /** The electronic invoice (PDF), when staff gave one. */
  fileUrl: string | null;
  status: IssuedInvoiceState;
  /** 已开票, 待红冲, 已红冲. */
  statusLabel: string;
  /** The red-letter invoice's number, once reversed. */
  reversalNumber: string | null;
}

/** /user/order/detail/:orderNo and the cancel call's answer. */
export interface OrderDetail extends OrderSummary {
  lines: OrderLine[];
  goodsCents: number;
  freightCents: number;
  goodsDiscountCents: number;
  freightDiscountCents: number;
  /** Refunded or on its way back (a refund holds its amount while the provider works on it). */
  refundedCents: number;
  /** The refunds staff made, oldest first (failed attempts are not shown). */
  refunds: OrderRefund[];
  carrier: Carrier;
  shortfallChoice: ShortfallChoice;
  /** null for pickup. */
  address: OrderAddress | null;
  invoice: InvoiceSnapshot | null;
  /** The invoice staff issued; null while it is 待开票 (or when the order asked for none). */
  issuedInvoice: IssuedInvoice | null;
  remark: string;
  coupons: OrderCoupon[];
  payment: OrderPayment | null;
  trackingNo: string | null;
  cancelReason: string | null;
  /** The order's own timeline (placed, paid, shipped …), oldest first. */
  events: OrderEvent[];
  /** 企业审批: who must approve or who decided; null (or absent) for an order that never waited (decision 0029). */
  approval?: OrderApprovalView | null;
  /** The parcels sent so far, first sent first. */
  shipments: OrderShipment[];
}

/** /common/api/queryExpressInfo: the logistics timeline, newest first. */
export interface ExpressInfo {
  orderNo: string;
  carrierCode: string;
  carrierName: string;
  trackingNo: string | null;
  events: OrderEvent[];
}

export interface ExpressListResponse {
  carriers: Carrier[];
  freeShippingThresholdCents: number;
}

export interface BuyAgainResponse {
  /** Lines put in the cart (added to what was there). */
  addedCount: number;
  /** Lines no longer sold, or whose quantity could not be added; reason in Chinese. */
  skipped: { productCode: string; reason: string }[];
  cartCount: number;
}

export interface OrderListData {
  orders: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
  status: OrderStatus | null;
  keyword: string;
  countsByStatus: Record<OrderStatus, number>;
}

/** The preview call's answer: the selected cart lines priced for a carrier, address, shortfall choice and coupons. */
export interface SettlementPricing {
  lines: SettlementLine[];
  /** Lines at tier prices (after the shortfall choice). */
  goodsCents: number;
  /** Some line asks for more than the stock: the buyer chooses a ShortfallChoice. */
  hasShortfall: boolean;
  shortfallChoice: ShortfallChoice;
  carrierCode: string;
  addressId: number | null;
  weightGrams: number;
  /** Before freight coupons. */
  freightCents: number;
  isFreeShipping: boolean;
  /** 满¥99包邮 / 首重1kg ¥8.00，续重每kg ¥2.00（约0.25kg）; '' until an address is chosen. */
  freightNote: string;
  /** The member's unused coupons judged against this draft. */
  coupons: DraftCoupon[];
  /** The coupons applied: the best combination unless the request chose. */
  memberCouponIds: number[];
  goodsDiscountCents: number;
  freightDiscountCents: number;
  /** goods - goods discount + freight - freight discount: what placement charges to the fen. */
  payableCents: number;
}

/** The checkout page's state: the selected cart lines priced now, and the buyer's choices to make. */
export interface SettlementData extends SettlementPricing {
  carriers: Carrier[];
  /** The warehouses the lines' units lie in, each with its same-day cut-off (site facts). */
  dispatchWarehouses: DispatchWarehouse[];
  addresses: Address[];
  invoiceProfiles: InvoiceProfile[];
  /** Minutes the buyer has to pay once placed (待付款). */
  paymentMinutes: number;
  /** The page sends this back with the order; placement refuses when it no longer matches. */
  quotedPayableCents: number;
  /** A fresh key for this page view: a double click or a retried request makes one order. */
  idempotencyKey: string;
  /**
   * Checking out an accepted offer (/offer/settlement?quotationId=N): its lines at the quoted prices
   * and whole quoted quantities, not the cart; leadTimes: the delivery time quoted per product (2周).
   */
  quotation?: { id: number; quotationNo: string; leadTimes: { productId: number; leadTime: string }[] };
}

/** What the buyer sees after placing: go and pay (or the bank details). */
export interface PlacedOrder {
  orderNo: string;
  payableCents: number;
  expiresAt: number | null;
  status: OrderStatus;
}
