import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Supplier price-list import jobs: the validated rows are kept with the job (rows_json), applied in batches,
 * each batch committing its progress; price_import_undo keeps every touched product's "before" so a failed
 * job is rolled back whole (a created product has before_json NULL and is deleted).
 */
export const priceImportMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('price_import_jobs'), engine)
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('options_json', 'text', (c) => c.notNull())
      .addColumn('rows_json', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('processed', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('price_import_jobs_status').on('price_import_jobs').columns(['status', 'id']).execute();
    await withId(db.schema.createTable('price_import_undo'), engine)
      .addColumn('job_id', 'integer', (c) => c.notNull().references('price_import_jobs.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('before_json', 'text')
      .execute();
    await db.schema.createIndex('price_import_undo_job').on('price_import_undo').columns(['job_id', 'id']).execute();
  },
});
