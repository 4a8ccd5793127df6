import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * The console's price-list uploads: the file as sent (so a changed column mapping is validated again from it),
 * the mapping and outcome of its last validation (counts, errors, the rows to apply) and, once applied, its job.
 * `status` moves uploaded → validated → applied by conditional updates, so one validated upload queues one job.
 */
export const priceImportUploadsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('price_import_uploads'), engine)
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('options_json', 'text')
      .addColumn('summary_json', 'text')
      .addColumn('errors_json', 'text')
      .addColumn('actions_json', 'text')
      .addColumn('job_id', 'integer', (c) => c.references('price_import_jobs.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('price_import_uploads_job').on('price_import_uploads').column('job_id').execute();
  },
});
