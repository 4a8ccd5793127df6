import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

const oldDelivery = '<p>所有订单均由本站上海自营仓库统一打包发出。下单时可在结算页选择配送方式。</p>';
const editedWarehouse = '<p>我们的仓库在上海，由员工改写过。</p>';

/** Migration 0056 over a store written before it: the warehouses get their facts, /contact's own warehouse row goes, seeded sentences name the facts. */
describe('migration 0056: one source of site facts', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0056-site-facts'));
    const page = (slug: string, bodyHtml: string) => ({
      slug,
      title: slug,
      groupName: '配送服务',
      bodyHtml,
      bodyText: bodyHtml.replace(/<[^>]+>/g, ''),
      updatedAt: 1,
    });
    await db.kysely
      .insertInto('helpPages')
      .values([page('deliver_goods', oldDelivery), page('warehouse', editedWarehouse)])
      .execute();
    await db.kysely
      .insertInto('news')
      .values({
        kind: 'announcement',
        title: '芯品商城深圳二号仓正式启用，现货库存扩充至80万种',
        content: '为进一步提升现货交付能力，芯品商城位于深圳龙华区的二号智能仓储中心已于本周正式启用。\n其他段落不变。',
        linkUrl: null,
        releaseDate: 1,
      })
      .execute();
    await migrateTo(db, '0056-site-facts');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives each warehouse its city, address, cut-off, pickup and map place', async () => {
    const rows = await db.kysely.selectFrom('warehouses').select(['code', 'city', 'cutoffTime', 'isPickup', 'address', 'lngE6']).orderBy('sort').execute();
    expect(rows.map(({ code, city, cutoffTime, isPickup }) => [code, city, cutoffTime, isPickup])).toEqual([
      ['SZ', '深圳', '16:00', 1],
      ['JS', '苏州', '16:00', 0],
    ]);
    expect(rows[0]?.address).toContain('深圳市龙岗区');
    expect(rows.every((row) => row.lngE6 !== 0)).toBe(true);
  });

  it('drops /contact’s own warehouse row (the page lists the warehouses table) and keeps the offices', async () => {
    const offices = await db.kysely.selectFrom('contactOffices').select(['name', 'kind']).orderBy('sort').execute();
    expect(offices).toEqual([
      { name: '深圳总部', kind: 'office' },
      { name: '上海分公司', kind: 'office' },
    ]);
  });

  it('replaces the seeded sentences with placeholders, in the HTML and the text, and leaves what staff wrote', async () => {
    const pages = await db.kysely.selectFrom('helpPages').select(['slug', 'bodyHtml', 'bodyText']).orderBy('slug').execute();
    expect(pages).toEqual([
      {
        slug: 'deliver_goods',
        bodyHtml: '<p>现货订单由商品所在的本站自营仓库（{{发货仓}}）打包发出，每个型号的发货仓与截单时间见商品页。下单时可在结算页选择配送方式。</p>',
        bodyText: '现货订单由商品所在的本站自营仓库（{{发货仓}}）打包发出，每个型号的发货仓与截单时间见商品页。下单时可在结算页选择配送方式。',
      },
      { slug: 'warehouse', bodyHtml: editedWarehouse, bodyText: '我们的仓库在上海，由员工改写过。' },
    ]);
    const news = await db.kysely.selectFrom('news').select(['title', 'content']).executeTakeFirstOrThrow();
    expect(news).toEqual({
      title: '芯品商城{{发货仓}}扩容完成，现货型号达{{现货数量}}',
      content: '为进一步提升现货交付能力，芯品商城{{发货仓}}已于本周完成扩容改造。\n其他段落不变。',
    });
  });

  it('bumps the warehouses’ cache version on a write, so every process’s caches and kept pages follow', async () => {
    const version = () => db.kysely.selectFrom('cacheVersions').select('version').where('name', '=', 'warehouses').executeTakeFirstOrThrow();
    const before = (await version()).version;
    await db.kysely.updateTable('warehouses').set({ cutoffTime: '15:00' }).where('code', '=', 'JS').execute();
    expect((await version()).version).toBe(before + 1);
  });
});
