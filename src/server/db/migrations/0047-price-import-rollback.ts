import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * 回滚 of a finished price-list import: a finished job keeps its undo rows until `undo_until` (the sweeper purges
 * them after it and clears the column), each undo row also keeps the part as the job left it (`after_json`, to tell
 * a part changed since) and the row of the file it came from; a rollback counts its progress in `undone` of
 * `undo_total`, and the parts it did not overwrite are listed in price_import_rollback_conflicts (the report).
 */
export const priceImportRollbackMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema.alterTable('price_import_jobs').addColumn('undo_until', 'bigint').execute();
    await db.schema
      .alterTable('price_import_jobs')
      .addColumn('undo_total', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('price_import_jobs')
      .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('price_import_undo').addColumn('after_json', 'text').execute();
    await db.schema.alterTable('price_import_undo').addColumn('row_number', 'integer').execute();
    await withId(db.schema.createTable('price_import_rollback_conflicts'), engine)
      .addColumn('job_id', 'integer', (c) => c.notNull().references('price_import_jobs.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('row_number', 'integer')
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('reason', 'varchar(255)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('price_import_rollback_conflicts_job').on('price_import_rollback_conflicts').columns(['job_id', 'id']).execute();
    await db.schema.createIndex('price_import_jobs_undo_until').on('price_import_jobs').column('undo_until').execute();
  },
});
