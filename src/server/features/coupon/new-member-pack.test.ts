import { describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { NewMemberPackData } from '../../../contract/coupon.ts';
import type { HomeData } from '../../../contract/home.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { findOrCreateMember } from '../account/account.service.ts';
import { nextIp, nextPhone, registerMemberVia, sendCode } from '../account/account.test-helpers.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';
import { grantNewMemberPack } from './coupon.service.ts';
import { day } from './testing/coupon-fixture.ts';

/** The pack the adverts promise (migration 0013): ¥50 / ¥30 / ¥20 with their thresholds, 30 days. */
const advertised = [
  { faceValueCents: 5000, thresholdCents: 50_000 },
  { faceValueCents: 3000, thresholdCents: 30_000 },
  { faceValueCents: 2000, thresholdCents: 20_000 },
];

describe('the new-member pack', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await insertContentFixture(app.db);
      await insertHomeFixture(app.db);
    },
  });

  async function packOf(phone: string) {
    const user = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const coupons = await t.db.kysely
      .selectFrom('memberCoupons as mc')
      .innerJoin('couponTemplates as ct', 'ct.id', 'mc.templateId')
      .select(['ct.faceValueCents', 'ct.thresholdCents', 'ct.scope', 'mc.source', 'mc.validFrom', 'mc.validUntil', 'mc.usedOrderId'])
      .where('mc.userId', '=', user.id)
      .orderBy('ct.faceValueCents', 'desc')
      .execute();
    const messages = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', user.id).execute();
    return { userId: user.id, coupons, messages };
  }

  function expectOnePack(pack: Awaited<ReturnType<typeof packOf>>, registeredAt: number) {
    expect(pack.coupons.map(({ faceValueCents, thresholdCents }) => ({ faceValueCents, thresholdCents }))).toEqual(advertised);
    for (const coupon of pack.coupons) {
      expect(coupon).toMatchObject({ scope: 'all', source: 'newMemberPack', usedOrderId: null });
      expect(coupon.validFrom).toBeGreaterThanOrEqual(registeredAt);
      expect(coupon.validUntil - coupon.validFrom).toBe(30 * day);
    }
    expect(pack.messages.filter((message) => message.msgContent.startsWith('新人礼包已到账'))).toHaveLength(1);
  }

  async function graphicAnswerOf(browser: TestBrowser): Promise<string> {
    await browser.callOk(accountCalls.queryDynamicGraphCode, { type: SendMsgType.register });
    const { answer } = (await browser.get('/dev/graphic-code')).json<{ answer: string | null }>();
    if (!answer) throw new Error('no graphic code stored');
    return answer;
  }

  it('is granted by SMS registration (messageRegister)', async () => {
    const phone = nextPhone();
    const registeredAt = Date.now();
    await registerMemberVia(t, t.browser(nextIp()), phone);
    expectOnePack(await packOf(phone), registeredAt);
  });

  it('is granted by registration with the graphic code (register)', async () => {
    const browser = t.browser(nextIp());
    const phone = nextPhone();
    const registeredAt = Date.now();
    const graphCode = await graphicAnswerOf(browser);
    const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
    await browser.callOk(accountCalls.register, { phone, graphCode, smsCode, password: 'abc12345' });
    expectOnePack(await packOf(phone), registeredAt);
  });

  it('is granted by the home page’s quick registration (quickRegister)', async () => {
    const browser = t.browser(nextIp());
    const phone = nextPhone();
    const registeredAt = Date.now();
    const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
    await browser.callOk(accountCalls.quickRegister, { phone, smsCode });
    expectOnePack(await packOf(phone), registeredAt);
  });

  it('is granted to the members the demo seed creates (findOrCreateMember), not again when found', async () => {
    const seededAt = Date.now();
    const demo = { phone: '13800138000', password: 'demo1234', nickName: '演示用户', createdAt: seededAt };
    const userId = await findOrCreateMember(t.db.kysely, demo);
    expect(await findOrCreateMember(t.db.kysely, demo)).toBe(userId);
    expectOnePack(await packOf(demo.phone), seededAt);
  });

  it('is not granted by a registration that fails', async () => {
    const browser = t.browser(nextIp());
    const phone = nextPhone();
    await sendCode(t, browser, phone, SendMsgType.register);
    expect(await browser.call(accountCalls.quickRegister, { phone, smsCode: '0000' })).toMatchObject({ code: 400 });
    expect(await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
    const templates = await t.db.kysely.selectFrom('couponTemplates').select('id').where('isNewMemberPack', '=', 1).execute();
    expect(templates).toHaveLength(3);
  });

  it('is granted once: a second grant adds and sends nothing', async () => {
    const phone = nextPhone();
    const registeredAt = Date.now();
    await registerMemberVia(t, t.browser(nextIp()), phone);
    const { userId } = await packOf(phone);
    expect(await grantNewMemberPack(t.db.kysely, userId, Date.now())).toBe(0);
    expectOnePack(await packOf(phone), registeredAt);
  });

  it('is granted once when grants of one member race', async () => {
    const member = await t.member();
    const grantedAt = Date.now();
    const granted = await Promise.all(Array.from({ length: 10 }, () => grantNewMemberPack(t.db.kysely, member.userId, grantedAt)));
    expect(granted.reduce((sum, count) => sum + count, 0)).toBe(3);
    expectOnePack(await packOf(member.phone), grantedAt);
  });

  it('is offered to visitors by the top and pop-up ads and the home banner, not to a member who has it', async () => {
    const visitorHome = pageStateOf<HomeData>((await t.browser().get('/')).body);
    expect(visitorHome.shell.advertisingInfo.top?.clickUrl).toBe('/serve/advantage');
    expect(visitorHome.shell.advertisingInfo.popup?.clickUrl).toBe('/serve/advantage');
    expect(visitorHome.data.bannerList.map((banner) => banner.clickUrl)).toContain('/serve/advantage');

    const browser = t.browser(nextIp());
    await registerMemberVia(t, browser, nextPhone());
    const memberHome = pageStateOf<HomeData>((await browser.get('/')).body);
    expect(memberHome.data.isLogin).toBe(true);
    expect(memberHome.shell.advertisingInfo.top).toBeNull();
    expect(memberHome.shell.advertisingInfo.popup).toBeNull();
    expect(memberHome.shell.advertisingInfo.sidebar?.clickUrl).toBe('/bom');
    const clickUrls = memberHome.data.bannerList.map((banner) => banner.clickUrl);
    expect(clickUrls).not.toContain('/serve/advantage');
    expect(clickUrls).toContain('/coupon');
    expect(clickUrls).toHaveLength(visitorHome.data.bannerList.length);
  });

  it('is still advertised to a member without it (one created before the pack existed)', async () => {
    const member = await t.member();
    const home = pageStateOf<HomeData>((await member.browser.get('/')).body);
    expect(home.shell.advertisingInfo.top?.clickUrl).toBe('/serve/advantage');
    expect(home.data.bannerList.map((banner) => banner.clickUrl)).toContain('/serve/advantage');
  });

  describe('/serve/advantage', () => {
    it('explains the pack to visitors, largest coupon first', async () => {
      const page = await t.browser().get('/serve/advantage');
      expect(page.statusCode).toBe(200);
      const data = pageStateOf<NewMemberPackData>(page.body).data;
      expect(data.isLogin).toBe(false);
      expect(data.pack.map(({ faceValueCents, thresholdCents, validDays }) => ({ faceValueCents, thresholdCents, validDays }))).toEqual(
        advertised.map((coupon) => ({ ...coupon, validDays: 30 })),
      );
      expect(data.received).toEqual([]);
      expect(page.body).toContain('立即注册领取');
      expect(page.body).toContain('¥100 元器件券包');
    });

    it('lists what a member received, with each coupon’s state', async () => {
      const browser = t.browser(nextIp());
      const phone = nextPhone();
      await registerMemberVia(t, browser, phone);
      const { userId } = await packOf(phone);
      await t.db.kysely
        .updateTable('memberCoupons')
        .set({ usedOrderId: 77, usedAt: Date.now() })
        .where('userId', '=', userId)
        .where('templateId', '=', (eb) => eb.selectFrom('couponTemplates').select('id').where('isNewMemberPack', '=', 1).where('faceValueCents', '=', 3000))
        .execute();
      const data = pageStateOf<NewMemberPackData>((await browser.get('/serve/advantage')).body).data;
      expect(data.isLogin).toBe(true);
      expect(data.received.map((coupon) => [coupon.faceValueCents, coupon.status])).toEqual([
        [5000, 'unused'],
        [3000, 'used'],
        [2000, 'unused'],
      ]);
    });

    it('tells a member without the pack where to find coupons', async () => {
      const member = await t.member();
      const page = await member.browser.get('/serve/advantage');
      expect(pageStateOf<NewMemberPackData>(page.body).data.received).toEqual([]);
      expect(page.body).toContain('去领券中心');
    });
  });
});
