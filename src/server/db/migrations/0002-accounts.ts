import { withId, type MigrationFactory } from './migration-helpers.ts';

export const accountsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('users'), engine)
      .addColumn('user_number', 'text', (c) => c.notNull().unique())
      .addColumn('phone', 'text', (c) => c.notNull().unique())
      .addColumn('nick_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('user_img_path', 'text')
      .addColumn('inviter', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
