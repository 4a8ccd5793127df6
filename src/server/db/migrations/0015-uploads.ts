import type { MigrationFactory } from './migration-helpers.ts';

/**
 * uploads: every file a member put in storage, by key (`feedback/12/<random>.png`). Local uploads
 * are written when the file is stored; Qiniu's when a feature claims the key (the file went
 * straight to Qiniu). claimed_at stays null until a feature attaches the file to something.
 */
export const uploadsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('uploads')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer')
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint')
      .execute();
    await db.schema.createIndex('uploads_user_created_idx').on('uploads').columns(['user_id', 'created_at']).execute();
  },
});
