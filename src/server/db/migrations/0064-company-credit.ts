import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/**
 * 月结 and 对账单 (issue 28, decision 0030), owned by features/company-credit. company_credit_accounts: one per
 * company granted 月结, its limit, terms and used_cents (guarded by one conditional update, so concurrent charges
 * never pass the limit). company_statements: one per company and Beijing month (a unique index). company_credit_entries:
 * every charge, refund credited back and settlement, each on exactly one statement; one charge per order and one
 * credit per refund number (partial unique indexes), so a replay never counts twice.
 */
export const companyCreditMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema
      .createTable('company_credit_accounts')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('company_accounts.id').onDelete('cascade'))
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('limit_cents', 'bigint', (c) => c.notNull())
      .addColumn('terms_days', 'integer', (c) => c.notNull())
      .addColumn('used_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('company_statements'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company_accounts.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('terms_days', 'integer', (c) => c.notNull())
      .addColumn('issued_at', 'bigint')
      .addColumn('due_at', 'bigint')
      .addColumn('overdue_at', 'bigint')
      .addColumn('settled_at', 'bigint')
      .addColumn('settle_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('company_statements_period').on('company_statements').columns(['company_id', 'period']).unique().execute();
    await db.schema.createIndex('company_statements_status').on('company_statements').columns(['status', 'period']).execute();
    await withId(db.schema.createTable('company_credit_entries'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company_accounts.id').onDelete('cascade'))
      .addColumn('statement_id', 'integer', (c) => c.notNull().references('company_statements.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('ref_no', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`create unique index company_credit_entries_one_charge on company_credit_entries (order_no) where kind = 'charge'`.execute(db);
    await sql`create unique index company_credit_entries_one_credit on company_credit_entries (ref_no) where kind = 'refund'`.execute(db);
    await db.schema.createIndex('company_credit_entries_statement').on('company_credit_entries').columns(['statement_id', 'created_at']).execute();
  },
});
