import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * After-sales complaints (issue 10, /user/feedback). complaints: one per order line the member
 * complained about; a partial unique index keeps one open (pending or processing) complaint per
 * line, so two racing submissions make one. complaint_photos: the claimed upload keys, in order.
 * complaint_replies: the conversation, the member's additions and staff replies.
 */
export const complaintsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('complaints'), engine)
      .addColumn('complaint_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('complaints_user_created').on('complaints').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createIndex('complaints_open_line')
      .on('complaints')
      .column('order_line_id')
      .unique()
      .where(sql.ref('status'), 'in', ['pending', 'processing'])
      .execute();

    await withId(db.schema.createTable('complaint_photos'), engine)
      .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('upload_key', 'text', (c) => c.notNull())
      // 'local' or 'qiniu': where the photo is served from (upload.service uploadUrl).
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('complaint_photos_complaint').on('complaint_photos').columns(['complaint_id', 'position']).execute();

    await withId(db.schema.createTable('complaint_replies'), engine)
      .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('complaint_replies_complaint').on('complaint_replies').columns(['complaint_id', 'at']).execute();
  },
});
