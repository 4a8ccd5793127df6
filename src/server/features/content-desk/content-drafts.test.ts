import { describe, expect, it, vi } from 'vitest';
import { contentDeskPaths, type AdminAd } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import type { HomeData } from '../../../contract/home.ts';
import { buildApp } from '../../app.ts';
import { cacheVersionCheckMs } from '../../cache/cache-versions.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff, type StaffBrowser } from '../staff/testing/staff-browser.ts';

/** The data of a call that must succeed. */
function ok<T>(answer: Envelope<T>): T {
  if (answer.code !== 1 || answer.data === null || answer.data === undefined) throw new Error(JSON.stringify(answer));
  return answer.data;
}

const topAd = {
  position: 'top',
  isOpen: true,
  openType: true,
  picFilePath: 'content/ad-top.svg',
  clickUrl: '/activity',
  backgroundColor: '#1e50ae',
  sort: -500,
} as const;

describe('content drafts: ads, hot keywords, friendly links and site settings (draft → preview → publish)', () => {
  const t = useTestApp();
  const auditOf = (subjectId: string) => t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', subjectId).orderBy('id').execute();
  const homeOf = async (browser: TestBrowser | StaffBrowser) => pageStateOf<HomeData>((await browser.get('/')).body);
  const previewOf = async (staff: StaffBrowser) => pageStateOf<HomeData>((await staff.get(contentDeskPaths.preview)).body);
  const editor = async () => (await signedInStaff(t.app, t.db.kysely, 'content')).browser;
  const settingsDraftWith = async (staff: StaffBrowser, patch: { hotline?: string; qq?: string }) => {
    const { live, draft, revision } = ok(await staff.call(contentDeskCalls.getSettings, {}));
    return ok(await staff.call(contentDeskCalls.saveSettings, { ...(draft ?? live), ...patch, revision }));
  };

  it('keeps a hotline draft off the shop; the preview shows it to content staff only; publishing reaches every process', async () => {
    const staff = await editor();
    const visitor = t.browser();
    const member = await t.member();
    const liveHotline = (await homeOf(visitor)).shell.hotline;
    const saved = await settingsDraftWith(staff, { hotline: '400-000-7788' });
    expect(saved).toMatchObject({ draft: { hotline: '400-000-7788' }, revision: 1 });
    expect(saved.live.hotline).not.toBe('400-000-7788');

    const preview = await staff.get(contentDeskPaths.preview);
    expect(preview.headers['cache-control']).toBe('no-store');
    const previewed = pageStateOf<HomeData>(preview.body).shell;
    expect(previewed).toMatchObject({ hotline: '400-000-7788', footerData: { hotline: '400-000-7788' } });
    expect(previewed.sidebarInfo.configInfo.phone).toBe('400-000-7788');
    for (const outsider of [visitor, member.browser]) {
      const page = await outsider.get(contentDeskPaths.preview);
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toMatch(/^\/admin\/login/);
      expect(page.body).not.toContain('400-000-7788');
      expect((await outsider.get('/')).body).not.toContain('400-000-7788');
    }
    const sales = (await signedInStaff(t.app, t.db.kysely, 'sales')).browser;
    const refused = await sales.get(contentDeskPaths.preview);
    expect(refused.headers.location).toBe('/admin');
    expect(refused.body).not.toContain('400-000-7788');
    expect((await homeOf(visitor)).shell.hotline).toBe(liveHotline);

    const other = await buildApp({ ...t.deps });
    await other.ready();
    try {
      const elsewhere = new TestBrowser(other);
      expect((await homeOf(elsewhere)).shell.hotline).toBe(liveHotline);
      expect(ok(await staff.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: saved.revision }))).toEqual({ revision: 2 });
      await vi.waitFor(
        async () => {
          expect((await homeOf(visitor)).shell.hotline).toBe('400-000-7788');
          expect((await homeOf(elsewhere)).shell.footerData.hotline).toBe('400-000-7788');
        },
        { timeout: 5000, interval: 200 },
      );
    } finally {
      await other.close();
    }
    expect(ok(await staff.call(contentDeskCalls.getSettings, {}))).toMatchObject({ live: { hotline: '400-000-7788' }, draft: null, revision: 2 });
    const entries = await auditOf('siteSettings');
    expect(entries.map((row) => row.action)).toEqual(['draft', 'publish']);
    expect(JSON.parse(entries[1]?.afterJson ?? '{}')).toMatchObject({ hotline: '400-000-7788' });
  });

  it('previews a top-banner ad edit and new hot keywords and friendly links in the shell, then discards them: the shop never changes', async () => {
    const staff = await editor();
    const created = ok(await staff.call(contentDeskCalls.saveAd, topAd));
    const key = `ad:${created.live.adPosId}` as const;
    expect(created).toMatchObject({ live: { isOpen: false }, draft: { isOpen: true, clickUrl: '/activity' }, revision: 1 });
    expect((await auditOf(key)).map((row) => row.action)).toEqual(['create', 'draft']);
    expect((await homeOf(t.browser())).shell.advertisingInfo.top?.adPosId).not.toBe(created.live.adPosId);
    ok(await staff.call(contentDeskCalls.publishDraft, { key, revision: 1 }));
    await vi.waitFor(
      async () => expect((await homeOf(t.browser())).shell.advertisingInfo.top).toMatchObject({ adPosId: created.live.adPosId, clickUrl: '/activity' }),
      {
        timeout: 5000,
        interval: 200,
      },
    );

    const edited: AdminAd = { ...created.live, isOpen: true, clickUrl: '/activity?draft=1' };
    const ad = ok(await staff.call(contentDeskCalls.saveAd, { ...edited, revision: 2 }));
    const keywords = ok(await staff.call(contentDeskCalls.listHotKeywords, {}));
    const hot = ok(await staff.call(contentDeskCalls.saveHotKeywords, { items: [{ keyword: '草稿词', url: '' }], revision: keywords.revision }));
    const links = ok(await staff.call(contentDeskCalls.listFriendlyLinks, {}));
    const link = ok(
      await staff.call(contentDeskCalls.saveFriendlyLinks, { items: [{ linkName: '草稿站', linkUrl: 'https://draft.example/' }], revision: links.revision }),
    );

    const shell = (await previewOf(staff)).shell;
    expect(shell.advertisingInfo.top).toMatchObject({ adPosId: created.live.adPosId, clickUrl: '/activity?draft=1' });
    expect(shell.headerData.hotLabelList.map((label) => label.keyword)).toEqual(['草稿词']);
    expect(shell.footerData.friendlyLinks).toEqual([{ linkName: '草稿站', linkUrl: 'https://draft.example/' }]);
    // The caches read the publish once the check interval has passed on the app's clock.
    t.clock.advance(cacheVersionCheckMs);
    const shop = (await homeOf(t.browser())).shell;
    expect(shop.advertisingInfo.top?.clickUrl).toBe('/activity');
    expect(shop.headerData.hotLabelList.map((label) => label.keyword)).not.toContain('草稿词');
    expect(shop.footerData.friendlyLinks.map((item) => item.linkName)).not.toContain('草稿站');

    expect(await staff.call(contentDeskCalls.discardDraft, { key, revision: ad.revision })).toMatchObject({ code: 1, msg: '草稿已放弃' });
    ok(await staff.call(contentDeskCalls.discardDraft, { key: 'hotKeywords', revision: hot.revision }));
    ok(await staff.call(contentDeskCalls.discardDraft, { key: 'friendlyLinks', revision: link.revision }));
    const after = (await previewOf(staff)).shell;
    expect(after.advertisingInfo.top?.clickUrl).toBe('/activity');
    expect(after.headerData.hotLabelList.map((label) => label.keyword)).not.toContain('草稿词');
    expect(ok(await staff.call(contentDeskCalls.listAds, {})).find((each) => each.live.adPosId === created.live.adPosId)).toMatchObject({
      live: { clickUrl: '/activity' },
      draft: null,
    });
    const discard = (await auditOf(key)).at(-1);
    expect(discard?.action).toBe('discard');
    expect(JSON.parse(discard?.beforeJson ?? '{}')).toMatchObject({ clickUrl: '/activity?draft=1' });
    expect(await staff.call(contentDeskCalls.publishDraft, { key, revision: ad.revision + 1 })).toMatchObject({
      code: 404,
      msg: '没有待发布的草稿，请刷新后再试',
    });
  });

  it('refuses a stale save or publish of two editors in Chinese, and lets only one of two publishes of the same draft through', async () => {
    const [first, second] = [await editor(), await editor()];
    const loaded = ok(await first.call(contentDeskCalls.getSettings, {}));
    const mine = ok(await first.call(contentDeskCalls.saveSettings, { ...(loaded.draft ?? loaded.live), qq: '10001', revision: loaded.revision }));
    const theirs = ok(await second.call(contentDeskCalls.saveSettings, { ...mine.live, qq: '20002', revision: mine.revision }));
    const stale = await first.call(contentDeskCalls.saveSettings, { ...mine.live, qq: '30003', revision: mine.revision });
    expect(stale).toMatchObject({ code: 409, msg: '内容已被他人修改，请刷新后再试' });
    // The first editor previewed their own draft; publishing it now would publish the second's: refused.
    expect(await first.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: mine.revision })).toMatchObject({
      code: 409,
      msg: '内容已被他人修改，请刷新后再试',
    });
    expect(ok(await first.call(contentDeskCalls.getSettings, {})).live.qq).toBe(loaded.live.qq);

    const audited = (await auditOf('siteSettings')).length;
    const answers = await Promise.all([
      first.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: theirs.revision }),
      second.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: theirs.revision }),
      second.call(contentDeskCalls.discardDraft, { key: 'siteSettings', revision: theirs.revision }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.code !== 1)) expect(answer).toMatchObject({ code: 409, msg: '内容已被他人修改，请刷新后再试' });
    expect(await auditOf('siteSettings')).toHaveLength(audited + 1);
    expect(ok(await first.call(contentDeskCalls.getSettings, {}))).toMatchObject({ draft: null, revision: theirs.revision + 1 });
  });

  it('previews the greetings draft on the home card; visitors keep the live greetings until it is published', async () => {
    const staff = await editor();
    const { live, revision } = ok(await staff.call(contentDeskCalls.getSettings, {}));
    const greetings = { morning: '草稿问候', afternoon: '草稿问候', evening: '草稿问候' };
    const saved = ok(await staff.call(contentDeskCalls.saveSettings, { ...live, greetings, revision }));
    expect((await previewOf(staff)).data.greetings).toBe('草稿问候');
    expect((await homeOf(t.browser())).data.greetings).not.toBe('草稿问候');
    ok(await staff.call(contentDeskCalls.discardDraft, { key: 'siteSettings', revision: saved.revision }));
    expect((await previewOf(staff)).data.greetings).not.toBe('草稿问候');
  });

  it('answers a bad draft key, a missing ad and a publish with nothing to publish in Chinese, changing nothing', async () => {
    const staff = await editor();
    const before = await t.db.kysely.selectFrom('contentDrafts').selectAll().execute();
    expect(await staff.call(contentDeskCalls.publishDraft, { key: 'banners', revision: 0 })).toMatchObject({
      code: 400,
      msg: '没有待发布的草稿，请刷新后再试',
    });
    expect(await staff.post(contentDeskCalls.publishDraft.path, { key: 'siteSettings', revision: -1 })).toMatchObject({ code: 400, msg: '请求参数有误' });
    expect(await staff.call(contentDeskCalls.publishDraft, { key: 'ad:999999', revision: 0 })).toMatchObject({ code: 404, msg: '该广告不存在' });
    expect(await staff.call(contentDeskCalls.saveAd, { ...topAd, adPosId: 999_999, revision: 0 })).toMatchObject({ code: 404, msg: '该广告不存在' });
    const { revision } = ok(await staff.call(contentDeskCalls.listFriendlyLinks, {}));
    expect(await staff.call(contentDeskCalls.discardDraft, { key: 'friendlyLinks', revision })).toMatchObject({
      code: 404,
      msg: '没有待发布的草稿，请刷新后再试',
    });
    expect(await t.db.kysely.selectFrom('contentDrafts').selectAll().execute()).toEqual(before);
  });
});
