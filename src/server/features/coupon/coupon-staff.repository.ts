import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CouponTemplatesTable } from './coupon.tables.ts';

/** The coupon templates and marketing settings as the console's marketing desk writes them (coupon-staff.service.ts). */

export async function countHeld(db: Kysely<Database>, templateId: number): Promise<number> {
  const row = await db
    .selectFrom('memberCoupons')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('templateId', '=', templateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTemplate(db: Kysely<Database>, template: Insertable<CouponTemplatesTable>): Promise<number> {
  const row = await db.insertInto('couponTemplates').values(template).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Updates a template unless members claimed more than the new stock meanwhile: the stock guard is
 * in the statement (claims take stock by a conditional update of the same row), so an edit racing
 * claims never leaves claimed_count above total_stock. False when the guard refused.
 */
export async function updateTemplateGuarded(db: Kysely<Database>, id: number, changes: Updateable<CouponTemplatesTable>): Promise<boolean> {
  const stock = changes.totalStock;
  let query = db.updateTable('couponTemplates').set(changes).where('id', '=', id);
  if (typeof stock === 'number') query = query.where('claimedCount', '<=', stock);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stops a template once: claiming ends now, it leaves the new-member pack. False when already stopped. */
export async function stopTemplateRow(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('couponTemplates')
    .set((eb) => ({
      stoppedAt: now,
      isNewMemberPack: 0,
      claimUntil: sql<number>`case when ${eb.ref('claimUntil')} is not null and ${eb.ref('claimUntil')} < ${now} then ${eb.ref('claimUntil')} else ${now} end`,
    }))
    .where('id', '=', id)
    .where('stoppedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function upsertMarketingSetting(db: Kysely<Database>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('marketingSettings')
    .values({ key, value, updatedAt: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}
