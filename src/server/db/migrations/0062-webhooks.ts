import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/**
 * Signed webhooks (issue 28). webhook_endpoints: a member's receiving URLs (at most 5), the events each
 * wants, active or paused, and the signing secret (kept readable: the store signs with it and shows it on
 * demand). webhook_deliveries: one per event and endpoint (unique dedupe_key: the event id, or a replay's
 * own key), with the body as first built, its state, attempts and next try; a process claims one with a
 * conditional update. webhook_cursors: how far the order events and the quotation offers have been read,
 * starting at their ends when the table is made.
 */
export const webhooksMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('webhook_endpoints'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('secret_rotated_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_user').on('webhook_endpoints').columns(['user_id']).execute();
    await withId(db.schema.createTable('webhook_deliveries'), engine)
      .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('dedupe_key', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('claimed_until', 'bigint')
      .addColumn('last_attempt_at', 'bigint')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('replay_of', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_dedupe').on('webhook_deliveries').columns(['endpoint_id', 'dedupe_key']).unique().execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').columns(['user_id', 'id']).execute();
    await db.schema
      .createTable('webhook_cursors')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
    // From the sources' ends now: history before webhooks existed is not sent, and nothing after is missed.
    await sql`insert into webhook_cursors (name, position) select 'orderEvents', coalesce(max(id), 0) from order_events`.execute(db);
    await sql`insert into webhook_cursors (name, position) select 'quotations', coalesce(max(quoted_at), 0) from quotations`.execute(db);
  },
});
