import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { insertCouponTemplates, insertMemberCoupons, type NewCouponTemplate, type NewMemberCoupon } from '../coupon.repository.ts';

export const day = 86_400_000;

let templateSequence = 0;

/** A centre coupon on sale now (platform-wide 满100减10, 15 days after claiming, 100 in stock) unless told otherwise. */
export async function insertCentreCoupon(db: Kysely<Database>, fields: Partial<NewCouponTemplate> = {}): Promise<number> {
  templateSequence += 1;
  const now = Date.now();
  const [id] = await insertCouponTemplates(db, [
    {
      name: `测试券${String(templateSequence)} 满100减10`,
      kind: 'goods',
      faceValueCents: 1000,
      thresholdCents: 10_000,
      scope: 'all',
      scopeId: null,
      scopeParentId: null,
      scopeName: '',
      validFrom: null,
      validUntil: null,
      validDays: 15,
      claimFrom: now - day,
      claimUntil: now + 30 * day,
      totalStock: 100,
      claimedCount: 0,
      perMemberLimit: 1,
      isInCentre: 1,
      isNewMemberPack: 0,
      sort: templateSequence,
      createdAt: now,
      ...fields,
    },
  ]);
  if (id === undefined) throw new Error('no coupon template inserted');
  return id;
}

/** A coupon a staff member gave: its template's terms, valid from yesterday for 30 days unless told otherwise. */
export async function giveCoupon(db: Kysely<Database>, userId: number, templateId: number, fields: Partial<NewMemberCoupon> = {}): Promise<number> {
  const now = Date.now();
  const held = await db.selectFrom('memberCoupons').select('id').where('userId', '=', userId).where('templateId', '=', templateId).execute();
  const [id] = await insertMemberCoupons(db, [
    { templateId, userId, claimNo: held.length + 1, source: 'staff', claimedAt: now - day, validFrom: now - day, validUntil: now + 30 * day, ...fields },
  ]);
  if (id === undefined) throw new Error('no member coupon inserted');
  return id;
}
