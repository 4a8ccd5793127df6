import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/**
 * The operations console (issue 14). staff_users: staff accounts, apart from members (argon2id
 * password, TOTP secret and the last time step accepted, so a code works once; failed_count and
 * locked_until lock an account after repeated failures). staff_sessions: the stored sessions of
 * the admin_sid cookie, by SHA-256 of the sid, with an idle (last_seen_at) and an absolute
 * (expires_at) end. audit_log: every staff change, written in the change's transaction; the
 * triggers refuse UPDATE and DELETE on both engines, so no code path can rewrite history.
 */
export const staffConsoleMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('staff_users'), engine)
      .addColumn('login', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('totp_secret', 'text', (c) => c.notNull())
      .addColumn('totp_last_step', 'bigint')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').columns(['staff_id']).execute();
    await withId(db.schema.createTable('audit_log'), engine)
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
    await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject', 'at']).execute();
    if (engine === 'postgres') {
      await sql`CREATE FUNCTION audit_log_is_append_only() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
    } else {
      await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    }
  },
});
