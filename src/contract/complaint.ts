import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { WarehouseFact } from './warehouse.ts';

/**
 * After-sales complaints (issue 10, /user/feedback): a member complains about one line of a shipped
 * or completed order, with photos; staff reply, and the case goes through its declared lifecycle
 * (complaint-lifecycle.ts: a return, a refund through the order, a replacement, or a settlement).
 */
export const ComplaintStatus = {
  /** 待处理: filed, no one has taken it yet. */
  pending: 'pending',
  /** 处理中 */
  processing: 'processing',
  /** 待退货: staff authorised a return (RMA number and return address sent to the member). */
  returnAuthorised: 'returnAuthorised',
  /** 退货中: the member sent the parcel back and entered its tracking number. */
  returnShipped: 'returnShipped',
  /** 已收货: the warehouse has the returned parts. */
  goodsReceived: 'goodsReceived',
  /** 已退款: refunded through the order (the refund's own status says whether the money is back). */
  refunded: 'refunded',
  /** 已换货: a replacement (or the missing parts) went out. */
  replaced: 'replaced',
  /** 已解决: settled without a return (an explanation, a compensation). */
  resolved: 'resolved',
  /** 已驳回: staff found no fault, with their reason. */
  rejected: 'rejected',
  /** 已关闭: withdrawn by the member, closed by staff, or an authorised return never sent; final. */
  closed: 'closed',
} as const;
export type ComplaintStatus = (typeof ComplaintStatus)[keyof typeof ComplaintStatus];

/** The events of the after-sales lifecycle (complaint-lifecycle.ts declares each; its table must name exactly these). */
export const complaintEvents = [
  'takeUp',
  'authoriseReturn',
  'shipReturn',
  'receiveGoods',
  'refund',
  'replace',
  'resolve',
  'reject',
  'withdraw',
  'close',
  'reopen',
  'expireReturn',
] as const;
export type ComplaintLifecycleEvent = (typeof complaintEvents)[number];

export const complaintStatuses = [
  ComplaintStatus.pending,
  ComplaintStatus.processing,
  ComplaintStatus.returnAuthorised,
  ComplaintStatus.returnShipped,
  ComplaintStatus.goodsReceived,
  ComplaintStatus.refunded,
  ComplaintStatus.replaced,
  ComplaintStatus.resolved,
  ComplaintStatus.rejected,
  ComplaintStatus.closed,
] as const;

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  pending: '待处理',
  processing: '处理中',
  returnAuthorised: '待退货',
  returnShipped: '退货中',
  goodsReceived: '已收货',
  refunded: '已退款',
  replaced: '已换货',
  resolved: '已解决',
  rejected: '已驳回',
  closed: '已关闭',
};

/**
 * A line has at most one complaint in these statuses at a time (complaints_open_line); the member may
 * add information to it. The settled ones (已退款, 已换货, 已解决, 已驳回) are not open.
 */
export const openComplaintStatuses: readonly ComplaintStatus[] = [
  ComplaintStatus.pending,
  ComplaintStatus.processing,
  ComplaintStatus.returnAuthorised,
  ComplaintStatus.returnShipped,
  ComplaintStatus.goodsReceived,
];

export function isComplaintStatus(value: string): value is ComplaintStatus {
  return (complaintStatuses as readonly string[]).includes(value);
}

export function isOpenComplaint(status: ComplaintStatus): boolean {
  return openComplaintStatuses.includes(status);
}

export const ComplaintType = {
  wrongPart: 'wrongPart',
  damaged: 'damaged',
  quantity: 'quantity',
  quality: 'quality',
  other: 'other',
} as const;
export type ComplaintType = (typeof ComplaintType)[keyof typeof ComplaintType];

export const complaintTypes = [ComplaintType.wrongPart, ComplaintType.damaged, ComplaintType.quantity, ComplaintType.quality, ComplaintType.other] as const;

export const complaintTypeLabels: Record<ComplaintType, string> = {
  wrongPart: '发错型号',
  damaged: '商品损坏',
  quantity: '数量不符',
  quality: '质量问题',
  other: '其他',
};

export function isComplaintType(value: string): value is ComplaintType {
  return (complaintTypes as readonly string[]).includes(value);
}

export const complaintLimits = {
  descriptionMin: 10,
  descriptionMax: 500,
  replyMax: 500,
  photosMax: 5,
  /** A completed order takes complaints for this many days after completion; a shipped one until then. */
  completedWindowDays: 30,
  /** Eligible orders the form offers, newest first. */
  eligibleOrdersMax: 50,
  /** An authorised return not sent back within this many days closes by itself (the clock's expireReturn). */
  returnShipDays: 7,
  returnAddressMax: 200,
  trackingNoMax: 64,
} as const;

