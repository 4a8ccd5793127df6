import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Issue 10: the members' address books and invoice profiles, and the company register the invoice
 * form's autocomplete reads. Division names are kept beside their codes: an address reads the
 * same after the divisions change. A partial unique index keeps at most one default per member.
 */
export const addressesInvoicesMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('addresses'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('receiver', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('landline', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('province_code', 'text', (c) => c.notNull())
      .addColumn('province_name', 'text', (c) => c.notNull())
      .addColumn('city_code', 'text', (c) => c.notNull())
      .addColumn('city_name', 'text', (c) => c.notNull())
      .addColumn('district_code', 'text', (c) => c.notNull())
      .addColumn('district_name', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('addresses_one_default').on('addresses').column('user_id').unique().where(sql.ref('is_default'), '=', 1).execute();

    await withId(db.schema.createTable('invoice_profiles'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tax_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('registered_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('registered_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bank_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bank_account', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invoice_profiles_user').on('invoice_profiles').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createIndex('invoice_profiles_one_default')
      .on('invoice_profiles')
      .column('user_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute();

    // is_verified: 1 for the register the store loads, 0 for companies learnt from members' profiles,
    // which never overwrite a verified row and rank after it.
    await withId(db.schema.createTable('companies'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tax_number', 'text', (c) => c.notNull().unique())
      .addColumn('registered_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('registered_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bank_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bank_account', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The exact-name lookup of queryCompanyInfo is case-insensitive on both engines.
    await db.schema
      .createIndex('companies_name_lower')
      .on('companies')
      .expression(sql`lower(name)`)
      .execute();
  },
});
