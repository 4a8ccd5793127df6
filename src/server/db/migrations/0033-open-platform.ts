import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/**
 * The open platform (issue 13). api_keys: a member's keys for /open/v1; the secret is kept as its
 * SHA-256 (secret_hash, what a request's X-Api-Key is checked against) and, for signed requests,
 * encrypted under the server's secret (secret_cipher: an HMAC can only be checked with the key).
 * api_key_usage: requests per key and Beijing day, one row counted up by an upsert.
 * api_key_nonces: the nonces of signed requests, kept while their timestamp could still pass.
 */
export const openPlatformMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('api_keys'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('secret_cipher', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('api_key_usage')
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('request_count', 'integer', (c) => c.notNull())
      .addColumn('limited_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
      .execute();
    await db.schema
      .createTable('api_key_nonces')
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_nonces_pk', ['key_id', 'nonce'])
      .execute();
    await db.schema.createIndex('api_key_nonces_expiry').on('api_key_nonces').columns(['expires_at']).execute();
  },
});
