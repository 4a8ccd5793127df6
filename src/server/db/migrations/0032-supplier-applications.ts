import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * 供应商入驻 (issue 13). supplier_applications: one per application, made by a member for a
 * company, with the SMS-verified contact phone; a partial unique index keeps one pending (待审核)
 * application per phone, so racing submissions make one. Categories are kept as chosen (JSON of
 * id and name) since the catalogue's tree may change. supplier_documents: the claimed uploads
 * (business licence, agency or distribution certificates), in order.
 */
export const supplierApplicationsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('supplier_applications'), engine)
      .addColumn('application_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_name', 'text', (c) => c.notNull())
      .addColumn('credit_code', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('categories', 'text', (c) => c.notNull())
      .addColumn('brands', 'text', (c) => c.notNull())
      .addColumn('annual_volume', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reviewer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint')
      .execute();
    await db.schema.createIndex('supplier_applications_phone_created').on('supplier_applications').columns(['phone', 'created_at']).execute();
    await db.schema.createIndex('supplier_applications_status_created').on('supplier_applications').columns(['status', 'created_at']).execute();
    await db.schema
      .createIndex('supplier_applications_pending_phone')
      .on('supplier_applications')
      .column('phone')
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();

    await withId(db.schema.createTable('supplier_documents'), engine)
      .addColumn('application_id', 'integer', (c) => c.notNull().references('supplier_applications.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('upload_key', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('supplier_documents_application').on('supplier_documents').columns(['application_id', 'position']).execute();
  },
});
