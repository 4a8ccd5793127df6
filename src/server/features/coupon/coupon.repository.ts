import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { MyCouponTab } from '../../../contract/coupon.ts';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CouponTemplatesTable, MemberCouponsTable } from './coupon.tables.ts';

export type CouponTemplateRow = Selectable<CouponTemplatesTable>;
export type NewCouponTemplate = Insertable<CouponTemplatesTable>;
export type NewMemberCoupon = Insertable<MemberCouponsTable>;

/** A member's coupon with the terms of its template. */
export interface MemberCouponRow {
  id: number;
  templateId: number;
  userId: number;
  source: MemberCouponsTable['source'];
  claimedAt: number;
  validFrom: number;
  validUntil: number;
  usedOrderId: number | null;
  usedAt: number | null;
  name: string;
  kind: CouponTemplatesTable['kind'];
  faceValueCents: number;
  thresholdCents: number;
  scope: CouponTemplatesTable['scope'];
  scopeId: number | null;
  scopeParentId: number | null;
  scopeName: string;
}

function memberCouponsWithTerms(db: Kysely<Database>) {
  return db
    .selectFrom('memberCoupons as mc')
    .innerJoin('couponTemplates as t', 't.id', 'mc.templateId')
    .select([
      'mc.id',
      'mc.templateId',
      'mc.userId',
      'mc.source',
      'mc.claimedAt',
      'mc.validFrom',
      'mc.validUntil',
      'mc.usedOrderId',
      'mc.usedAt',
      't.name',
      't.kind',
      't.faceValueCents',
      't.thresholdCents',
      't.scope',
      't.scopeId',
      't.scopeParentId',
      't.scopeName',
    ]);
}

export async function insertCouponTemplates(db: Kysely<Database>, templates: NewCouponTemplate[]): Promise<number[]> {
  if (templates.length === 0) return [];
  const rows = await db.insertInto('couponTemplates').values(templates).returning('id').execute();
  return rows.map((row) => row.id);
}

