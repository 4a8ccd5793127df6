import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { contentDeskPaths, type UploadedContentImage } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { freightOf } from '../../../contract/delivery.ts';
import type { HelpPageData } from '../../../contract/help.ts';
import type { HomeData } from '../../../contract/home.ts';
import type { NewsDetailData } from '../../../contract/news.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../../contract/staff.ts';
import { buildApp } from '../../app.ts';
import { cacheVersionCheckMs } from '../../cache/cache-versions.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { multipartBody, pngImage } from '../upload/testing/upload-test-kit.ts';
import { signedInStaff, type StaffBrowser } from '../staff/testing/staff-browser.ts';

const uploadDir = await mkdtemp(join(tmpdir(), 'content-desk-'));
afterAll(() => rm(uploadDir, { recursive: true, force: true }));

/** The data of a call that must succeed. */
function ok<T>(answer: Envelope<T>): T {
  if (answer.code !== 1 || answer.data === null || answer.data === undefined) throw new Error(JSON.stringify(answer));
  return answer.data;
}

const banner = { picFilePath: 'content/ad-top.svg', backgroundColor: '#1e50ae', clickUrl: '/activity', openType: true, sort: 0, startsAt: null, endsAt: null };

describe('内容管理 (content desk)', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });
  const auditRows = () => t.db.kysely.selectFrom('auditLog').selectAll().orderBy('id').execute();
  const homeOf = async (browser: TestBrowser) => pageStateOf<HomeData>((await browser.get('/')).body);
  const editor = () => signedInStaff(t.app, t.db.kysely, 'content');
  /** Saves the hot keywords as a draft and publishes it, as the console does. */
  const publishHotKeywords = async (staff: StaffBrowser, items: { keyword: string; url: string }[]) => {
    const { revision } = ok(await staff.call(contentDeskCalls.listHotKeywords, {}));
    const saved = ok(await staff.call(contentDeskCalls.saveHotKeywords, { items, revision }));
    return ok(await staff.call(contentDeskCalls.publishDraft, { key: 'hotKeywords', revision: saved.revision }));
  };

  it('saves a banner as a draft that visitors do not see and the preview shows to staff only; publishing shows it on the home page', async () => {
    const staff = await editor();
    const saved = await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: '/draft-banner' });
    expect(saved).toMatchObject({ code: 1, msg: '轮播图已保存', data: { isPublished: false, clickUrl: '/draft-banner' } });
    const id = saved.data?.id ?? 0;
    const visitor = t.browser();
    expect((await homeOf(visitor)).data.bannerList.map((item) => item.clickUrl)).not.toContain('/draft-banner');

    const preview = await staff.browser.get(contentDeskPaths.preview);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(pageStateOf<HomeData>(preview.body).data.bannerList.map((item) => item.clickUrl)).toContain('/draft-banner');
    const refused = await visitor.get(contentDeskPaths.preview);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toMatch(/^\/admin\/login/);

    expect(await staff.browser.call(contentDeskCalls.setBannerPublished, { id, isPublished: true })).toMatchObject({ code: 1, msg: '轮播图已发布' });
    await vi.waitFor(async () => expect((await homeOf(visitor)).data.bannerList.map((item) => item.clickUrl)).toContain('/draft-banner'), {
      timeout: 5000,
      interval: 200,
    });
    const entries = (await auditRows()).filter((row) => row.subjectId === `banner:${id}`);
    expect(entries.map((row) => row.action)).toEqual(['create', 'publish']);
    expect(entries[1]).toMatchObject({ staffId: staff.id, subject: 'Content', ip: '127.0.0.1' });
    expect(JSON.parse(entries[1]?.beforeJson ?? '{}')).toMatchObject({ isPublished: false });
    expect(JSON.parse(entries[1]?.afterJson ?? '{}')).toMatchObject({ isPublished: true });
  });

  it('shows a banner only inside its window', async () => {
    const staff = await editor();
    const later = Date.now() + 86_400_000;
    const saved = await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: '/tomorrow', startsAt: later, endsAt: later + 86_400_000 });
    await staff.browser.call(contentDeskCalls.setBannerPublished, { id: saved.data?.id ?? 0, isPublished: true });
    // The caches read the publish once the check interval has passed on the app's clock.
    t.clock.advance(cacheVersionCheckMs);
    expect((await homeOf(t.browser())).data.bannerList.map((item) => item.clickUrl)).not.toContain('/tomorrow');
    expect(pageStateOf<HomeData>((await staff.browser.get(contentDeskPaths.preview)).body).data.bannerList.map((item) => item.clickUrl)).toContain('/tomorrow');
  });

  it('reaches a second app process on the same database (the cache versions)', async () => {
    const second = await buildApp({ ...t.deps });
    await second.ready();
    try {
      const other = new TestBrowser(second);
      const staff = await editor();
      expect((await homeOf(other)).data.bannerList.map((item) => item.clickUrl)).not.toContain('/second-app');
      const saved = await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: '/second-app' });
      await staff.browser.call(contentDeskCalls.setBannerPublished, { id: saved.data?.id ?? 0, isPublished: true });
      await publishHotKeywords(staff.browser, [{ keyword: 'NE555', url: '' }]);
      await vi.waitFor(
        async () => {
          const home = await homeOf(other);
          expect(home.data.bannerList.map((item) => item.clickUrl)).toContain('/second-app');
          expect(home.shell.headerData.hotLabelList.map((label) => label.keyword)).toEqual(['NE555']);
        },
        { timeout: 5000, interval: 200 },
      );
    } finally {
      await second.close();
    }
  });

  it('refuses bad input with a Chinese message', async () => {
    const staff = await editor();
    expect(await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: 'javascript:alert(1)' })).toMatchObject({
      code: 400,
      msg: '链接地址须以 / 或 http(s):// 开头',
    });
    expect(await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, startsAt: 2000, endsAt: 1000 })).toMatchObject({
      code: 400,
      msg: '结束时间必须晚于开始时间',
    });
    expect(await staff.browser.call(contentDeskCalls.saveBanner, { ...banner, picFilePath: '../../etc/passwd' })).toMatchObject({
      code: 400,
      msg: '图片地址有误',
    });
    expect(await staff.browser.call(contentDeskCalls.setBannerPublished, { id: 999_999, isPublished: true })).toMatchObject({
      code: 404,
      msg: '该轮播图不存在或已被删除',
    });
    expect(await staff.browser.call(contentDeskCalls.saveFriendlyLinks, { items: [{ linkName: '某站', linkUrl: '/local' }], revision: 0 })).toMatchObject({
      code: 400,
      msg: '网址须以 http(s):// 开头',
    });
    const settings = ok(await staff.browser.call(contentDeskCalls.getSettings, {}));
    expect(
      await staff.browser.call(contentDeskCalls.saveSettings, { ...settings.live, freeShippingThresholdCents: -1, revision: settings.revision }),
    ).toMatchObject({
      code: 400,
      msg: '包邮门槛不能为负数',
    });
    expect(await staff.browser.call(contentDeskCalls.saveHelp, { slug: 'Bad Slug', title: 'x', groupName: '购物指南', bodyHtml: '<p>x</p>' })).toMatchObject({
      code: 400,
      msg: '页面标识须为小写字母开头的2-40位字母、数字或下划线',
    });
  });

  it('strips unsafe HTML from news and help pages, and refuses a body that is nothing but unsafe markup', async () => {
    const staff = await editor();
    const unsafe =
      '<p onclick="steal()">芯片<strong>到货</strong></p><script>alert(1)</script><a href="javascript:alert(2)">点此</a><img src="http://x/a.png" onerror="x()">';
    const news = await staff.browser.call(contentDeskCalls.saveNews, {
      kind: 'announcement',
      title: '到货公告',
      bodyHtml: unsafe,
      linkUrl: null,
      isPublished: true,
    });
    expect(news.code).toBe(1);
    const html = news.data?.bodyHtml ?? '';
    expect(html).toContain('<strong>到货</strong>');
    for (const bad of ['script', 'onclick', 'javascript:', 'onerror', 'alert']) expect(html).not.toContain(bad);
    const page = await t.browser().get(`/news/${news.data?.newsId ?? 0}`);
    expect(pageStateOf<NewsDetailData>(page.body).data.bodyHtml).toBe(html);
    expect(
      await staff.browser.call(contentDeskCalls.saveNews, {
        kind: 'announcement',
        title: '空',
        bodyHtml: '<script>alert(1)</script>',
        linkUrl: null,
        isPublished: true,
      }),
    ).toMatchObject({
      code: 400,
      msg: '正文不能为空（不安全的标签已被去除）',
    });

    const help = await staff.browser.call(contentDeskCalls.saveHelp, {
      slug: 'about_intro',
      title: '公司简介',
      groupName: '公司页面',
      bodyHtml: `<p>简介</p>${unsafe}`,
    });
    expect(help.code).toBe(1);
    for (const bad of ['script', 'onclick', 'javascript:', 'onerror']) expect(help.data?.bodyHtml).not.toContain(bad);
    const entry = (await auditRows()).find((row) => row.subjectId === 'help:about_intro');
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ slug: 'about_intro', groupName: '公司页面' });
  });

  it('keeps a draft news entry off the shop (list, page, bulletin) until it is published; the preview shows the bulletin draft', async () => {
    const staff = await editor();
    const draft = await staff.browser.call(contentDeskCalls.saveNews, {
      kind: 'announcement',
      title: '草稿公告',
      bodyHtml: '<p>草稿</p>',
      linkUrl: null,
      isPublished: false,
    });
    const newsId = draft.data?.newsId ?? 0;
    const visitor = t.browser();
    expect((await visitor.get(`/news/${newsId}`)).statusCode).toBe(404);
    expect((await homeOf(visitor)).data.newsList.map((item) => item.title)).not.toContain('草稿公告');
    expect(pageStateOf<HomeData>((await staff.browser.get(contentDeskPaths.preview)).body).data.newsList.map((item) => item.title)).toContain('草稿公告');
    const drafts = await staff.browser.call(contentDeskCalls.listNews, { filters: { status: 'draft' } });
    expect(drafts.data?.rows.map((row) => row.title)).toContain('草稿公告');
    expect(drafts.data?.rows.every((row) => !row.isPublished)).toBe(true);
    await staff.browser.call(contentDeskCalls.saveNews, {
      newsId,
      kind: 'announcement',
      title: '草稿公告',
      bodyHtml: '<p>草稿</p>',
      linkUrl: null,
      isPublished: true,
    });
    expect((await visitor.get(`/news/${newsId}`)).statusCode).toBe(200);
  });

  it('turns the pop-up off and on (isOpen) and sets where its link opens (openType)', async () => {
    const staff = await editor();
    const created = await staff.browser.call(contentDeskCalls.saveAd, {
      position: 'popup',
      isOpen: true,
      openType: false,
      picFilePath: 'content/ad-popup.svg',
      clickUrl: '/coupon',
      backgroundColor: '',
      sort: -100,
    });
    expect(created).toMatchObject({
      code: 1,
      data: { live: { position: 'popup', isOpen: false }, draft: { position: 'popup', isOpen: true, openType: false } },
    });
    const { live, revision } = ok(created);
    const popupOf = async () => (await homeOf(t.browser())).shell.advertisingInfo.popup;
    expect((await popupOf())?.clickUrl).not.toBe('/coupon');
    ok(await staff.browser.call(contentDeskCalls.publishDraft, { key: `ad:${live.adPosId}`, revision }));
    await vi.waitFor(async () => expect(await popupOf()).toMatchObject({ clickUrl: '/coupon', openType: false }), { timeout: 5000, interval: 200 });
    const closed = ok(await staff.browser.call(contentDeskCalls.saveAd, { ...live, isOpen: false, revision: revision + 1 }));
    ok(await staff.browser.call(contentDeskCalls.publishDraft, { key: `ad:${live.adPosId}`, revision: closed.revision }));
    await vi.waitFor(async () => expect((await popupOf())?.clickUrl).not.toBe('/coupon'), { timeout: 5000, interval: 200 });
  });

  it('keeps one free-shipping threshold: checkout carriers and the freight rule read the site setting', async () => {
    const staff = await editor();
    const { live: settings, revision } = ok(await staff.browser.call(contentDeskCalls.getSettings, {}));
    expect(settings.freeShippingThresholdCents).toBe(9900);
    const saved = await staff.browser.call(contentDeskCalls.saveSettings, {
      ...settings,
      hotline: '400-800-1234',
      freeShippingThresholdCents: 19_900,
      greetings: { morning: '早安', afternoon: '午安', evening: '晚安' },
      revision,
    });
    expect(saved).toMatchObject({
      code: 1,
      msg: '站点设置已保存为草稿：可先预览首页，再发布',
      data: { draft: { freeShippingThresholdCents: 19_900, hotline: '400-800-1234' } },
    });
    expect((await t.browser().callOk(orderCalls.expressList, {})).freeShippingThresholdCents).toBe(9900);
    ok(await staff.browser.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: ok(saved).revision }));
    const express = await t.browser().callOk(orderCalls.expressList, {});
    expect(express.freeShippingThresholdCents).toBe(19_900);
    expect(express.carriers.find((carrier) => carrier.hasFreeShipping && !carrier.isPickup)?.description).toContain('满¥199包邮');
    await vi.waitFor(
      async () => {
        const home = await homeOf(t.browser());
        expect(home.shell.hotline).toBe('400-800-1234');
        expect(['早安', '午安', '晚安']).toContain(home.data.greetings);
      },
      { timeout: 5000, interval: 200 },
    );
    // The freight rule with the setting: ¥150 of goods is no longer free, ¥199 is.
    expect(freightOf('zto', '310000', 500, 15_000, express.freeShippingThresholdCents)).toMatchObject({ cents: 600, isFreeShipping: false });
    expect(freightOf('zto', '310000', 500, 19_900, express.freeShippingThresholdCents)).toMatchObject({ cents: 0, note: '满¥199包邮' });
    await staff.browser.call(contentDeskCalls.saveHelp, { slug: 'deliver_goods', title: '配送说明', groupName: '配送服务', bodyHtml: '<p>配送说明</p>' });
    const help = pageStateOf<HelpPageData>((await t.browser().get('/serve/deliver_goods')).body);
    expect(help.data.facts).toMatchObject({ kind: 'delivery', freeShippingThresholdCents: 19_900 });
    const entry = (await auditRows()).filter((row) => row.subjectId === 'siteSettings').at(-1);
    expect(entry?.action).toBe('publish');
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ freeShippingThresholdCents: 9900 });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ freeShippingThresholdCents: 19_900 });
    const restored = ok(await staff.browser.call(contentDeskCalls.saveSettings, { ...settings, revision: ok(saved).revision + 1 }));
    ok(await staff.browser.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: restored.revision }));
  });

  it('replaces hot keywords and friendly links in the order given', async () => {
    const staff = await editor();
    await publishHotKeywords(staff.browser, [
      { keyword: 'TL431', url: '' },
      { keyword: '电容', url: '/search?keyword=cap' },
    ]);
    expect(ok(await staff.browser.call(contentDeskCalls.listHotKeywords, {})).live).toEqual([
      { keyword: 'TL431', url: '/search?key=TL431' },
      { keyword: '电容', url: '/search?keyword=cap' },
    ]);
    const { revision } = ok(await staff.browser.call(contentDeskCalls.listFriendlyLinks, {}));
    const links = await staff.browser.call(contentDeskCalls.saveFriendlyLinks, { items: [{ linkName: '立创EDA', linkUrl: 'https://lceda.cn/' }], revision });
    expect(links).toMatchObject({ code: 1, data: { draft: [{ linkName: '立创EDA', linkUrl: 'https://lceda.cn/' }] } });
    ok(await staff.browser.call(contentDeskCalls.publishDraft, { key: 'friendlyLinks', revision: ok(links).revision }));
    expect(ok(await staff.browser.call(contentDeskCalls.listFriendlyLinks, {}))).toMatchObject({
      live: [{ linkName: '立创EDA', linkUrl: 'https://lceda.cn/' }],
      draft: null,
    });
  });

  it('refuses every change to a sales or warehouse role: nothing changes, nothing is audited', async () => {
    const editorStaff = await editor();
    const existing = await editorStaff.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: '/kept' });
    const id = existing.data?.id ?? 0;
    const settings = ok(await editorStaff.browser.call(contentDeskCalls.getSettings, {}));
    const pending = ok(await editorStaff.browser.call(contentDeskCalls.saveSettings, { ...settings.live, qq: '12345', revision: settings.revision }));
    for (const role of ['sales', 'warehouse'] as const) {
      const other = await signedInStaff(t.app, t.db.kysely, role);
      const before = {
        banners: await t.db.kysely.selectFrom('banners').selectAll().execute(),
        drafts: await t.db.kysely.selectFrom('contentDrafts').selectAll().execute(),
        config: await t.db.kysely.selectFrom('siteConfig').selectAll().execute(),
        audit: (await auditRows()).length,
      };
      const attempts: Promise<Envelope<unknown>>[] = [
        other.browser.call(contentDeskCalls.listBanners, {}),
        other.browser.call(contentDeskCalls.saveBanner, banner),
        other.browser.call(contentDeskCalls.setBannerPublished, { id, isPublished: true }),
        other.browser.call(contentDeskCalls.deleteBanner, { id }),
        other.browser.call(contentDeskCalls.saveNews, { kind: 'announcement', title: 'x', bodyHtml: '<p>x</p>', linkUrl: null, isPublished: true }),
        other.browser.call(contentDeskCalls.saveHelp, { slug: 'about_intro', title: 'x', groupName: '公司页面', bodyHtml: '<p>x</p>' }),
        other.browser.call(contentDeskCalls.saveAd, {
          position: 'top',
          isOpen: true,
          openType: true,
          picFilePath: 'content/a.svg',
          clickUrl: '/',
          backgroundColor: '',
          sort: 0,
        }),
        other.browser.call(contentDeskCalls.saveHotKeywords, { items: [], revision: 0 }),
        other.browser.call(contentDeskCalls.saveFriendlyLinks, { items: [], revision: 0 }),
        other.browser.call(contentDeskCalls.saveSettings, { ...settings.live, freeShippingThresholdCents: 0, revision: pending.revision }),
        other.browser.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: pending.revision }),
        other.browser.call(contentDeskCalls.discardDraft, { key: 'siteSettings', revision: pending.revision }),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      const upload = await uploadImage(other.browser, pngImage(4, 4));
      expect(upload).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      expect(await t.db.kysely.selectFrom('banners').selectAll().execute()).toEqual(before.banners);
      expect(await t.db.kysely.selectFrom('contentDrafts').selectAll().execute()).toEqual(before.drafts);
      expect(await t.db.kysely.selectFrom('siteConfig').selectAll().execute()).toEqual(before.config);
      expect((await auditRows()).length).toBe(before.audit);
      expect((await other.browser.get(contentDeskPaths.home)).headers.location).toBe('/admin');
      expect((await other.browser.get(contentDeskPaths.preview)).headers.location).toBe('/admin');
    }
    ok(await editorStaff.browser.call(contentDeskCalls.discardDraft, { key: 'siteSettings', revision: pending.revision }));
  });

  it('lets only one of two staff deleting the same banner do it; the other is told it is gone', async () => {
    const [first, second] = [await editor(), await editor()];
    const saved = await first.browser.call(contentDeskCalls.saveBanner, { ...banner, clickUrl: '/race' });
    const id = saved.data?.id ?? 0;
    const answers = await Promise.all([first.browser.call(contentDeskCalls.deleteBanner, { id }), second.browser.call(contentDeskCalls.deleteBanner, { id })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 404]);
    expect(answers.find((answer) => answer.code === 404)?.msg).toBe('该轮播图不存在或已被删除');
    expect((await auditRows()).filter((row) => row.subjectId === `banner:${id}` && row.action === 'delete')).toHaveLength(1);
  });

  it('uploads a banner picture (its type from its bytes) and serves it; a file that is not a picture is refused', async () => {
    const staff = await editor();
    const answer = (await uploadImage(staff.browser, pngImage(8, 4))) as Envelope<UploadedContentImage>;
    expect(answer.code).toBe(1);
    expect(answer.data?.path).toMatch(/^cms\/[0-9a-f]{32}\.png$/);
    const served = await t.browser().get(answer.data?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await uploadImage(staff.browser, Buffer.from('<svg><script>alert(1)</script></svg>'))).toMatchObject({
      code: 400,
      msg: '图片格式仅支持 bmp、jpg、png、webp',
    });
    expect((await t.browser().get('/img/cms/..%2Fsecret.png')).statusCode).toBe(404);
  });

  async function uploadImage(browser: StaffBrowser, data: Buffer): Promise<Envelope<unknown>> {
    await browser.get('/admin/login');
    const body = multipartBody([{ name: 'file', filename: 'banner.png', contentType: 'image/png', data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: contentDeskPaths.uploadImage,
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: browser.cookieHeader(), [staffCsrfHeaderName]: browser.cookies.get(staffCsrfCookieName) ?? '' },
    });
    return response.json<Envelope<unknown>>();
  }
});
