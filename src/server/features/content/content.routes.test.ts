import { describe, expect, it } from 'vitest';
import { createMember, signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { shellOf } from '../shell/shell-testing.ts';
import { beijingDay, forgetSiteContent, visitorKeyOf } from './content.service.ts';
import { seedContent } from './content.seed.ts';

describe('ads: /common/api/updateAdvertisingStatus', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await seedContent(app.db);
      const ads = await app.db.kysely.selectFrom('ads').select(['adPosId', 'position']).execute();
      return {
        topAdId: ads.find((ad) => ad.position === 'top')?.adPosId ?? 0,
        sidebarAdId: ads.find((ad) => ad.position === 'sidebar')?.adPosId ?? 0,
      };
    },
  });

  it('hides a closed ad from that visitor for the day, and only from that visitor', async () => {
    const { topAdId, sidebarAdId } = t.fixture;
    const visitor = t.browser();
    const other = t.browser();
    expect((await shellOf(visitor)).advertisingInfo.top?.adPosId).toBe(topAdId);

    expect(await visitor.call('/common/api/updateAdvertisingStatus', { adId: topAdId })).toEqual({ code: 1, data: true, msg: '' });
    const after = await shellOf(visitor);
    expect(after.advertisingInfo.top).toBeNull();
    expect(after.advertisingInfo.sidebar?.adPosId).toBe(sidebarAdId);
    expect((await shellOf(other)).advertisingInfo.top?.adPosId).toBe(topAdId);
  });

  it('accepts the id as a string and a second close of the same ad', async () => {
    const { sidebarAdId } = t.fixture;
    const visitor = t.browser();
    expect((await visitor.call('/common/api/updateAdvertisingStatus', { adId: String(sidebarAdId) })).code).toBe(1);
    expect((await visitor.call('/common/api/updateAdvertisingStatus', { adId: sidebarAdId })).code).toBe(1);
    expect((await shellOf(visitor)).advertisingInfo.sidebar).toBeNull();
  });

  it('remembers a member\'s close by member, across browsers', async () => {
    const { topAdId } = t.fixture;
    const { userId } = await createMember(t.db.kysely);
    const first = t.browser();
    const second = t.browser();
    await signIn(first, t.db.kysely, userId);
    await signIn(second, t.db.kysely, userId);
    expect((await first.call('/common/api/updateAdvertisingStatus', { adId: topAdId })).code).toBe(1);
    expect((await shellOf(second)).advertisingInfo.top).toBeNull();
  });

  it('shows the ad again on the next Beijing day', async () => {
    const { topAdId } = t.fixture;
    const visitor = t.browser();
    await shellOf(visitor);
    const key = visitorKeyOf({ sid: visitor.cookie('sid') ?? '', userId: null });
    const yesterday = beijingDay(Date.now() - 86_400_000);
    await t.db.kysely.insertInto('adCloses').values({ visitorKey: key, adPosId: topAdId, day: yesterday, closedAt: Date.now() - 86_400_000 }).execute();
    expect((await shellOf(visitor)).advertisingInfo.top?.adPosId).toBe(topAdId);
  });

  it('answers bad ids with a Chinese message', async () => {
    const browser = t.browser();
    for (const body of [{}, { adId: 'abc' }, { adId: -1 }, { adId: 1.5 }, { adId: null }, { adId: [1] }]) {
      expect(await browser.call('/common/api/updateAdvertisingStatus', body)).toEqual({ code: 400, data: null, msg: '广告编号有误' });
    }
    expect(await browser.call('/common/api/updateAdvertisingStatus', { adId: 999_999 })).toEqual({ code: 404, data: null, msg: '广告不存在' });
  });

  it('does not show ads that are switched off', async () => {
    await t.db.kysely.updateTable('ads').set({ isOpen: 0 }).where('position', '=', 'popup').execute();
    forgetSiteContent(t.db);
    expect((await shellOf(t.browser())).advertisingInfo.popup).toBeNull();
  });

  it('limits how fast one visitor can report closes', async () => {
    const { topAdId } = t.fixture;
    const browser = t.browser('10.0.0.9');
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await browser.call('/common/api/updateAdvertisingStatus', { adId: topAdId })).code);
    expect(codes.slice(0, 30).every((code) => code === 1)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('content pictures: /img/content/:name', () => {
  const t = useTestApp();

  it('serves the seeded pictures as SVG with cache headers', async () => {
    for (const name of ['ad-top.svg', 'ad-sidebar.svg', 'ad-popup.svg', 'wechat-qr.svg', 'rep-qr-1.svg', 'rep-portrait-1.svg']) {
      const response = await t.app.inject({ method: 'GET', url: `/img/content/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toContain('max-age');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('answers 404 for an unknown picture', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/img/content/nothing.svg' });
    expect(response.statusCode).toBe(404);
  });
});
