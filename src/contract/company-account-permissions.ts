import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { CompanyAbilities, CompanyRole } from './company-account.ts';

/**
 * What each role of a company account may do: the one place these rules are written (CASL, as the
 * console's staff-permissions.ts), checked by the server on every company call and by 常购清单.
 * Decision 0027 names them. Subjects to come (月结, 对账单, approvals) get their rules here.
 */
export type CompanyAction = 'manage' | 'read' | 'create' | 'update' | 'approve';
export type CompanySubject =
  /** 企业信息 */
  | 'Company'
  /** Members, their roles and the invitations. */
  | 'CompanyMember'
  /** Orders placed by the company's members (公司订单); `approve` 批准/驳回 those waiting (decision 0029). */
  | 'CompanyOrder'
  /** 审批金额: the amount above which a 采购's order waits for approval (every member sees it; the 管理员 sets it). */
  | 'ApprovalThreshold'
  /** The company's shared 常购清单. */
  | 'CompanyList'
  /** 月结: create is paying an order on account (decision 0030). */
  | 'CompanyCredit'
  /** 对账单: the monthly statements and their downloads. */
  | 'CompanyStatement'
  /** 公司发票: the invoices asked for with the company's orders, and their Excel. */
  | 'CompanyInvoice';

export type CompanyAbility = MongoAbility<[CompanyAction, CompanySubject | 'all']>;

type Can = AbilityBuilder<CompanyAbility>['can'];

const roleRules: Readonly<Record<CompanyRole, (can: Can) => void>> = {
  admin(can) {
    can('manage', 'all');
  },
  buyer(can) {
    can('read', ['Company', 'CompanyMember', 'CompanyList']);
    can(['create', 'update'], 'CompanyList');
    can('create', 'CompanyCredit');
  },
  approver(can) {
    can('read', ['Company', 'CompanyMember', 'CompanyOrder', 'CompanyList']);
    can('approve', 'CompanyOrder');
  },
  finance(can) {
    can('read', ['Company', 'CompanyMember', 'CompanyOrder', 'CompanyList', 'CompanyCredit', 'CompanyStatement', 'CompanyInvoice']);
  },
};

export function companyAbilityFor(role: CompanyRole): CompanyAbility {
  const builder = new AbilityBuilder<CompanyAbility>(createMongoAbility);
  roleRules[role](builder.can);
  return builder.build();
}

/**
 * Whose orders wait for approval above the company's threshold: the 采购's. Those who may approve
 * (审批, 管理员) never wait; 财务 places orders as any member does (decision 0029).
 */
export function ordersWaitForApproval(role: CompanyRole): boolean {
  return role === 'buyer';
}

/** The page's flags, from the same rules. */
export function companyAbilitiesOf(role: CompanyRole | null): CompanyAbilities {
  if (role === null) return { canManage: false, canSeeOrders: false, canSeeInvoices: false, canChangeLists: false, canApprove: false, canSetThreshold: false };
  const ability = companyAbilityFor(role);
  return {
    canManage: ability.can('update', 'CompanyMember'),
    canSeeOrders: ability.can('read', 'CompanyOrder'),
    canSeeInvoices: ability.can('read', 'CompanyInvoice'),
    canChangeLists: ability.can('update', 'CompanyList'),
    canApprove: ability.can('approve', 'CompanyOrder'),
    canSetThreshold: ability.can('update', 'ApprovalThreshold'),
  };
}
