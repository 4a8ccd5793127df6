import type { MigrationFactory } from './migration-helpers.ts';

/**
 * WeChat scan login (issue 12). wechat_bindings: a member's WeChat (unionid), one each way (both
 * unique). wechat_states: the QR connect states issued, stored hashed and bound to the browser
 * session, used once. wechat_pending: a scanned WeChat identity with no member yet, per session,
 * until the visitor gives a phone. wechat_used_codes: the authorization codes already exchanged
 * (hashed), so a replayed code is refused before WeChat is asked.
 */
export const wechatMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('wechat_bindings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('unionid', 'text', (c) => c.notNull().unique())
      .addColumn('openid', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('head_img_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bound_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wechat_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('sid_hash', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      // The member a bind scan is for (null: a login scan).
      .addColumn('user_id', 'integer')
      .addColumn('return_path', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('wechat_states_sid').on('wechat_states').columns(['sid_hash', 'purpose']).execute();
    await db.schema.createIndex('wechat_states_expires').on('wechat_states').column('expires_at').execute();

    await db.schema
      .createTable('wechat_pending')
      .addColumn('sid_hash', 'text', (c) => c.primaryKey())
      .addColumn('unionid', 'text', (c) => c.notNull())
      .addColumn('openid', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('head_img_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('return_path', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wechat_pending_expires').on('wechat_pending').column('expires_at').execute();

    await db.schema
      .createTable('wechat_used_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wechat_used_codes_used').on('wechat_used_codes').column('used_at').execute();
  },
});
