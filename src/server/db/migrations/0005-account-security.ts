import { withId, type MigrationFactory } from './migration-helpers.ts';

/** SMS codes, the development SMS outbox and graphic codes (issue 2). */
export const accountSecurityMigration: MigrationFactory = (engine) => ({
  async up(db) {
    // One live code per phone: a new send replaces the previous one, whatever its purpose.
    await db.schema
      .createTable('sms_codes')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'integer', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_used', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('sms_outbox'), engine)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').columns(['phone', 'id']).execute();

    await db.schema
      .createTable('graphic_codes')
      .addColumn('sid_hash', 'text', (c) => c.primaryKey())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('graphic_codes_expires_at').on('graphic_codes').column('expires_at').execute();
  },
});
