import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Ordering through /open/v1 (issue 28). api_keys.is_sandbox: a sandbox key beside the live ones;
 * orders.is_sandbox: an order placed with one, which never takes stock, never reaches the staff's
 * desks and is listed only to sandbox keys. api_idempotency_keys: one row per member, environment
 * and Idempotency-Key for 24 hours: the request's hash (the same key with another body is refused)
 * and the answer once placed (the same request is answered the same).
 */
export const openApiOrdersMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('is_sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('is_sandbox', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('api_idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_sandbox', 'integer', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('answer_json', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_idempotency_keys_pk', ['user_id', 'is_sandbox', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('api_idempotency_keys_expiry').on('api_idempotency_keys').columns(['expires_at']).execute();
  },
});
