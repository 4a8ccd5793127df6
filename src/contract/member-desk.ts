import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { StaffHomePageData } from './staff.ts';
import { gridBulkMax, type GridPage } from './staff-grid.ts';
import type { ContactMessage } from './contact.ts';
import type { SupplierApplication } from './supplier.ts';

/** 会员管理, 专属销售, 联系留言, 供应商审核: the console's members and service desk (issue 14). */

export const memberDeskLimits = {
  /** Members assigned to a rep in one bulk action. */
  bulkMax: 500,
  noteMax: 200,
  /** Rows of each list in a member's detail (newest first). */
  detailRows: 50,
} as const;

export const memberDeskMessages = {
  memberMissing: '会员不存在',
  disabled: '会员已停用，其登录状态已全部退出',
  enabled: '会员已启用',
  alreadyDisabled: '该会员已是停用状态',
  alreadyEnabled: '该会员已是启用状态',
  repMissing: '专属销售不存在',
  repAssigned: '已分配专属销售',
  repRemoved: '已取消专属销售',
  membersMissing: '请选择会员',
  tooMany: `一次最多操作${String(memberDeskLimits.bulkMax)}位会员`,
  notSalesStaff: '只有销售/报价角色的员工可以做专属销售',
  repSaved: '专属销售资料已保存',
  repNameMissing: '请填写销售姓名',
  repMobileInvalid: '请填写正确的手机号',
  notYourMember: '该会员不是您的专属客户',
  notARep: '您还不是专属销售',
  noteLong: `备注不能超过${String(memberDeskLimits.noteMax)}个字`,
  handled: '留言已标记为已处理',
  approved: '供应商申请已通过',
  rejected: '供应商申请已驳回',
  documentMissing: '文件不存在',
  reasonMissing: '请填写原因',
  reasonLong: `原因不能超过${String(memberDeskLimits.noteMax)}个字`,
  bulkTooMany: `一次最多选择${String(gridBulkMax)}位会员`,
} as const;

/** GET: the members grid as Excel, ?q= its filters and sort (registerStaffExport). */
export const memberExportPath = '/admin/api/members/export';

export const memberDeskErrors = defineErrors('memberDesk', {
  memberMissing: { code: ResultCode.notFound, msg: memberDeskMessages.memberMissing },
  alreadyDisabled: { code: ResultCode.conflict, msg: memberDeskMessages.alreadyDisabled },
  alreadyEnabled: { code: ResultCode.conflict, msg: memberDeskMessages.alreadyEnabled },
  repMissing: { code: ResultCode.notFound, msg: memberDeskMessages.repMissing },
  notSalesStaff: { code: ResultCode.badRequest, msg: memberDeskMessages.notSalesStaff },
  notYourMember: { code: ResultCode.forbidden, msg: memberDeskMessages.notYourMember },
  notARep: { code: ResultCode.forbidden, msg: memberDeskMessages.notARep },
  documentMissing: { code: ResultCode.notFound, msg: memberDeskMessages.documentMissing },
});

/** A row of the members grid. */
export interface MemberDeskRow {
  userId: number;
  userNumber: string;
  nickName: string;
  phone: string;
  levelName: string;
  /** 累计消费: what the member's deals came to, paid less refunded (orders paid, neither cancelled, closed nor refunded in full). */
  paidCents: number;
  /** 成交订单数: those deals, counted. */
  orderCount: number;
  isDisabled: boolean;
  repName: string;
  registeredAtStr: string;
}

export const memberSortColumns = ['registered', 'paidTotal'] as const;
export type MemberSortColumn = (typeof memberSortColumns)[number];

export interface MemberDeskAddress {
  id: number;
  name: string;
  phone: string;
  address: string;
  isDefault: boolean;
}

export interface MemberDeskOrder {
  orderNo: string;
  statusLabel: string;
  payableCents: number;
  refundedCents: number;
  createdAtStr: string;
  paidAtStr: string;
}

export interface MemberDeskCoupon {
  name: string;
  statusLabel: string;
  validUntilStr: string;
}

export interface MemberDeskLogin {
  methodLabel: string;
  ip: string;
  userAgent: string;
  atStr: string;
}

export interface MemberDeskDetail {
  member: MemberDeskRow & { email: string; company: string; job: string; inviter: string; disabledAtStr: string };
  addresses: MemberDeskAddress[];
  orders: MemberDeskOrder[];
  coupons: MemberDeskCoupon[];
  logins: MemberDeskLogin[];
  rep: SalesRepRow | null;
}

/** A dedicated rep: a sales-role staff account with the card the shop shows its members. */
export interface SalesRepRow {
  repId: number;
  staffId: number | null;
  staffName: string;
  operatorName: string;
  operatorMobile: string;
  operatorQq: string;
  operatorWechat: string;
  memberCount: number;
}

/** A sales-role staff member who may be made a rep (with their rep row when they are one). */
export interface SalesStaffChoice {
  staffId: number;
  displayName: string;
  repId: number | null;
}

/** What a rep sees of one of their members (read only). */
export interface RepMemberView {
  member: { userId: number; userNumber: string; nickName: string; phone: string };
  cart: { productCode: string; quantity: number; addedAtStr: string }[];
  boms: { id: number; name: string; lineCount: number; matchedCount: number; totalCents: number; updatedAtStr: string }[];
  orders: MemberDeskOrder[];
}

export interface RepMemberRow {
  userId: number;
  userNumber: string;
  nickName: string;
  phone: string;
  cartLines: number;
  bomCount: number;
  /** The member's deals (paid, neither cancelled, closed nor refunded in full). */
  orderCount: number;
}

export const contactSortColumns = ['created'] as const;
export const supplierSortColumns = ['created'] as const;

/** A row of 联系留言, with what staff noted when they handled it. */
export interface ContactDeskRow extends ContactMessage {
  handledNote: string;
  createdAtStr: string;
  handledAtStr: string;
}

export interface SupplierDeskRow {
  id: number;
  applicationNo: string;
  companyName: string;
  contactName: string;
  phone: string;
  statusLabel: string;
  status: string;
  createdAtStr: string;
  reviewer: string;
}

/** An application for staff: its documents are served by the console only (supplierDocumentPath). */
export type SupplierDeskDetail = SupplierApplication;

export const supplierDocumentPath = '/admin/member-desk/supplier-document';
/** GET: the supplier applications grid as Excel, ?q= its filters and sort. */
export const supplierExportPath = '/admin/api/supplier-applications/export';

export function supplierDocumentHref(applicationId: number, position: number): string {
  return `${supplierDocumentPath}/${String(applicationId)}/${String(position)}`;
}

export interface MemberDeskPageData extends StaffHomePageData {
  initial: GridPage<MemberDeskRow>;
  reps: SalesRepRow[];
  salesStaff: SalesStaffChoice[];
  /** The staff member's own rep row, when they are a rep: they see their members' carts, BOMs and orders. */
  myMembers: RepMemberRow[] | null;
}

export interface MemberDetailPageData extends StaffHomePageData {
  detail: MemberDeskDetail | null;
  repView: RepMemberView | null;
}

export interface ContactDeskPageData extends StaffHomePageData {
  initial: GridPage<ContactDeskRow>;
}

export interface SupplierDeskPageData extends StaffHomePageData {
  initial: GridPage<SupplierDeskRow>;
  detail: SupplierDeskDetail | null;
}
