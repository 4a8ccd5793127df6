import { describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from './staff.ts';
import { abilityFor, staffActions, staffSubjects } from './staff-permissions.ts';

/** The grants as the business decided them, written out independently of the rules: `action:subject`. */
const crud = (subject: string) => ['read', 'create', 'update', 'delete', 'export', 'manage'].map((action) => `${action}:${subject}`);
const expectedGrants: Record<Exclude<StaffRole, 'admin'>, string[]> = {
  catalog: [...crud('Product'), ...crud('Stock'), ...crud('Category'), ...crud('Brand'), ...crud('PriceImport'), 'read:Dashboard'],
  sales: [...crud('Quotation'), 'read:Product', 'read:Order', 'read:Member', 'read:Dashboard', 'read:CompanyCredit'],
  warehouse: ['read:Product', 'read:Order', 'create:Shipment', 'update:Stock'],
  finance: [
    'read:Order',
    'update:Order',
    'export:Order',
    'update:Payment',
    'read:Member',
    'read:Dashboard',
    ...crud('Refund'),
    ...crud('Invoice'),
    ...crud('CompanyCredit'),
  ],
  content: [...crud('Content'), ...crud('Coupon'), 'read:Product'],
  service: [...crud('Complaint'), ...crud('ContactMessage'), ...crud('SupplierApplication'), ...crud('Member'), 'read:Order'],
};

describe('staff permissions', () => {
  for (const role of staffRoles) {
    it(`grants ${role} exactly its permissions, each action on each subject`, () => {
      const ability = abilityFor(role);
      for (const subject of staffSubjects) {
        for (const action of staffActions) {
          const isExpected = role === 'admin' || expectedGrants[role].includes(`${action}:${subject}`);
          expect(ability.can(action, subject), `${role} ${action} ${subject}`).toBe(isExpected);
        }
      }
    });
  }

  it('lets the warehouse correct stock but not edit a product', () => {
    const warehouse = abilityFor('warehouse');
    expect(warehouse.can('update', 'Stock')).toBe(true);
    expect(warehouse.can('update', 'Product')).toBe(false);
    expect(abilityFor('content').can('update', 'Stock')).toBe(false);
  });

  it('lets the warehouse ship but not confirm payments or cancel, and finance the reverse', () => {
    const [warehouse, finance] = [abilityFor('warehouse'), abilityFor('finance')];
    expect([warehouse.can('create', 'Shipment'), warehouse.can('update', 'Payment'), warehouse.can('update', 'Order')]).toEqual([true, false, false]);
    expect([finance.can('create', 'Shipment'), finance.can('update', 'Payment'), finance.can('update', 'Order')]).toEqual([false, true, true]);
  });

  it('keeps staff management and the audit log to administrators', () => {
    for (const role of staffRoles) {
      const ability = abilityFor(role);
      expect(ability.can('read', 'Staff')).toBe(role === 'admin');
      expect(ability.can('read', 'AuditLog')).toBe(role === 'admin');
    }
  });
});
