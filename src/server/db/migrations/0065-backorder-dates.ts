import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Back orders with dates (issue 28, decision 0031): a line waiting for units keeps the day they are
 * expected (预计到货, a Beijing date yyyy-MM-dd): set at placement from the part's factory lead time,
 * moved by staff with a reason. Null: nothing waits, or nobody said when (no lead time).
 */
export const backorderDatesMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('order_lines').addColumn('expected_date', 'text').execute();
  },
});
