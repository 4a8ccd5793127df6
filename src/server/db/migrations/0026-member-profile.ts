import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * The member centre's profile and security (issue 12). users: company, job and email, filled in
 * on /user/profile (null until then). login_records: each successful login of a member (password,
 * SMS, a registration), kept to the newest few per member, for /user/security's recent logins.
 * phone_change_grants: a member who has just proven the old phone by SMS may bind a new one
 * until expires_at (one row per member, replaced by each proof).
 */
export const memberProfileMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema.alterTable('users').addColumn('company', 'text').execute();
    await db.schema.alterTable('users').addColumn('job', 'text').execute();
    await db.schema.alterTable('users').addColumn('email', 'text').execute();

    await withId(db.schema.createTable('login_records'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_records_user').on('login_records').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('phone_change_grants')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
