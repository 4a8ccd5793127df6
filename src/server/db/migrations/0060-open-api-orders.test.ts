import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

/** Migration 0060 over a store with keys: they stay live keys, and one Idempotency-Key is one row per member and kind. */
describe('migration 0060: sandbox keys and orders, Idempotency-Keys', () => {
  let db: TestDb;
  let userId = 0;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0060-open-api-orders'));
    userId = (await createMember(db.kysely)).userId;
    await db.kysely
      .insertInto('apiKeys')
      .values({ userId, name: '旧密钥', secretHash: 'h', secretCipher: 'c', createdAt: 1, lastUsedAt: null, revokedAt: null })
      .execute();
    await migrateTo(db, '0060-open-api-orders');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('keeps existing keys live and holds one row per member, kind and key', async () => {
    expect(await db.kysely.selectFrom('apiKeys').select(['name', 'isSandbox']).execute()).toEqual([{ name: '旧密钥', isSandbox: 0 }]);
    const row = { userId, idempotencyKey: 'k1', claim: 'open:a', requestHash: 'x', answerJson: null, createdAt: 1, expiresAt: 2 };
    await db.kysely
      .insertInto('apiIdempotencyKeys')
      .values({ ...row, isSandbox: 0 })
      .execute();
    await db.kysely
      .insertInto('apiIdempotencyKeys')
      .values({ ...row, isSandbox: 1 })
      .execute();
    await expect(
      db.kysely
        .insertInto('apiIdempotencyKeys')
        .values({ ...row, isSandbox: 0, claim: 'open:b' })
        .execute(),
    ).rejects.toThrow();
  });
});
