import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

const title = '会员中心上线“常购清单”，复购更便捷';

/** Migration 0057 over a store seeded before the lists existed: the announcement of them is told what they are and links to them. */
describe('migration 0057: the 常购清单 announcement', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0057-purchase-lists'));
    await db.kysely
      .insertInto('news')
      .values([
        { kind: 'announcement', title, content: '系统将根据您近一年的采购记录自动整理常购物料', linkUrl: null, releaseDate: 1, bodyHtml: '' },
        { kind: 'article', title, content: '编辑改过的', linkUrl: null, releaseDate: 2, bodyHtml: '<p>编辑改过的</p>' },
      ])
      .execute();
    await migrateTo(db, '0057-purchase-lists');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('rewrites the seeded entry with a link to /user/purchase-list and leaves an edited one alone', async () => {
    const rows = await db.kysely.selectFrom('news').select(['kind', 'content', 'bodyHtml']).where('title', '=', title).orderBy('releaseDate').execute();
    expect(rows[0]?.bodyHtml).toContain('<a href="/user/purchase-list">');
    expect(rows[0]?.content).toContain('存为常购清单');
    expect(rows[0]?.content).not.toContain('自动整理');
    expect(rows[1]).toEqual({ kind: 'article', content: '编辑改过的', bodyHtml: '<p>编辑改过的</p>' });
  });
});
