import { withId, type MigrationFactory } from './migration-helpers.ts';

/** Home page content (issue 3): banners, news, a first orders table, the curated display stand. */
export const homeContentMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('banners'), engine)
      .addColumn('pic_file_path', 'text', (c) => c.notNull())
      .addColumn('background_color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('click_url', 'text', (c) => c.notNull())
      .addColumn('open_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('news'), engine, 'news_id')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('link_url', 'text')
      .addColumn('release_date', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('news_kind_release_date').on('news').columns(['kind', 'release_date']).execute();

    // The checkout issue extends this table; the home page reads recent rows and counts a member's.
    await withId(db.schema.createTable('orders'), engine)
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('product_count', 'integer', (c) => c.notNull())
      .addColumn('trade_amount_e4', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
    await db.schema.createIndex('orders_user_created_at').on('orders').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('home_products')
      .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
      .addColumn('slide', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