/**
 * Where returns go unless staff type another address when they authorise one: the first active
 * warehouse (the one source of site facts: the warehouse table), '' when there is none. The complaint
 * keeps the address it was given.
 */
export function defaultReturnAddressOf(warehouses: readonly Pick<WarehouseFact, 'name' | 'address'>[]): string {
  const first = warehouses[0];
  return first ? `${first.address} ${first.name} 售后组（收），请在包裹内附上退货单号` : '';
}

/** The carriers a member may send a return with; the name is what the complaint records. */
export const returnCarrierNames = ['顺丰速运', '京东快递', '中通快递', '圆通速递', '韵达快递', '申通快递', '中国邮政EMS', '德邦快递', '其他快递'] as const;

export function isReturnCarrierName(value: string): boolean {
  return (returnCarrierNames as readonly string[]).includes(value);
}

/** The RMA number the member writes on the returned parcel: RMA + the complaint number's digits. */
export function rmaNoOf(complaintNo: string): string {
  return `RMA${complaintNo.replace(/^TS/, '')}`;
}

/** The refund number of a complaint's refund: one per complaint, so two staff refunding at once make one refund. */
export function complaintRefundNoOf(complaintNo: string): string {
  return `${complaintNo}R`;
}

/** What a refund of `quantity` of the line's units gives back by default: the line amount's share, rounded to the cent. */
export function lineShareCents(line: { amountCents: number; quantity: number }, quantity: number): number {
  if (line.quantity <= 0) return 0;
  return Math.round((line.amountCents * Math.min(quantity, line.quantity)) / line.quantity);
}

/** Complaints per page of /user/feedback. */
export const complaintListPageSize = 10;

export const complaintMessages = {
  typeMissing: '请选择问题类型',
  lineMissing: '请选择要投诉的订单商品',
  descriptionMissing: '请填写问题描述',
  descriptionShort: `问题描述至少${String(complaintLimits.descriptionMin)}个字`,
  descriptionLong: `问题描述不能超过${String(complaintLimits.descriptionMax)}个字`,
  tooManyPhotos: `最多上传${String(complaintLimits.photosMax)}张图片`,
  replyMissing: '请填写补充说明',
  replyLong: `补充说明不能超过${String(complaintLimits.replyMax)}个字`,
  statusInvalid: '投诉状态有误',
  created: '投诉已提交，客服将尽快处理',
  replied: '补充说明已提交',
  closed: '投诉已撤销',
  returnShipped: '退货快递已登记',
  reopened: '投诉已重新打开',
} as const;

export const complaintErrors = defineErrors('complaint', {
  notFound: { code: ResultCode.notFound, msg: '投诉不存在' },
  lineNotFound: { code: ResultCode.notFound, msg: '订单商品不存在' },
  /** The order is not shipped or completed, or its window has passed. */
  lineNotEligible: { code: ResultCode.conflict, msg: '该订单当前状态不可申请售后（仅已发货或完成30天内的订单可申请）' },
  alreadyOpen: { code: ResultCode.conflict, msg: '该商品已有处理中的投诉，请在原投诉中补充说明' },
  notOpen: { code: ResultCode.conflict, msg: '投诉已结束，不能再补充或撤销' },
  /** A staff event the complaint's state does not allow (the message names the state: 投诉已关闭，不能回复). */
  transitionInvalid: { code: ResultCode.conflict, msg: '投诉当前状态不可进行此操作' },
  /** A member event the complaint's state does not allow (投诉已退款，不能撤销). */
  memberTransitionInvalid: { code: ResultCode.conflict, msg: '投诉当前状态不可进行此操作' },
  /** The status the page showed was changed by someone else meanwhile. */
  changedMeanwhile: { code: ResultCode.conflict, msg: '投诉状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有权限执行此操作' },
  staffReplyInvalid: { code: ResultCode.badRequest, msg: `请填写回复内容，不超过${String(complaintLimits.replyMax)}个字` },
  staffNameMissing: { code: ResultCode.badRequest, msg: '请填写客服姓名' },
  /** Reopening or acting on a line whose order no longer takes complaints. */
  windowPassed: { code: ResultCode.conflict, msg: '该订单已超过售后期限，不能重新处理' },
  returnQuantityInvalid: { code: ResultCode.badRequest, msg: '退货数量须为1至订单数量之间的整数' },
  returnAddressMissing: { code: ResultCode.badRequest, msg: `请填写退货地址，不超过${String(complaintLimits.returnAddressMax)}个字` },
  returnCarrierInvalid: { code: ResultCode.badRequest, msg: '请选择退货快递公司' },
  returnTrackingMissing: { code: ResultCode.badRequest, msg: `请填写退货快递单号，不超过${String(complaintLimits.trackingNoMax)}个字符` },
  reasonMissing: { code: ResultCode.badRequest, msg: '请填写原因，会员将看到这段说明' },
  /** A refund the order cannot give (nothing left to refund, or more than what is left). */
  refundInvalid: { code: ResultCode.conflict, msg: '退款金额超过订单可退金额' },
  /** 关闭 while the complaint's refund failed: it is still owed (retried by the refund's own lifecycle). */
  refundOwed: { code: ResultCode.conflict, msg: '退款尚未成功，请在订单中重新退款后再关闭' },
  returnNotOverdue: { code: ResultCode.conflict, msg: '退货期限未到' },
});

