import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface MemberRef {
  id: number;
  userNumber: string;
}

export async function findMemberByUserNumber(db: Kysely<Database>, userNumber: string): Promise<MemberRef | undefined> {
  return db.selectFrom('users').select(['id', 'userNumber']).where('userNumber', '=', userNumber).executeTakeFirst();
}

export async function findMemberById(db: Kysely<Database>, id: number): Promise<MemberRef | undefined> {
  return db.selectFrom('users').select(['id', 'userNumber']).where('id', '=', id).executeTakeFirst();
}

export async function findInviterText(db: Kysely<Database>, userId: number): Promise<{ phone: string; inviter: string | null } | undefined> {
  return db.selectFrom('users').select(['phone', 'inviter']).where('id', '=', userId).executeTakeFirst();
}

/** What the order paid for its goods: after coupons, without freight (the invite reward's measure). */
export async function findGoodsPaidCents(db: Kysely<Database>, orderId: number): Promise<number> {
  const row = await db.selectFrom('orders').select(['goodsCents', 'goodsDiscountCents']).where('id', '=', orderId).executeTakeFirst();
  return row ? row.goodsCents - row.goodsDiscountCents : 0;
}

/** Claims the invitee's reward in one statement: false when it was claimed already (by this or a concurrent payment). */
export async function claimReward(
  db: Kysely<Database>,
  reward: { inviteeId: number; inviterId: number; orderId: number; createdAt: number },
): Promise<boolean> {
  const row = await db
    .insertInto('inviteRewards')
    .values({ ...reward, memberCouponId: null })
    .onConflict((conflict) => conflict.column('inviteeId').doNothing())
    .returning('inviteeId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setRewardCoupon(db: Kysely<Database>, inviteeId: number, memberCouponId: number): Promise<void> {
  await db.updateTable('inviteRewards').set({ memberCouponId }).where('inviteeId', '=', inviteeId).execute();
}

export interface InviteeRow {
  id: number;
  userNumber: string;
  phone: string;
  createdAt: number;
  hasPaidOrder: number;
  rewardedAt: number | null;
  couponName: string | null;
}

/**
 * The members `inviter` invited, newest first: those who named the inviter's number and registered
 * after the inviter (an earlier member can't have been invited by a later one).
 */
export async function findInvitees(db: Kysely<Database>, inviter: MemberRef, limit: number): Promise<InviteeRow[]> {
  return db
    .selectFrom('users as u')
    .leftJoin('inviteRewards as r', 'r.inviteeId', 'u.id')
    .leftJoin('memberCoupons as mc', 'mc.id', 'r.memberCouponId')
    .leftJoin('couponTemplates as t', 't.id', 'mc.templateId')
    .select((eb) => [
      'u.id',
      'u.userNumber',
      'u.phone',
      'u.createdAt',
      'r.createdAt as rewardedAt',
      't.name as couponName',
      eb
        .case()
        .when(
          eb.exists(
            eb.selectFrom('orders as o').select('o.id').whereRef('o.userId', '=', 'u.id').where('o.paidAt', 'is not', null).where('o.isSandbox', '=', 0),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('hasPaidOrder'),
    ])
    .where('u.inviter', '=', inviter.userNumber)
    .where('u.id', '>', inviter.id)
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countInvitees(db: Kysely<Database>, inviter: MemberRef): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('inviter', '=', inviter.userNumber)
    .where('id', '>', inviter.id)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function countRewards(db: Kysely<Database>, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('inviteRewards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('inviterId', '=', inviterId)
    .where('memberCouponId', 'is not', null)
    .executeTakeFirst();
  return row?.count ?? 0;
}
