import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/** The seeded announcement of 常购清单, written before the lists existed. */
const announcementTitle = '会员中心上线“常购清单”，复购更便捷';

/** What the announcement says now (news-seed.data.ts says the same for a new store). */
const purchaseListAnnouncement = {
  content: [
    '会员中心新增“常购清单”：在购物车勾选商品、在订单详情或 BOM 配单中点击“存为常购清单”，即可保存为命名清单，下次采购时整单或勾选部分加入购物车。',
    '清单记录保存时的单价与库存，再次采购时显示价格涨跌（↑/↓ 与百分比）和当前库存，缺货、下架的商品一目了然；加入购物车时按最小起订量和整包数量自动调整。',
    '购物车页面同时新增“快速下单”：粘贴“型号, 数量”（可直接从 Excel 复制两列），即可批量加入购物车。',
  ],
  bodyHtml:
    '<p>会员中心新增“常购清单”：在购物车勾选商品、在订单详情或 BOM 配单中点击“存为常购清单”，即可保存为命名清单，下次采购时整单或勾选部分加入购物车。</p>' +
    '<p>清单记录保存时的单价与库存，再次采购时显示价格涨跌（↑/↓ 与百分比）和当前库存，缺货、下架的商品一目了然；加入购物车时按最小起订量和整包数量自动调整。</p>' +
    '<p>购物车页面同时新增“快速下单”：粘贴“型号, 数量”（可直接从 Excel 复制两列），即可批量加入购物车。</p>' +
    '<p>立即前往：<a href="/user/purchase-list">会员中心 · 常购清单</a></p>',
};

/**
 * 常购清单 (issue 28). purchase_lists: a member's named lists. Their owner is user_id today; company_id
 * is kept for lists shared inside a company once company accounts exist (another part of issue 28),
 * and is null until then. purchase_list_lines: a part, its quantity and 客户料号, and what it cost and
 * how many were in stock when saved (saved_price_tiers: the tier ladder then, as JSON, so a changed
 * quantity is compared at the same quantity). A part deleted from the catalogue leaves its line, with
 * product_id null and the part number it was saved under.
 * The announcement seeded before the lists existed now tells what they are and links to them (an
 * entry staff already edited in the console is left as they wrote it).
 */
export const purchaseListsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('purchase_lists'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_ref', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_lists_user').on('purchase_lists').columns(['user_id', 'updated_at']).execute();
    await withId(db.schema.createTable('purchase_list_lines'), engine)
      .addColumn('list_id', 'integer', (c) => c.notNull().references('purchase_lists.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('product_code', 'text', (c) => c.notNull())
      .addColumn('brand_name', 'text', (c) => c.notNull())
      .addColumn('package', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('customer_part_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('saved_unit_price_e4', 'integer')
      .addColumn('saved_price_tiers', 'text', (c) => c.notNull())
      .addColumn('saved_stock', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_list_lines_part').on('purchase_list_lines').columns(['list_id', 'product_id']).unique().execute();
    await db.schema.createIndex('purchase_list_lines_product').on('purchase_list_lines').columns(['product_id']).execute();
    await sql`update news set content = ${purchaseListAnnouncement.content.join('\n')}, body_html = ${purchaseListAnnouncement.bodyHtml}
      where title = ${announcementTitle} and body_html = ''`.execute(db);
  },
});
