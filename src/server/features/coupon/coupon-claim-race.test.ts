import { describe, expect, it } from 'vitest';
import { couponCalls } from '../../../contract/coupon-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { insertCentreCoupon } from './testing/coupon-fixture.ts';

/** Claims are a conditional stock update plus a unique claim number: concurrent claims never pass the stock or a limit. */
describe('claiming coupons under concurrency', () => {
  const t = useTestApp();

  async function members(count: number): Promise<SignedInMember[]> {
    const list: SignedInMember[] = [];
    for (let i = 0; i < count; i++) list.push(await t.member());
    return list;
  }

  async function stateOf(templateId: number) {
    const template = await t.db.kysely
      .selectFrom('couponTemplates')
      .select(['claimedCount', 'totalStock'])
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    const holders = await t.db.kysely.selectFrom('memberCoupons').select('userId').where('templateId', '=', templateId).execute();
    return { ...template, holders: holders.map((row) => row.userId) };
  }

  it('50 members claiming the last coupon at once: one gets it, 49 hear 已抢光', async () => {
    const templateId = await insertCentreCoupon(t.db.kysely, { totalStock: 200, claimedCount: 199 });
    const claimants = await members(50);
    const answers = await Promise.all(claimants.map((member) => member.browser.call(couponCalls.claim, { templateId })));
    const winners = claimants.filter((_, i) => answers[i]?.code === 1);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'coupon.soldOut')).toHaveLength(49);
    const state = await stateOf(templateId);
    expect(state).toEqual({ claimedCount: 200, totalStock: 200, holders: [winners[0]?.userId] });
  });

  it('50 members claiming the last 3 at once: exactly 3 get one', async () => {
    const templateId = await insertCentreCoupon(t.db.kysely, { totalStock: 3 });
    const claimants = await members(50);
    const answers = await Promise.all(claimants.map((member) => member.browser.call(couponCalls.claim, { templateId })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(3);
    const state = await stateOf(templateId);
    expect(state.claimedCount).toBe(3);
    expect(new Set(state.holders).size).toBe(3);
  });

  it('one member firing 20 claims at once stops at the per-member limit of 2, and the stock counts 2', async () => {
    const templateId = await insertCentreCoupon(t.db.kysely, { totalStock: 100, perMemberLimit: 2 });
    const [member] = await members(1);
    if (!member) throw new Error('no member');
    const answers = await Promise.all(Array.from({ length: 20 }, () => member.browser.call(couponCalls.claim, { templateId })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(2);
    expect(answers.filter((answer) => answer.errorCode === 'coupon.alreadyClaimed')).toHaveLength(18);
    const state = await stateOf(templateId);
    expect(state.claimedCount).toBe(2);
    expect(state.holders).toEqual([member.userId, member.userId]);
  });
});
