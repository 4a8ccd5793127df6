import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { StaffRole } from './staff.ts';

/**
 * What each role of the console may do: the one place these rules are written (CASL). The server
 * checks them on every console call (registerStaffCalls); the console's pages build their menu and
 * buttons from the same ability, so a staff member is not shown what the server would refuse.
 */
export const staffActions = ['manage', 'read', 'create', 'update', 'delete', 'export'] as const;
export type StaffAction = (typeof staffActions)[number];

/** The desks' subjects, those to come included, so each role's rules are written once. */
export const staffSubjects = [
  'Product',
  // A product's stock figure: the warehouse corrects it without being able to change anything else of the product.
  'Stock',
  'Category',
  'Brand',
  'PriceImport',
  'Order',
  'Shipment',
  'Payment',
  'Refund',
  'Invoice',
  'Complaint',
  'Quotation',
  // A company's 月结 (credit limit, terms) and its 对账单 (decision 0030).
  'CompanyCredit',
  'Content',
  'Coupon',
  'Member',
  'SupplierApplication',
  'ContactMessage',
  'Staff',
  'AuditLog',
  'Dashboard',
] as const;
export type StaffSubject = (typeof staffSubjects)[number];

export type StaffAbility = MongoAbility<[StaffAction, StaffSubject | 'all']>;

type Can = AbilityBuilder<StaffAbility>['can'];

const roleRules: Readonly<Record<StaffRole, (can: Can) => void>> = {
  admin(can) {
    can('manage', 'all');
  },
  catalog(can) {
    can('manage', ['Product', 'Stock', 'Category', 'Brand', 'PriceImport']);
    can('read', 'Dashboard');
  },
  sales(can) {
    can('manage', 'Quotation');
    can('read', ['Product', 'Order', 'Member', 'Dashboard', 'CompanyCredit']);
  },
  warehouse(can) {
    can('read', ['Product', 'Order']);
    // Shipping parcels and correcting stock figures (the product form itself stays the catalogue's).
    can('create', 'Shipment');
    can('update', 'Stock');
  },
  finance(can) {
    can('read', ['Order', 'Member', 'Dashboard']);
    // The order list with members' phones leaves the console only for accounting (the warehouse and sales read orders, never export them).
    can('export', 'Order');
    // Confirming bank transfers, and cancelling an order (its refund follows).
    can('update', ['Payment', 'Order']);
    can('manage', ['Refund', 'Invoice']);
    // 月结: granting credit and recording a statement's transfer are accounting's.
    can('manage', 'CompanyCredit');
  },
  content(can) {
    can('manage', ['Content', 'Coupon']);
    can('read', 'Product');
  },
  service(can) {
    // 会员管理 (disable a member, assign a dedicated rep), contact messages and supplier reviews.
    can('manage', ['Complaint', 'ContactMessage', 'SupplierApplication', 'Member']);
    can('read', 'Order');
  },
};

export function abilityFor(role: StaffRole): StaffAbility {
  const builder = new AbilityBuilder<StaffAbility>(createMongoAbility);
  roleRules[role](builder.can);
  return builder.build();
}

/** A permission a console call or a desk needs. */
export interface StaffPermission {
  action: StaffAction;
  subject: StaffSubject;
}

/** A desk of the console: its menu entry shows only to roles that may read its subject. Only desks that exist are listed. */
export interface ConsoleDesk {
  label: string;
  href: string;
  permission: StaffPermission;
}

export const consoleDesks: readonly ConsoleDesk[] = [
  { label: '商品管理', href: '/admin/products', permission: { action: 'read', subject: 'Product' } },
  { label: '分类管理', href: '/admin/categories', permission: { action: 'read', subject: 'Category' } },
  { label: '品牌管理', href: '/admin/brands', permission: { action: 'read', subject: 'Brand' } },
  { label: '价格导入', href: '/admin/price-import', permission: { action: 'read', subject: 'PriceImport' } },
  { label: '内容管理', href: '/admin/content', permission: { action: 'read', subject: 'Content' } },
  { label: '报价管理', href: '/admin/quotations', permission: { action: 'read', subject: 'Quotation' } },
  { label: '营销管理', href: '/admin/coupons', permission: { action: 'read', subject: 'Coupon' } },
  { label: '订单管理', href: '/admin/orders', permission: { action: 'read', subject: 'Order' } },
  { label: '售后服务', href: '/admin/complaints', permission: { action: 'read', subject: 'Complaint' } },
  { label: '会员管理', href: '/admin/members', permission: { action: 'read', subject: 'Member' } },
  { label: '企业月结', href: '/admin/companies', permission: { action: 'read', subject: 'CompanyCredit' } },
  { label: '联系留言', href: '/admin/contact-messages', permission: { action: 'read', subject: 'ContactMessage' } },
  { label: '供应商审核', href: '/admin/supplier-applications', permission: { action: 'read', subject: 'SupplierApplication' } },
  { label: '员工管理', href: '/admin/staff', permission: { action: 'read', subject: 'Staff' } },
  { label: '操作日志', href: '/admin/audit', permission: { action: 'read', subject: 'AuditLog' } },
];

export function desksFor(role: StaffRole): { label: string; href: string }[] {
  const ability = abilityFor(role);
  return consoleDesks.filter((desk) => ability.can(desk.permission.action, desk.permission.subject)).map(({ label, href }) => ({ label, href }));
}
