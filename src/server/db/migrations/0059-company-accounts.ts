import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';
import { withId } from './migration-helpers.ts';

/**
 * 企业账户 (issue 28). company_accounts (the table companies is the invoice-title register): one per 统一社会信用代码. company_account_members: membership with its
 * history (left_at), one open row per member (a partial unique index, so concurrent accepts cannot
 * put a member in two companies). company_account_invitations: by phone, one pending invitation per company
 * and phone. purchase_lists.company_id (0057) now says which company shares a list.
 */
export const companyAccountsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('company_accounts'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('credit_code', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('company_accounts_credit_code').on('company_accounts').column('credit_code').unique().execute();
    await withId(db.schema.createTable('company_account_members'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company_accounts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addColumn('left_at', 'bigint')
      .execute();
    await sql`create unique index company_account_members_one_company on company_account_members (user_id) where left_at is null`.execute(db);
    await db.schema.createIndex('company_account_members_company').on('company_account_members').columns(['company_id', 'left_at']).execute();
    await withId(db.schema.createTable('company_account_invitations'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company_accounts.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint')
      .execute();
    await sql`create unique index company_account_invitations_pending on company_account_invitations (company_id, phone) where status = 'pending'`.execute(db);
    await db.schema.createIndex('company_account_invitations_phone').on('company_account_invitations').columns(['phone', 'status']).execute();
    await db.schema.createIndex('purchase_lists_company').on('purchase_lists').columns(['company_id', 'updated_at']).execute();
  },
});
