import { describe, expect, it } from 'vitest';
import type { InvitePageData } from '../../../contract/invite.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { payOrder, placeUnpaidOrder, registerInvited, rewardCouponsOf } from './testing/invite-fixture.ts';

describe('邀请有礼: inviters, crediting and the invite page', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      const part = await insertPart(app.db.kysely, catalog, { stock: 100_000, prices: [{ qtyStart: 1, priceE4: 300_000 }] });
      return { part };
    },
  });
  const messagesOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).execute()).map((row) => row.msgContent);

  it("keeps a member's user number as the inviter (any case, trimmed) and ignores anything else", async () => {
    const inviter = await createMember(t.db.kysely);
    expect((await registerInvited(t, ` ${inviter.userNumber.toLowerCase()} `)).inviter).toBe(inviter.userNumber);
    for (const unknown of ['U2601010001', 'friend01', '13900000001', 'U', '']) {
      expect((await registerInvited(t, unknown)).inviter).toBeNull();
    }
    expect((await registerInvited(t, undefined)).inviter).toBeNull();
  });

  it("credits the inviter once, on the invitee's first paid order: a coupon and a message", async () => {
    const inviter = await createMember(t.db.kysely);
    const invitee = await registerInvited(t, inviter.userNumber);
    const first = await placeUnpaidOrder(t, invitee.userId, t.fixture.part);
    const second = await placeUnpaidOrder(t, invitee.userId, t.fixture.part);
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([]);

    expect(await payOrder(t, first)).toBe('paid');
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([{ claimNo: invitee.userId, source: 'staff' }]);
    expect((await messagesOf(inviter.userId)).filter((text) => text.includes('邀请奖励「邀请奖励 满200减20」已发放'))).toHaveLength(1);
    // The same notice again, and a second paid order: nothing more.
    expect(await payOrder(t, first)).toBe('alreadyPaid');
    expect(await payOrder(t, second)).toBe('paid');
    expect(await rewardCouponsOf(t, inviter.userId)).toHaveLength(1);
    const rewards = await t.db.kysely.selectFrom('inviteRewards').selectAll().where('inviterId', '=', inviter.userId).execute();
    expect(rewards).toMatchObject([{ inviteeId: invitee.userId, memberCouponId: expect.any(Number) as number }]);
    // The invitee (who has no inviter's reward to give) gets nothing; a member without an inviter credits no one.
    expect(await rewardCouponsOf(t, invitee.userId)).toEqual([]);
  });

  it('credits one coupon per invitee: two friends, two coupons', async () => {
    const inviter = await createMember(t.db.kysely);
    const friends = [await registerInvited(t, inviter.userNumber), await registerInvited(t, inviter.userNumber)];
    for (const friend of friends) expect(await payOrder(t, await placeUnpaidOrder(t, friend.userId, t.fixture.part))).toBe('paid');
    expect((await rewardCouponsOf(t, inviter.userId)).map((coupon) => coupon.claimNo)).toEqual(friends.map((friend) => friend.userId).sort((a, b) => a - b));
  });

  it('refuses self-invitation, whatever wrote the inviter', async () => {
    const member = await createMember(t.db.kysely);
    // What a path that binds an existing account could write: the member's own number.
    await t.db.kysely.updateTable('users').set({ inviter: member.userNumber }).where('id', '=', member.userId).execute();
    expect(await payOrder(t, await placeUnpaidOrder(t, member.userId, t.fixture.part))).toBe('paid');
    expect(await rewardCouponsOf(t, member.userId)).toEqual([]);
    expect(await t.db.kysely.selectFrom('inviteRewards').select('inviteeId').where('inviteeId', '=', member.userId).execute()).toEqual([]);
    const page = pageStateOf<InvitePageData>((await (await signedIn(member.userId)).get('/user/invite')).body).data;
    expect(page.invitees).toEqual([]);
  });

  it('refuses invitation loops: an earlier member is never credited as invited by a later one', async () => {
    // A ← C ← B ← A: each names the next, as stale data or another path could have written.
    const a = await createMember(t.db.kysely);
    const b = await createMember(t.db.kysely);
    const c = await createMember(t.db.kysely);
    const names = [
      [a, c],
      [b, a],
      [c, b],
    ] as const;
    for (const [member, inviter] of names) {
      await t.db.kysely.updateTable('users').set({ inviter: inviter.userNumber }).where('id', '=', member.userId).execute();
    }
    for (const member of [a, b, c]) expect(await payOrder(t, await placeUnpaidOrder(t, member.userId, t.fixture.part))).toBe('paid');
    const rewards = await t.db.kysely
      .selectFrom('inviteRewards')
      .select(['inviteeId', 'inviterId'])
      .where('inviteeId', 'in', [a.userId, b.userId, c.userId])
      .orderBy('inviteeId')
      .execute();
    // The edge back to the oldest (A named by no earlier member) is refused, so the circle never closes.
    expect(rewards).toEqual([
      { inviteeId: b.userId, inviterId: a.userId },
      { inviteeId: c.userId, inviterId: b.userId },
    ]);
    const cPage = pageStateOf<InvitePageData>((await (await signedIn(c.userId)).get('/user/invite')).body).data;
    expect(cPage.invitees).toEqual([]);
    // The table itself refuses a reward whose inviter is not the earlier member.
    await expect(
      t.db.kysely
        .insertInto('inviteRewards')
        .values({ inviteeId: a.userId, inviterId: c.userId, orderId: 1, memberCouponId: null, createdAt: Date.now() })
        .execute(),
    ).rejects.toThrow();
  });

  async function signedIn(userId: number) {
    const browser = t.browser();
    await signIn(browser, t.db.kysely, userId);
    return browser;
  }

  it("shows the member's link, QR code, invitees and rewards; sends visitors to log in", async () => {
    const inviter = await createMember(t.db.kysely);
    const ordered = await registerInvited(t, inviter.userNumber);
    const waiting = await registerInvited(t, inviter.userNumber);
    await payOrder(t, await placeUnpaidOrder(t, ordered.userId, t.fixture.part));
    const response = await (await signedIn(inviter.userId)).get('/user/invite');
    expect(response.statusCode).toBe(200);
    const data = pageStateOf<InvitePageData>(response.body).data;
    // The origin the page was asked on (PUBLIC_BASE_URL when configured).
    expect(data.inviteUrl).toBe(`http://localhost:80/?inviter=${inviter.userNumber}`);
    expect(data.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qrCodeDataUrl.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(data).toMatchObject({ userNumber: inviter.userNumber, inviteeCount: 2, rewardCount: 1, rewardName: '邀请奖励 满200减20' });
    expect(data.invitees).toEqual([
      {
        userNumber: waiting.userNumber,
        maskedPhone: expect.stringMatching(/^139\*{4}\d{4}$/) as string,
        registeredOn: expect.any(String) as string,
        hasOrdered: false,
        isRewarded: false,
      },
      {
        userNumber: ordered.userNumber,
        maskedPhone: expect.stringMatching(/^139\*{4}\d{4}$/) as string,
        registeredOn: expect.any(String) as string,
        hasOrdered: true,
        isRewarded: true,
      },
    ]);
    expect(response.body).toContain('邀请有礼');
    const visitor = await t.browser().get('/user/invite');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/account/login?return=${encodeURIComponent('/user/invite')}`);
  });
});