/** Counted in characters as the member sees them (code points), after trimming. */
export function textLength(value: string): number {
  return Array.from(value).length;
}

/** '' when the description may be submitted, else the message (the form shows the same). */
export function descriptionProblem(description: string): string {
  const length = textLength(description.trim());
  if (length === 0) return complaintMessages.descriptionMissing;
  if (length < complaintLimits.descriptionMin) return complaintMessages.descriptionShort;
  if (length > complaintLimits.descriptionMax) return complaintMessages.descriptionLong;
  return '';
}

export function replyProblem(text: string): string {
  const length = textLength(text.trim());
  if (length === 0) return complaintMessages.replyMissing;
  if (length > complaintLimits.replyMax) return complaintMessages.replyLong;
  return '';
}

export interface ComplaintPhoto {
  key: string;
  url: string;
}

export interface ComplaintReply {
  id: number;
  author: 'member' | 'staff';
  /** The staff member's name; '' for the member. */
  staffName: string;
  text: string;
  at: number;
  atStr: string;
}

export interface ComplaintSummary {
  id: number;
  complaintNo: string;
  orderNo: string;
  orderLineId: number;
  productCode: string;
  productName: string;
  type: ComplaintType;
  typeLabel: string;
  status: ComplaintStatus;
  statusLabel: string;
  description: string;
  photoCount: number;
  createdAt: number;
  createdAtStr: string;
  updatedAt: number;
  updatedAtStr: string;
}

/** The return, refund and replacement of a complaint, as far as they went (null: not yet). */
export interface ComplaintAftersales {
  /** Given when staff authorise a return: the member writes it on the parcel. */
  rmaNo: string | null;
  returnAddress: string | null;
  returnQuantity: number | null;
  /** 待退货: the day the parcel must be sent by, else the complaint closes. */
  returnDueStr: string | null;
  returnCarrierName: string | null;
  returnTrackingNo: string | null;
  returnShippedAtStr: string | null;
  goodsReceivedAtStr: string | null;
  refundNo: string | null;
  refundCents: number | null;
  /** The refund's own status (退款中, 已退款, 退款失败), '' before a refund. */
  refundStatusLabel: string;
  replaceCarrierName: string | null;
  replaceTrackingNo: string | null;
}

export interface ComplaintDetail extends ComplaintSummary {
  brandName: string;
  package: string;
  quantity: number;
  photos: ComplaintPhoto[];
  replies: ComplaintReply[];
  /** The member may still add information (open statuses). */
  isOpen: boolean;
  aftersales: ComplaintAftersales;
  /** What the member may do now (the lifecycle's events for the buyer): the page's buttons. */
  events: ComplaintLifecycleEvent[];
}

export interface ComplaintListData {
  status: ComplaintStatus | null;
  page: number;
  pageSize: number;
  total: number;
  complaints: ComplaintSummary[];
  counts: Record<ComplaintStatus, number>;
}

/** A line the member may complain about, with whether a complaint on it is open. */
export interface ComplainableLine {
  id: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  quantity: number;
  /** The open complaint's id, if the line has one. */
  openComplaintId: number | null;
}

export interface ComplainableOrder {
  orderNo: string;
  statusLabel: string;
  createdAtStr: string;
  lines: ComplainableLine[];
}

export const complaintPaths = {
  list: '/user/feedback',
} as const;

export function complaintDetailPath(id: number): string {
  return `/user/feedback/${String(id)}`;
}

/** The new-complaint form, opened for one line (the order detail links here). */
export function newComplaintPath(orderNo: string, lineId?: number): string {
  const query = new URLSearchParams({ orderNo });
  if (lineId !== undefined) query.set('lineId', String(lineId));
  return `${complaintPaths.list}?${query.toString()}#new`;
}
