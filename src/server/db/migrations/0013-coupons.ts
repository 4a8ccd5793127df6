import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

const day = 86_400_000;

/**
 * The new-member pack every registration grants, as the home page's adverts and announcement
 * promise it (¥100: 满500减50, 满300减30, 满200减20, platform-wide, 30 days). It is part of the
 * store, not demo data, so it is written here and a store without the demo seed keeps the promise.
 */
const newMemberPack = [
  { name: '新人专享券 满500减50', faceValueCents: 5_000, thresholdCents: 50_000, sort: 1 },
  { name: '新人专享券 满300减30', faceValueCents: 3_000, thresholdCents: 30_000, sort: 2 },
  { name: '新人专享券 满200减20', faceValueCents: 2_000, thresholdCents: 20_000, sort: 3 },
];

export const couponsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('coupon_templates'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('face_value_fen', 'integer', (c) => c.notNull())
      .addColumn('threshold_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('scope_id', 'integer')
      .addColumn('scope_parent_id', 'integer')
      .addColumn('scope_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('valid_from', 'bigint')
      .addColumn('valid_until', 'bigint')
      .addColumn('valid_days', 'integer')
      .addColumn('claim_from', 'bigint', (c) => c.notNull())
      .addColumn('claim_until', 'bigint')
      .addColumn('total_stock', 'integer')
      .addColumn('claimed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_in_centre', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_new_member_pack', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('coupon_templates_kind', sql`kind IN ('goods', 'freight')`)
      .addCheckConstraint('coupon_templates_scope', sql`scope IN ('all', 'brand', 'category') AND (scope = 'all') = (scope_id IS NULL)`)
      .addCheckConstraint('coupon_templates_amounts', sql`face_value_fen > 0 AND threshold_fen >= 0 AND per_member_limit >= 1`)
      .addCheckConstraint(
        'coupon_templates_validity',
        sql`(valid_days IS NOT NULL AND valid_days > 0 AND valid_from IS NULL AND valid_until IS NULL)
          OR (valid_days IS NULL AND valid_from IS NOT NULL AND valid_until > valid_from)`,
      )
      // The last coupon is claimed once: a claim that would pass the stock is refused by the row itself too.
      .addCheckConstraint('coupon_templates_stock', sql`total_stock IS NULL OR (claimed_count >= 0 AND claimed_count <= total_stock)`)
      .execute();

    await withId(db.schema.createTable('member_coupons'), engine)
      .addColumn('template_id', 'integer', (c) => c.notNull().references('coupon_templates.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 1 … per_member_limit: the unique key makes a second grant of the pack, or a claim past the limit, do nothing.
      .addColumn('claim_no', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('valid_from', 'bigint', (c) => c.notNull())
      .addColumn('valid_until', 'bigint', (c) => c.notNull())
      // No foreign key: orders come in a later migration, and a coupon outlives nothing it points to.
      .addColumn('used_order_id', 'integer')
      .addColumn('used_at', 'bigint')
      .addUniqueConstraint('member_coupons_claim', ['template_id', 'user_id', 'claim_no'])
      .addCheckConstraint('member_coupons_source', sql`source IN ('centre', 'newMemberPack', 'staff')`)
      .addCheckConstraint('member_coupons_used', sql`(used_order_id IS NULL) = (used_at IS NULL)`)
      .execute();
    await db.schema.createIndex('member_coupons_user').on('member_coupons').columns(['user_id', 'valid_until']).execute();
    await db.schema.createIndex('member_coupons_order').on('member_coupons').column('used_order_id').execute();

    const now = Date.now();
    await db
      .insertInto('coupon_templates')
      .values(
        newMemberPack.map((coupon) => ({
          name: coupon.name,
          kind: 'goods',
          face_value_fen: coupon.faceValueCents,
          threshold_fen: coupon.thresholdCents,
          scope: 'all',
          valid_days: 30,
          claim_from: now - day,
          per_member_limit: 1,
          is_in_centre: 0,
          is_new_member_pack: 1,
          sort: coupon.sort,
          created_at: now,
        })),
      )
      .execute();
  },
});
