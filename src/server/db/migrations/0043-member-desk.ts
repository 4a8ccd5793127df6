import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The console's members and service desk and its dashboard (issue 14).
 * users.disabled_at: a member staff disabled (null: active); login refuses them and their sessions are gone.
 * service_reps.staff_id: the sales-role staff account a dedicated rep is (one rep row per staff member).
 * contact_messages.handled_note: what staff noted when they handled a message.
 * search_misses: searches that found nothing, one row per Beijing day and keyword counting repeats,
 * so a busy day of the same miss adds to a count, never a row per request.
 */
export const memberDeskMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
    await db.schema
      .alterTable('service_reps')
      .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('service_reps_staff').unique().on('service_reps').column('staff_id').execute();
    await db.schema.createIndex('user_service_reps_rep').on('user_service_reps').columns(['rep_id', 'user_id']).execute();
    await db.schema
      .alterTable('contact_messages')
      .addColumn('handled_note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('search_misses')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('keyword', 'varchar(64)', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_misses_pk', ['day', 'keyword'])
      .execute();
  },
});
