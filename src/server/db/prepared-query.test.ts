import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createMember } from '../testing/factories.ts';
import { countingDb } from '../testing/statement-counter.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import type { Database } from './database.ts';
import { preparedQuery } from './prepared-query.ts';

const findMembersNamed = preparedQuery((db: Kysely<Database>, nickName: string, limit: number) =>
  db.selectFrom('users').select(['id', 'nickName', 'userNumber']).where('nickName', '=', nickName).where('passwordHash', 'is', null).orderBy('id').limit(limit),
);

describe('preparedQuery', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    for (const nickName of ['甲', '甲', '甲', '乙']) await createMember(db.kysely, { nickName });
  });
  afterAll(() => db.drop());

  it('runs the statement compiled once with each call’s values, rows in camel case, constants of the builder kept', async () => {
    const first = await findMembersNamed(db.kysely, '甲', 2);
    expect(first).toHaveLength(2);
    expect(Object.keys(first[0] ?? {}).sort()).toEqual(['id', 'nickName', 'userNumber']);
    expect(first[0]?.nickName).toBe('甲');
    expect(await findMembersNamed(db.kysely, '甲', 5)).toHaveLength(3);
    expect((await findMembersNamed(db.kysely, '乙', 5)).map((row) => row.nickName)).toEqual(['乙']);
    expect(await findMembersNamed(db.kysely, '丙', 5)).toEqual([]);
  });

  it("runs each call through the database's plugins, a database with other plugins compiling its own", async () => {
    const { db: counted, count: results } = countingDb(db.kysely);
    expect(await findMembersNamed(counted, '乙', 5)).toHaveLength(1);
    expect(await findMembersNamed(counted, '甲', 1)).toHaveLength(1);
    expect(results()).toBe(2);
  });

  it('refuses a builder that does not put each value in a parameter of its own', async () => {
    const dropsItsValue = preparedQuery((db: Kysely<Database>, _nickName: string) => db.selectFrom('users').select('id'));
    await expect(dropsItsValue(db.kysely, '甲')).rejects.toThrow(/every value must go to a parameter/);
  });
});
