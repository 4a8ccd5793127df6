import { withId, type MigrationFactory } from './migration-helpers.ts';

/** Shell content (issue 3): site configuration, hot keywords, friendly links, ads, messages, sales reps. */
export const shellContentMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema
      .createTable('site_config')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('hot_labels'), engine)
      .addColumn('keyword', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('friendly_links'), engine)
      .addColumn('link_name', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('ads'), engine, 'ad_pos_id')
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('open_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pic_file_path', 'text', (c) => c.notNull())
      .addColumn('click_url', 'text', (c) => c.notNull())
      .addColumn('background_color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    // A close hides the ad for that visitor (member id or hashed sid) for the rest of the Beijing day.
    await db.schema
      .createTable('ad_closes')
      .addColumn('visitor_key', 'text', (c) => c.notNull())
      .addColumn('ad_pos_id', 'integer', (c) => c.notNull().references('ads.ad_pos_id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ad_closes_pk', ['visitor_key', 'day', 'ad_pos_id'])
      .execute();
    await db.schema.createIndex('ad_closes_day').on('ad_closes').column('day').execute();

    await withId(db.schema.createTable('messages'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('message_type', 'integer', (c) => c.notNull())
      .addColumn('msg_content', 'text', (c) => c.notNull())
      .addColumn('send_date', 'bigint', (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('messages_user_send_date').on('messages').columns(['user_id', 'send_date']).execute();
    await db.schema.createIndex('messages_user_unread').on('messages').columns(['user_id', 'is_read', 'send_date']).execute();

    await withId(db.schema.createTable('service_reps'), engine)
      .addColumn('operator_name', 'text', (c) => c.notNull())
      .addColumn('operator_mobile', 'text', (c) => c.notNull())
      .addColumn('operator_portrait_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('operator_qq', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('operator_qq_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('operator_wechat', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('operate_qr_code', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('user_service_reps')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('rep_id', 'integer', (c) => c.notNull().references('service_reps.id').onDelete('cascade'))
      .addColumn('enable_flag', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
});
