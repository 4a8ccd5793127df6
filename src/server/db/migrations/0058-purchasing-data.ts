import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * 采购与合规 on products (issue 28, contract/purchasing.ts): REACH (unknown until said), the moisture
 * sensitivity level (na: 不适用), the ECCN, the ISO country of origin, the packaging, the factory lead time
 * in weeks and three https links to CAD models. Every part starts as unknown; the console's product form,
 * the price import and the seed fill them. One column a statement: SQLite adds no more at once.
 */
// The values as they were when written (contract/purchasing.ts may grow; a migration does not change).
const reachStatuses = ['compliant', 'non_compliant', 'unknown'];
const mslLevels = ['1', '2', '2a', '3', '4', '5', '5a', '6', 'na'];
const packagings = ['tape_reel', 'cut_tape', 'tray', 'tube', 'bulk', 'box'];

export const purchasingDataMigration: MigrationFactory = () => ({
  async up(db) {
    const products = () => db.schema.alterTable('products');
    const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
    await products()
      .addColumn('reach_status', 'text', (c) => c.notNull().defaultTo('unknown').check(oneOf('reach_status', reachStatuses)))
      .execute();
    await products()
      .addColumn('msl', 'text', (c) => c.check(oneOf('msl', mslLevels)))
      .execute();
    await products().addColumn('eccn', 'text').execute();
    await products()
      .addColumn('origin_country', 'text', (c) => c.check(sql`length(origin_country) = 2`))
      .execute();
    await products()
      .addColumn('packaging', 'text', (c) => c.check(oneOf('packaging', packagings)))
      .execute();
    await products()
      .addColumn('factory_lead_weeks', 'integer', (c) => c.check(sql`factory_lead_weeks between 1 and 104`))
      .execute();
    for (const column of ['cad_symbol_url', 'cad_footprint_url', 'cad_model_url']) await products().addColumn(column, 'text').execute();
  },
});
