import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * After-sales complaints (issue 10, /user/feedback): a member complains about one line of a shipped
 * or completed order, with photos; staff reply and move it through its statuses.
 */
export const ComplaintStatus = {
  /** 待处理: filed, no one has taken it yet. */
  pending: 'pending',
  /** 处理中 */
  processing: 'processing',
  /** 已解决 */
  resolved: 'resolved',
  /** 已关闭: withdrawn by the member or closed by staff; final. */
  closed: 'closed',
} as const;
export type ComplaintStatus = (typeof ComplaintStatus)[keyof typeof ComplaintStatus];

export const complaintStatuses = [ComplaintStatus.pending, ComplaintStatus.processing, ComplaintStatus.resolved, ComplaintStatus.closed] as const;

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  pending: '待处理',
  processing: '处理中',
  resolved: '已解决',
  closed: '已关闭',
};

/** A line has at most one complaint in these statuses at a time. */
export const openComplaintStatuses: readonly ComplaintStatus[] = [ComplaintStatus.pending, ComplaintStatus.processing];

export function isComplaintStatus(value: string): value is ComplaintStatus {
  return (complaintStatuses as readonly string[]).includes(value);
}

export function isOpenComplaint(status: ComplaintStatus): boolean {
  return openComplaintStatuses.includes(status);
}

/**
 * What staff may do from each status. A resolved complaint may be reopened (处理中) when the member
 * comes back within the window; closed is final.
 */
export const staffTransitions: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  pending: [ComplaintStatus.processing, ComplaintStatus.resolved, ComplaintStatus.closed],
  processing: [ComplaintStatus.resolved, ComplaintStatus.closed],
  resolved: [ComplaintStatus.processing, ComplaintStatus.closed],
  closed: [],
};

export function canStaffMove(from: ComplaintStatus, to: ComplaintStatus): boolean {
  return staffTransitions[from].includes(to);
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
} as const;

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
} as const;

export const complaintErrors = defineErrors('complaint', {
  notFound: { code: ResultCode.notFound, msg: '投诉不存在' },
  lineNotFound: { code: ResultCode.notFound, msg: '订单商品不存在' },
  /** The order is not shipped or completed, or its window has passed. */
  lineNotEligible: { code: ResultCode.conflict, msg: '该订单当前状态不可申请售后（仅已发货或完成30天内的订单可申请）' },
  alreadyOpen: { code: ResultCode.conflict, msg: '该商品已有处理中的投诉，请在原投诉中补充说明' },
  notOpen: { code: ResultCode.conflict, msg: '投诉已结束，不能再补充或撤销' },
  transitionInvalid: { code: ResultCode.conflict, msg: '投诉当前状态不可进行此操作' },
  /** The status the staff member acted on was changed by someone else meanwhile. */
  changedMeanwhile: { code: ResultCode.conflict, msg: '投诉状态已被他人更改，请刷新后重试' },
  staffReplyInvalid: { code: ResultCode.badRequest, msg: `请填写回复内容，不超过${String(complaintLimits.replyMax)}个字` },
  staffNameMissing: { code: ResultCode.badRequest, msg: '请填写客服姓名' },
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

export interface ComplaintDetail extends ComplaintSummary {
  brandName: string;
  package: string;
  quantity: number;
  photos: ComplaintPhoto[];
  replies: ComplaintReply[];
  /** The member may still add information or withdraw it. */
  isOpen: boolean;
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
