import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Coupon amounts are named in cents like every other amount of the store (orders, carts, payments):
 * face_value_fen → face_value_cents, threshold_fen → threshold_cents. Both engines rename a column in
 * place and carry the check constraint along.
 */
export const couponAmountsInCentsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('coupon_templates').renameColumn('face_value_fen', 'face_value_cents').execute();
    await db.schema.alterTable('coupon_templates').renameColumn('threshold_fen', 'threshold_cents').execute();
  },
});
