import { describe, expect, it } from 'vitest';
import { companyRoles } from './company-account.ts';
import { companyAbilitiesOf, companyAbilityFor, ordersWaitForApproval, type CompanyAction, type CompanySubject } from './company-account-permissions.ts';

/** The table of decision 0027: what each role may do. */
const expected: [CompanyAction, CompanySubject, Record<(typeof companyRoles)[number], boolean>][] = [
  ['read', 'Company', { admin: true, buyer: true, approver: true, finance: true }],
  ['update', 'Company', { admin: true, buyer: false, approver: false, finance: false }],
  ['read', 'CompanyMember', { admin: true, buyer: true, approver: true, finance: true }],
  ['update', 'CompanyMember', { admin: true, buyer: false, approver: false, finance: false }],
  ['create', 'CompanyMember', { admin: true, buyer: false, approver: false, finance: false }],
  ['read', 'CompanyOrder', { admin: true, buyer: false, approver: true, finance: true }],
  ['read', 'CompanyList', { admin: true, buyer: true, approver: true, finance: true }],
  ['create', 'CompanyList', { admin: true, buyer: true, approver: false, finance: false }],
  ['update', 'CompanyList', { admin: true, buyer: true, approver: false, finance: false }],
  ['approve', 'CompanyOrder', { admin: true, buyer: false, approver: true, finance: false }],
  ['update', 'ApprovalThreshold', { admin: true, buyer: false, approver: false, finance: false }],
  ['read', 'CompanyStatement', { admin: true, buyer: false, approver: false, finance: true }],
  ['read', 'CompanyInvoice', { admin: true, buyer: false, approver: false, finance: true }],
  ['update', 'CompanyInvoice', { admin: true, buyer: false, approver: false, finance: false }],
];

describe('company roles', () => {
  it.each(expected)('%s %s', (action, subject, byRole) => {
    for (const role of companyRoles) expect([role, companyAbilityFor(role).can(action, subject)]).toEqual([role, byRole[role]]);
  });

  it('gives the page no ability without a company', () => {
    const none = { canManage: false, canSeeOrders: false, canSeeInvoices: false, canChangeLists: false, canApprove: false, canSetThreshold: false };
    expect(companyAbilitiesOf(null)).toEqual(none);
    expect(companyAbilitiesOf('finance')).toEqual({ ...none, canSeeOrders: true, canSeeInvoices: true });
    expect(companyAbilitiesOf('buyer')).toEqual({ ...none, canChangeLists: true });
    expect(companyAbilitiesOf('approver')).toEqual({ ...none, canSeeOrders: true, canApprove: true });
  });

  it("holds the 采购's orders for approval, never an approver's or an admin's", () => {
    expect(companyRoles.filter(ordersWaitForApproval)).toEqual(['buyer']);
  });
});
