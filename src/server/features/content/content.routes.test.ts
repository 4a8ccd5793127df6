import { describe, expect, it } from 'vitest';
import { contentCalls } from '../../../contract/content-calls.ts';
import type { ShellState } from '../../../contract/shell.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { visitorKeyOf } from './content.service.ts';
import { seedContent } from './content.seed.ts';

const close = contentCalls.updateAdvertisingStatus;

/** The shell a browser is shown (on the 404 page, which has one like every page). */
async function shellOf(browser: TestBrowser): Promise<ShellState> {
  return pageStateOf((await browser.get('/no/such/page')).body).shell;
}

describe('ads: contentCalls.updateAdvertisingStatus', () => {
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

    expect(await visitor.call(close, { adId: topAdId })).toEqual({ code: 1, data: true, msg: '' });
    const after = await shellOf(visitor);
    expect(after.advertisingInfo.top).toBeNull();
    expect(after.advertisingInfo.sidebar?.adPosId).toBe(sidebarAdId);
    expect((await shellOf(other)).advertisingInfo.top?.adPosId).toBe(topAdId);
  });

  it('accepts the id as a string and a second close of the same ad', async () => {
    const { sidebarAdId } = t.fixture;
    const visitor = t.browser();
    expect(await visitor.callOk(close, { adId: String(sidebarAdId) })).toBe(true);
    expect(await visitor.callOk(close, { adId: sidebarAdId })).toBe(true);
    expect((await shellOf(visitor)).advertisingInfo.sidebar).toBeNull();
  });

  it("remembers a member's close by member, across browsers", async () => {
    const { topAdId } = t.fixture;
    const { userId } = await createMember(t.db.kysely);
    const first = t.browser();
    const second = t.browser();
    await signIn(first, t.db.kysely, userId);
    await signIn(second, t.db.kysely, userId);
    expect(await first.callOk(close, { adId: topAdId })).toBe(true);
    expect((await shellOf(second)).advertisingInfo.top).toBeNull();
  });

  it('shows the ad again on the next Beijing day', async () => {
    const { topAdId } = t.fixture;
    const visitor = t.browser();
    await shellOf(visitor);
    const key = visitorKeyOf({ sid: visitor.cookie('sid') ?? '', userId: null });
    const yesterday = formatBeijingDate(Date.now() - 86_400_000);
    await t.db.kysely
      .insertInto('adCloses')
      .values({ visitorKey: key, adPosId: topAdId, day: yesterday, closedAt: Date.now() - 86_400_000 })
      .execute();
    expect((await shellOf(visitor)).advertisingInfo.top?.adPosId).toBe(topAdId);
  });

  it('answers bad ids with a Chinese message, and an unknown ad with ad.notFound', async () => {
    const browser = t.browser();
    for (const body of [{}, { adId: 'abc' }, { adId: -1 }, { adId: 1.5 }, { adId: null }, { adId: [1] }]) {
      expect(await browser.post(close.path, body)).toEqual({ code: 400, data: null, msg: '广告编号有误', errorCode: 'request.invalid' });
    }
    expect(await browser.call(close, { adId: 999_999 })).toEqual({ code: 404, data: null, msg: '广告不存在', errorCode: 'ad.notFound' });
  });

  it('limits how fast one visitor can report closes', async () => {
    const { topAdId } = t.fixture;
    const browser = t.browser('10.0.0.9');
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await browser.call(close, { adId: topAdId }));
    expect(answers.slice(0, 30).every((answer) => answer.code === 1)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ code: 429, errorCode: 'ad.tooManyCloses' });
  });

  it('counts concurrent closes of one visitor exactly: 30 a minute pass, one close is stored', async () => {
    const { sidebarAdId } = t.fixture;
    const browser = t.browser('10.0.0.10');
    await shellOf(browser);
    const answers = await Promise.all(Array.from({ length: 40 }, () => browser.call(close, { adId: sidebarAdId })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(30);
    expect(answers.filter((answer) => answer.errorCode === 'ad.tooManyCloses')).toHaveLength(10);
    const key = visitorKeyOf({ sid: browser.cookie('sid') ?? '', userId: null });
    const rows = await t.db.kysely.selectFrom('adCloses').select('adPosId').where('visitorKey', '=', key).execute();
    expect(rows).toEqual([{ adPosId: sidebarAdId }]);
  });
});

describe('ads switched off', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await seedContent(app.db);
      await app.db.kysely.updateTable('ads').set({ isOpen: 0 }).where('position', '=', 'popup').execute();
    },
  });

  it('are not shown', async () => {
    const { advertisingInfo } = await shellOf(t.browser());
    expect(advertisingInfo.popup).toBeNull();
    expect(advertisingInfo.top).not.toBeNull();
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
