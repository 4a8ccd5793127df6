import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { CompanyAbilities, CompanyRole } from './company-account.ts';

/**
 * What each role of a company account may do: the one place these rules are written (CASL, as the
 * console's staff-permissions.ts), checked by the server on every company call and by 常购清单.
 * Decision 0027 names them. Subjects to come (月结, 对账单, approvals) get their rules here.
 */
export type CompanyAction = 'manage' | 'read' | 'create' | 'update';
export type CompanySubject =
  /** 企业信息 */
  | 'Company'
  /** Members, their roles and the invitations. */
  | 'CompanyMember'
  /** Orders placed by the company's members (公司订单). */
  | 'CompanyOrder'
  /** The company's shared 常购清单. */
  | 'CompanyList'
  /** 月结: create is paying an order on account (decision 0030). */
  | 'CompanyCredit'
  /** 对账单: the monthly statements and their downloads. */
  | 'CompanyStatement';

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
  },
  finance(can) {
    can('read', ['Company', 'CompanyMember', 'CompanyOrder', 'CompanyList', 'CompanyCredit', 'CompanyStatement']);
  },
};

export function companyAbilityFor(role: CompanyRole): CompanyAbility {
  const builder = new AbilityBuilder<CompanyAbility>(createMongoAbility);
  roleRules[role](builder.can);
  return builder.build();
}

/** The page's flags, from the same rules. */
export function companyAbilitiesOf(role: CompanyRole | null): CompanyAbilities {
  if (role === null) return { canManage: false, canSeeOrders: false, canChangeLists: false };
  const ability = companyAbilityFor(role);
  return {
    canManage: ability.can('update', 'CompanyMember'),
    canSeeOrders: ability.can('read', 'CompanyOrder'),
    canChangeLists: ability.can('update', 'CompanyList'),
  };
}
