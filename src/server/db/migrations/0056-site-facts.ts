import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './migration-helpers.ts';

/**
 * One source of site facts (issue 28). The pages contradicted each other: help said every order left
 * a Shanghai warehouse (cut-off 16:00, pickup 上海闵行), /contact listed 深圳龙岗现货仓 with a 17:30
 * cut-off, product pages showed 深圳仓/江苏仓, and a news item claimed 80万种 in stock.
 *
 * - `warehouses`, where the stock lives, now holds what the site says of each: city, address, the
 *   same-day cut-off (16:00, the one checkout's dispatch table always used), whether pickup is offered
 *   (深圳仓, at the address /contact gave its warehouse) and its map position; `updated_at` guards the
 *   console's edit. Its writes bump cache_versions, so every process's caches and kept pages follow.
 * - /contact lists the warehouses from that table: its own warehouse row goes.
 * - The seeded help articles, company prose and news that stated facts in words name them by
 *   placeholder instead (filled at render). Only the seeded sentences are replaced: text staff wrote
 *   is left as it is.
 */
export const siteFactsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema
      .alterTable('warehouses')
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('cutoff_time', 'varchar(5)', (c) => c.notNull().defaultTo('16:00'))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('is_pickup', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('lng_e6', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('lat_e6', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('warehouses')
      .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const warehouse of seededWarehouses) {
      const { code, ...facts } = warehouse;
      await db.updateTable('warehouses').set(facts).where('code', '=', code).execute();
    }

    await db.insertInto('cache_versions').values({ name: 'warehouses', version: 0 }).execute();
    if (engine === 'postgres') {
      await sql`CREATE TRIGGER cache_versions_warehouses AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses
        FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump()`.execute(db);
    } else {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql
          .raw(
            `CREATE TRIGGER cache_versions_warehouses_${event.toLowerCase()} AFTER ${event} ON warehouses
             BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'warehouses'; END`,
          )
          .execute(db);
      }
    }

    await db.deleteFrom('contact_offices').where('kind', '=', 'warehouse').execute();
    await replaceSeededSentences(db);
  },
});

const seededWarehouses = [
  {
    code: 'SZ',
    city: '深圳',
    address: '广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋',
    cutoff_time: '16:00',
    is_pickup: 1,
    lng_e6: 114_076_815,
    lat_e6: 22_650_972,
  },
  {
    code: 'JS',
    city: '苏州',
    address: '江苏省苏州市吴中区星湖街218号生物纳米园B区仓储中心',
    cutoff_time: '16:00',
    is_pickup: 0,
    lng_e6: 120_738_512,
    lat_e6: 31_266_073,
  },
];

/** [table, columns, seeded sentence, the same with placeholders]: plain text, so one pair serves a row's HTML and its text. */
const rewrites: readonly (readonly [string, readonly string[], string, string])[] = [
  [
    'help_pages',
    ['body_html', 'body_text'],
    '所有订单均由本站上海自营仓库统一打包发出。',
    '现货订单由商品所在的本站自营仓库（{{发货仓}}）打包发出，每个型号的发货仓与截单时间见商品页。',
  ],
  ['help_pages', ['body_html', 'body_text'], '本站在上海自营电子元器件仓库，', '本站自营{{发货仓}}（{{发货城市}}），'],
  ['help_pages', ['body_html', 'body_text'], '如有疑问请拨打客服热线核实。', '如有疑问请拨打客服热线 {{客服热线}} 核实。'],
  ['help_pages', ['body_html', 'body_text'], '自营仓储现货，支持', '自营{{发货仓}}现货{{现货数量}}，支持'],
  ['help_pages', ['body_html', 'body_text'], '客服团队随时为您服务。', '客服团队在{{服务时间}}为您服务，客服热线 {{客服热线}}。'],
  ['news', ['content'], '6月19日16:00前支付的现货订单当天发出', '6月19日{{截单时间}}前支付的现货订单当天发出'],
  ['news', ['content'], '假期期间在线客服 9:00-18:00 正常值班', '假期期间在线客服与客服热线 {{客服热线}} 正常值班'],
  ['news', ['title'], '芯品商城深圳二号仓正式启用，现货库存扩充至80万种', '芯品商城{{发货仓}}扩容完成，现货型号达{{现货数量}}'],
  [
    'news',
    ['content'],
    '为进一步提升现货交付能力，芯品商城位于深圳龙华区的二号智能仓储中心已于本周正式启用。',
    '为进一步提升现货交付能力，芯品商城{{发货仓}}已于本周完成扩容改造。',
  ],
  [
    'news',
    ['content'],
    '新仓面积12000平方米，采用自动化立体货架与恒温恒湿存储，可存放卷盘物料超过50万盘，现货SKU扩充至80万种。',
    '扩容后各仓采用自动化立体货架与恒温恒湿存储，有现货的型号达{{现货数量}}。',
  ],
  ['news', ['content'], '启用后，华南地区现货订单的平均出库时间缩短至1.5小时，', '扩容后，{{截单时间}}前付款的现货订单平均出库时间缩短至1.5小时，'],
  ['news', ['content'], '如遇可疑情况，请拨打官方客服热线核实。', '如遇可疑情况，请拨打官方客服热线 {{客服热线}} 核实。'],
  ['news', ['content'], '活动期间全场订单满99元包邮', '活动期间全场订单满{{包邮门槛}}包邮'],
  [
    'news',
    ['content'],
    '新疆、西藏、青海地区的订单首重运费调整为18元，续重每公斤8元。',
    '新疆、西藏及港澳台地区的运费按新的快递协议计算，首重与续重标准以配送说明页的运费表为准。',
  ],
  ['news', ['content'], '满99元包邮活动照常进行。', '满{{包邮门槛}}包邮照常进行。'],
];

async function replaceSeededSentences(db: MigrationDb) {
  for (const [table, columns, seeded, withPlaceholders] of rewrites) {
    for (const column of columns) {
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = replace(${sql.ref(column)}, ${seeded}, ${withPlaceholders})
        WHERE ${sql.ref(column)} LIKE ${`%${seeded}%`}`.execute(db);
    }
  }
}
