import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { CompanyOrderFilter } from './order-approval.ts';
import type { OrderStatus } from './order.ts';

/**
 * 企业账户 (issue 28): a company with sub-accounts. A member creates it and becomes its 管理员; the
 * 管理员 invites phone numbers with a role; the invited member accepts or declines in the member
 * centre. A member belongs to at most one company; a member without one works as before.
 * Not to be confused with invoice titles (contract/invoice.ts, features/invoice/company.*).
 */
export const companyPath = '/user/company';
export const companyOrdersPath = '/user/company/orders';

export const companyRoles = ['admin', 'buyer', 'approver', 'finance'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const companyRoleLabels: Record<CompanyRole, string> = {
  admin: '管理员',
  buyer: '采购',
  approver: '审批',
  finance: '财务',
};

/** What each role is for, shown beside the role picker (the rules themselves: company-account-permissions.ts). */
export const companyRoleHints: Record<CompanyRole, string> = {
  admin: '管理企业信息、成员和邀请，查看企业订单和发票，维护企业常购清单',
  buyer: '下单采购，维护企业常购清单',
  approver: '查看企业订单和常购清单（只读）',
  finance: '查看企业订单、发票和常购清单（只读）',
};

export function isCompanyRole(value: string): value is CompanyRole {
  return (companyRoles as readonly string[]).includes(value);
}

export const companyLimits = {
  nameMax: 60,
  contactNameMax: 20,
  contactPhoneMax: 20,
  /** Members and pending invitations together. */
  membersMax: 200,
  pendingInvitationsMax: 50,
} as const;

export const companyMessages = {
  created: '企业账户已创建，您是企业管理员',
  invited: '邀请已发送',
  invitationCancelled: '邀请已撤回',
  accepted: '已加入企业',
  declined: '已拒绝邀请',
  roleChanged: '角色已修改',
  memberRemoved: '成员已移除',
  left: '已退出企业',
  updated: '企业信息已保存',
  thresholdSaved: '审批金额已保存',
  thresholdInvalid: '审批金额须为大于 0 的金额，最多两位小数',
  nameMissing: '请输入企业名称',
  nameTooLong: `企业名称不能超过${companyLimits.nameMax}个字`,
  contactNameTooLong: `联系人不能超过${companyLimits.contactNameMax}个字`,
  contactPhoneInvalid: '联系电话只能包含数字、空格、“-”和“+”，5至20位',
  roleMissing: '请选择角色',
} as const;

export const companyErrors = defineErrors('company', {
  alreadyInCompany: { code: ResultCode.conflict, msg: '您已属于一个企业账户，一个会员只能加入一个企业' },
  creditCodeTaken: { code: ResultCode.conflict, msg: '该统一社会信用代码已开通企业账户，请联系贵司管理员邀请您加入' },
  notInCompany: { code: ResultCode.forbidden, msg: '您还没有加入企业账户' },
  /** The member's role may not do this (company-account-permissions.ts). */
  forbidden: { code: ResultCode.forbidden, msg: '您在企业中的角色无权进行此操作' },
  memberNotFound: { code: ResultCode.notFound, msg: '该成员不在企业中，请刷新页面' },
  lastAdmin: { code: ResultCode.conflict, msg: '企业至少需要一位管理员，请先指定其他管理员' },
  selfInvite: { code: ResultCode.badRequest, msg: '不能邀请自己' },
  alreadyMember: { code: ResultCode.conflict, msg: '该手机号的会员已是本企业成员' },
  alreadyInvited: { code: ResultCode.conflict, msg: '已向该手机号发出邀请，请等待对方处理' },
  tooManyMembers: { code: ResultCode.badRequest, msg: `企业成员和待处理邀请合计不能超过${companyLimits.membersMax}个` },
  tooManyInvitations: { code: ResultCode.badRequest, msg: `待处理的邀请不能超过${companyLimits.pendingInvitationsMax}个` },
  invitationNotFound: { code: ResultCode.notFound, msg: '邀请不存在或已失效，请刷新页面' },
  /** Accepted, declined or withdrawn already (another tab, the admin, a moment ago). */
  invitationNotPending: { code: ResultCode.conflict, msg: '该邀请已处理或已撤回，请刷新页面' },
});

export interface CompanyView {
  companyId: number;
  name: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  /** 审批金额 in cents: a 采购's order payable above it waits for approval; null: no approval (decision 0029). */
  approvalThresholdCents: number | null;
  createdAt: number;
  createdAtStr: string;
}

export interface CompanyMemberView {
  userId: number;
  displayName: string;
  maskedPhone: string;
  role: CompanyRole;
  joinedAtStr: string;
  isMe: boolean;
}

/** A pending invitation, as the company's 管理员 sees it. */
export interface CompanyInvitationView {
  invitationId: number;
  maskedPhone: string;
  role: CompanyRole;
  invitedByName: string;
  createdAtStr: string;
  /** Past its seven days (company-invitation-lifecycle.ts): 已过期, no longer shown to the invitee; may be invited again. */
  isExpired: boolean;
  expiresAtStr: string;
}

/** A pending invitation to the member's own phone. */
export interface MyCompanyInvitation {
  invitationId: number;
  companyName: string;
  role: CompanyRole;
  invitedByName: string;
  createdAtStr: string;
}

/** What the member's role lets the page offer (the server checks each call again). */
export interface CompanyAbilities {
  canManage: boolean;
  canSeeOrders: boolean;
  /** 公司发票 (管理员, 财务). */
  canSeeInvoices: boolean;
  canChangeLists: boolean;
  /** 批准/驳回 orders waiting for approval (审批, 管理员). */
  canApprove: boolean;
  /** Set the 审批金额 (管理员). */
  canSetThreshold: boolean;
}

/** /user/company: the member's company (or none, with the invitations to their phone). */
export interface CompanyPageData {
  company: CompanyView | null;
  myRole: CompanyRole | null;
  can: CompanyAbilities;
  members: CompanyMemberView[];
  /** Pending invitations of the company: for its 管理员 only. */
  invitations: CompanyInvitationView[];
  /** Pending invitations to the member's phone: while the member has no company. */
  myInvitations: MyCompanyInvitation[];
}

export interface CompanyOrderRow {
  orderNo: string;
  poNumber: string;
  status: OrderStatus;
  statusLabel: string;
  createdAtStr: string;
  payableCents: number;
  productCount: number;
  /** Who placed it. */
  buyerName: string;
  /** Their role now; null once they left the company. */
  buyerRole: CompanyRole | null;
  /** While 待审批: when it lapses unless approved ('' otherwise). */
  approvalDeadlineStr: string;
}

/** /user/company/orders: orders placed by the company's members while they belonged to it. */
export interface CompanyOrdersData {
  /** '' without a company. */
  companyName: string;
  /** 全部, or 待审批 (orders waiting for the company's approval). */
  filter: CompanyOrderFilter;
  /** Orders waiting for approval now (the tab's count). */
  awaitingCount: number;
  /** The member may 批准/驳回 (审批, 管理员). */
  canApprove: boolean;
  /** 审批金额 in cents; null: no approval. */
  approvalThresholdCents: number | null;
  /** Why the member may not see them ('' when they may): no company, or a role without 公司订单. */
  refusal: string;
  orders: CompanyOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const companyOrdersPageSize = 20;

/** Landlines and extensions too: digits, spaces, '-' and '+', 5 to 20 characters. */
export function isContactPhone(value: string): boolean {
  return /^[0-9+\- ]{5,20}$/.test(value);
}