/** The centre's coupons still being handed out (sold-out ones included: they show 已抢光), in display order. */
export async function findCentreTemplates(db: Kysely<Database>, now: number): Promise<CouponTemplateRow[]> {
  return db
    .selectFrom('couponTemplates')
    .selectAll()
    .where('isInCentre', '=', 1)
    .where((eb) => eb.or([eb('claimUntil', 'is', null), eb('claimUntil', '>', now)]))
    .where((eb) => eb.or([eb('validUntil', 'is', null), eb('validUntil', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findTemplate(db: Kysely<Database>, id: number): Promise<CouponTemplateRow | undefined> {
  return db.selectFrom('couponTemplates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A template granted by name (the invite reward, INVITE_REWARD_COUPON): the first of that name outside the centre. */
export async function findGrantTemplateByName(db: Kysely<Database>, name: string): Promise<CouponTemplateRow | undefined> {
  return db
    .selectFrom('couponTemplates')
    .selectAll()
    .where('name', '=', name)
    .where('isInCentre', '=', 0)
    .where('stoppedAt', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function findPackTemplates(db: Kysely<Database>): Promise<CouponTemplateRow[]> {
  return db.selectFrom('couponTemplates').selectAll().where('isNewMemberPack', '=', 1).where('stoppedAt', 'is', null).orderBy('sort').orderBy('id').execute();
}

/** How many of each template the member holds (used or not). */
export async function countClaims(db: Kysely<Database>, userId: number, templateIds: readonly number[]): Promise<Map<number, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('memberCoupons')
    .select((eb) => ['templateId', eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .where('templateId', 'in', templateIds)
    .groupBy('templateId')
    .execute();
  return new Map(rows.map((row) => [row.templateId, row.count]));
}

/**
 * Takes one coupon from a centre template's stock in one conditional statement, so that of
 * concurrent claims of the last one exactly one gets it (on PostgreSQL the row lock queues the
 * rest, which then see the new count). Returns false when nothing was taken.
 */
export async function takeFromStock(db: Kysely<Database>, templateId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('couponTemplates')
    .set((eb) => ({ claimedCount: eb('claimedCount', '+', 1) }))
    .where('id', '=', templateId)
    .where('isInCentre', '=', 1)
    .where('claimFrom', '<=', now)
    .where((eb) => eb.or([eb('claimUntil', 'is', null), eb('claimUntil', '>', now)]))
    .where((eb) => eb.or([eb('validUntil', 'is', null), eb('validUntil', '>', now)]))
    .where((eb) => eb.or([eb('totalStock', 'is', null), eb('claimedCount', '<', eb.ref('totalStock'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts member coupons; a row whose (template, member, claim number) exists already is skipped. Returns the new ids. */
export async function insertMemberCoupons(db: Kysely<Database>, coupons: NewMemberCoupon[]): Promise<number[]> {
  if (coupons.length === 0) return [];
  const rows = await db
    .insertInto('memberCoupons')
    .values(coupons)
    .onConflict((conflict) => conflict.columns(['templateId', 'userId', 'claimNo']).doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Read on every member's page (the shell's ads): compiled once (db/prepared-query.ts). */
const packCouponQuery = preparedQuery((db: Kysely<Database>, userId: number) =>
  db.selectFrom('memberCoupons').select('id').where('userId', '=', userId).where('source', '=', 'newMemberPack').limit(1),
);

export async function hasPackCoupons(db: Kysely<Database>, userId: number): Promise<boolean> {
  const rows = await packCouponQuery(db, userId);
  return rows.length > 0;
}

export async function findPackCouponsOf(db: Kysely<Database>, userId: number): Promise<MemberCouponRow[]> {
  return memberCouponsWithTerms(db).where('mc.userId', '=', userId).where('mc.source', '=', 'newMemberPack').orderBy('t.sort').orderBy('mc.id').execute();
}

/** The member's coupons that are neither used nor expired (some may not have started yet). */
export async function findUnusedCoupons(db: Kysely<Database>, userId: number, now: number): Promise<MemberCouponRow[]> {
  return memberCouponsWithTerms(db)
    .where('mc.userId', '=', userId)
    .where('mc.usedOrderId', 'is', null)
    .where('mc.validUntil', '>', now)
    .orderBy('mc.validUntil')
    .orderBy('mc.id')
    .execute();
}

export async function findCouponsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<MemberCouponRow[]> {
  if (ids.length === 0) return [];
  return memberCouponsWithTerms(db).where('mc.id', 'in', ids).execute();
}

export async function findCouponsOfTab(
  db: Kysely<Database>,
  userId: number,
  tab: MyCouponTab,
  now: number,
  page: { offset: number; limit: number },
): Promise<MemberCouponRow[]> {
  // Unused: soonest to expire first, then as received; used and expired: latest first.
  let query = memberCouponsWithTerms(db).where('mc.userId', '=', userId);
  if (tab === 'used') query = query.where('mc.usedOrderId', 'is not', null).orderBy('mc.usedAt', 'desc').orderBy('mc.id', 'desc');
  else if (tab === 'expired')
    query = query.where('mc.usedOrderId', 'is', null).where('mc.validUntil', '<=', now).orderBy('mc.validUntil', 'desc').orderBy('mc.id', 'desc');
  else query = query.where('mc.usedOrderId', 'is', null).where('mc.validUntil', '>', now).orderBy('mc.validUntil').orderBy('mc.id');
  return query.offset(page.offset).limit(page.limit).execute();
}

export async function countCouponsByTab(db: Kysely<Database>, userId: number, now: number): Promise<Record<MyCouponTab, number>> {
  const row = await db
    .selectFrom('memberCoupons')
    .select([
      sql<number>`coalesce(sum(case when used_order_id is null and valid_until > ${now} then 1 else 0 end), 0)`.as('unused'),
      sql<number>`coalesce(sum(case when used_order_id is not null then 1 else 0 end), 0)`.as('used'),
      sql<number>`coalesce(sum(case when used_order_id is null and valid_until <= ${now} then 1 else 0 end), 0)`.as('expired'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { unused: row.unused, used: row.used, expired: row.expired };
}

/**
 * Marks the member's coupons used by the order in one conditional statement: a coupon another
 * order took meanwhile (used_order_id no longer null), expired or not yet valid is not counted.
 * The caller compares the count with the ids and rolls back when they differ.
 */
export async function markCouponsUsed(
  db: Kysely<Database>,
  redemption: { userId: number; ids: readonly number[]; orderId: number; now: number },
): Promise<number> {
  const result = await db
    .updateTable('memberCoupons')
    .set({ usedOrderId: redemption.orderId, usedAt: redemption.now })
    .where('id', 'in', redemption.ids)
    .where('userId', '=', redemption.userId)
    .where('usedOrderId', 'is', null)
    .where('validFrom', '<=', redemption.now)
    .where('validUntil', '>', redemption.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives the order's coupons back if still valid; a second call finds none (they no longer name the order). */
export async function releaseCouponsOf(db: Kysely<Database>, orderId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('memberCoupons')
    .set({ usedOrderId: null, usedAt: null })
    .where('usedOrderId', '=', orderId)
    .where('validUntil', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A marketing setting staff wrote; undefined until written (configuration is the default then). */
export async function findMarketingSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('marketingSettings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** A template that may be granted outside the centre (not in it, not stopped). */
export async function findGrantableTemplate(db: Kysely<Database>, id: number): Promise<CouponTemplateRow | undefined> {
  return db.selectFrom('couponTemplates').selectAll().where('id', '=', id).where('isInCentre', '=', 0).where('stoppedAt', 'is', null).executeTakeFirst();
}
