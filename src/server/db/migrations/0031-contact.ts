import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * /contact (issue 13). contact_offices: the company's offices and warehouses the page lists, store
 * content staff edit (seeded here, like the site's config); lng/lat place the office on its drawn
 * map. contact_messages: the contact form's messages for staff, 待处理 (new) until handled.
 */
export const contactMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('contact_offices'), engine)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
      // Map position in degrees × 1e6 (integers on both engines).
      .addColumn('lng_e6', 'integer', (c) => c.notNull())
      .addColumn('lat_e6', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('contact_messages'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('handled_at', 'bigint')
      .addColumn('handled_by', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('contact_messages_status_created').on('contact_messages').columns(['status', 'created_at']).execute();

    await db
      .insertInto('contact_offices')
      .values([
        {
          kind: 'office',
          name: '深圳总部',
          address: '广东省深圳市福田区华强北路1019号华强广场B座18楼',
          phone: '0755-8326 6688',
          hours: '周一至周六 8:30–18:00',
          lng_e6: 114_085_947,
          lat_e6: 22_546_103,
          sort: 1,
        },
        {
          kind: 'office',
          name: '上海分公司',
          address: '上海市闵行区莘庄工业区申富路618号科创大厦7楼',
          phone: '021-5432 1688',
          hours: '周一至周五 9:00–18:00',
          lng_e6: 121_385_412,
          lat_e6: 31_110_287,
          sort: 2,
        },
        {
          kind: 'warehouse',
          name: '深圳龙岗现货仓',
          address: '广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋',
          phone: '0755-8326 6699',
          hours: '周一至周六 8:30–21:00（现货当日发货截单 17:30）',
          lng_e6: 114_076_815,
          lat_e6: 22_650_972,
          sort: 3,
        },
      ])
      .execute();
  },
});
