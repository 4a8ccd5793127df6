import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { createMember } from '../../testing/factories.ts';
import { isUniqueViolation } from '../database-errors.ts';
import { migrateTo } from './migrate-to.test-helpers.ts';

/** Migration 0059: company accounts beside the invoice-title register (companies), one open membership per member. */
describe('migration 0059: company accounts', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, '0059-company-accounts');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('lets a member have closed memberships but one open one, and one pending invitation per company and phone', async () => {
    const { userId, phone } = await createMember(db.kysely);
    const now = Date.now();
    const companyIds = [];
    for (const creditCode of ['914403001922038216', '91440300708461136T']) {
      const row = await db.kysely
        .insertInto('companyAccounts')
        .values({ name: creditCode, creditCode, contactName: '', contactPhone: '', createdBy: userId, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.push(row.id);
    }
    const [first = 0, second = 0] = companyIds;
    await db.kysely
      .insertInto('companyAccountMembers')
      .values({ companyId: first, userId, role: 'admin', joinedAt: now, leftAt: now + 1 })
      .execute();
    await db.kysely
      .insertInto('companyAccountMembers')
      .values({ companyId: second, userId, role: 'buyer', joinedAt: now + 2, leftAt: null })
      .execute();
    const twice = db.kysely
      .insertInto('companyAccountMembers')
      .values({ companyId: first, userId, role: 'buyer', joinedAt: now + 3, leftAt: null })
      .execute();
    await expect(twice).rejects.toSatisfy((error) => isUniqueViolation(error));

    const invitation = { companyId: first, phone, role: 'buyer' as const, invitedBy: userId, createdAt: now, decidedAt: null };
    await db.kysely
      .insertInto('companyAccountInvitations')
      .values({ ...invitation, status: 'declined' })
      .execute();
    await db.kysely
      .insertInto('companyAccountInvitations')
      .values({ ...invitation, status: 'pending' })
      .execute();
    const again = db.kysely
      .insertInto('companyAccountInvitations')
      .values({ ...invitation, status: 'pending' })
      .execute();
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error));
  });
});
