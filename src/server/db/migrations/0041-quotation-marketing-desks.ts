import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The quotation and marketing desks of the operations console (issue 14).
 * quotation_lines.offer_lead_time: the delivery time staff quote for a line (现货, 2-3周…).
 * quotations.close_reason / closed_at: a request staff rejected or an offer they closed (已关闭), with the reason the member is told.
 * coupon_templates.stopped_at: staff stopped handing a coupon out (claim_until is set to that moment too); coupons already claimed keep their own windows.
 * marketing_settings: settings staff edit that were configuration before (the invite reward's template, INVITE_REWARD_COUPON by name
 * until a row exists), one row per key.
 */
export const quotationMarketingDesksMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('quotation_lines').addColumn('offer_lead_time', 'text').execute();
    await db.schema
      .alterTable('quotations')
      .addColumn('close_reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('quotations').addColumn('closed_at', 'bigint').execute();
    await db.schema.alterTable('coupon_templates').addColumn('stopped_at', 'bigint').execute();
    await db.schema
      .createTable('marketing_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
