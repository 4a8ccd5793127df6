import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { companyProseGroup, type HelpPageData } from '../../../contract/help.ts';
import type { SiteFacts } from '../../../contract/site-facts.ts';
import { cacheVersionCheckMs } from '../../cache/cache-versions.ts';
import { setTestStock } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';
import { insertHelpFixture } from '../help/testing/help-fixture.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { siteFactsOf } from './site-facts.service.ts';
import { contradictionsOf, factClaimsIn, visibleTextOf, type FactClaimKind } from './testing/fact-claims.ts';

/**
 * Issue 28: every page that states a site fact states the one the site holds. Each page below is
 * fetched through the app and every claim found in its visible text (fact-claims.ts) is checked
 * against the site facts; a page stating another warehouse, cut-off, hotline or count fails.
 */
describe('one source of site facts', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await insertContentFixture(app.db);
      const catalog = await insertCatalogFixture(app.db);
      await insertHomeFixture(app.db);
      await insertHelpFixture(app.db.kysely);
      const productId = fixtureProductId(catalog, 'STM32F103C8T6');
      // Split between both warehouses: its page names both, with each one's cut-off.
      await setTestStock(app.db.kysely, productId, { SZ: 700, JS: 300 });
      return { productId };
    },
  });
  const facts = (): Promise<SiteFacts> => siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load();

  async function publicPages(): Promise<string[]> {
    const news = await t.db.kysely.selectFrom('news').select('newsId').where('isPublished', '=', 1).orderBy('newsId').execute();
    const articles = await t.db.kysely.selectFrom('helpPages').select('slug').where('groupName', '!=', companyProseGroup).orderBy('slug').execute();
    const { productId } = t.fixture;
    return [
      '/',
      '/about',
      '/contact',
      '/serve/supplier',
      ...articles.map((article) => `/serve/${article.slug}`),
      '/news',
      '/news?kind=information',
      '/news?kind=article',
      ...news.map((row) => `/news/${String(row.newsId)}`),
      `/product/detail/${String(productId)}`,
      '/m',
      `/m/product/detail/${String(productId)}`,
    ];
  }

  /** Each page's visible text, the settlement page's through a member with the part in the cart. */
  async function pageTexts(): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    const visitor = t.browser();
    for (const path of await publicPages()) {
      const response = await visitor.get(path);
      expect(response.statusCode, path).toBe(200);
      texts.set(path, visibleTextOf(response.body));
    }
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId: t.fixture.productId, quantity: 2 });
    const settlement = await member.browser.get('/offer/settlement');
    expect(settlement.statusCode).toBe(200);
    texts.set('/offer/settlement', visibleTextOf(settlement.body));
    return texts;
  }

  async function expectEveryPageAgrees(): Promise<Set<FactClaimKind>> {
    const [texts, current] = await Promise.all([pageTexts(), facts()]);
    const contradictions = [...texts].flatMap(([path, text]) => contradictionsOf(text, current).map((found) => `${path} ${found}`));
    expect(contradictions).toEqual([]);
    return new Set([...texts.values()].flatMap((text) => factClaimsIn(text).map((claim) => claim.kind)));
  }

  it('has every page, help article, news item, product page, settlement and the mobile footer state the facts the site holds', async () => {
    const claimed = await expectEveryPageAgrees();
    // The check saw each kind of fact stated somewhere: it is no check of pages that state nothing.
    expect([...claimed].sort()).toEqual(['cutoff', 'hotline', 'partsInStock', 'pickupPlace', 'serviceHours', 'warehouseCutoff', 'warehousePlace']);
  });

  it('gathers the facts from their owners: the warehouses table, the site settings and the catalogue', async () => {
    const current = await facts();
    expect(current.warehouses.map((warehouse) => [warehouse.name, warehouse.city, warehouse.cutoffTime, warehouse.isPickup])).toEqual([
      ['深圳仓', '深圳', '16:00', true],
      ['江苏仓', '苏州', '16:00', false],
    ]);
    expect(current.hotline).toBe(t.deps.config.hotline);
    expect(current.serviceHours).toBe('周一至周六 9:00-18:00');
    expect(current.pickupAddress).toBe('广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋（深圳仓）');
    const inStock = await t.db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('stock', '>', 0)
      .executeTakeFirstOrThrow();
    expect(current.partsInStock).toBe(inStock.count);
  });

  it('shows the part’s own warehouses with their cut-offs on its page and at checkout', async () => {
    const product = await t.browser().get(`/product/detail/${String(t.fixture.productId)}`);
    expect(product.body).toContain('深圳仓：周一至周六 16:00 前付款，2 小时内发出');
    expect(product.body).toContain('江苏仓：周一至周六 16:00 前付款，2 小时内发出');
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId: t.fixture.productId, quantity: 2 });
    const settlement = await member.browser.get('/offer/settlement');
    expect(settlement.body).toMatch(/data-testid="dispatch-warehouses">发货仓库：(<!-- -->)?深圳仓：周一至周六 16:00 前付款，2 小时内发出；江苏仓/);
    expect(settlement.body).toContain('广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋（深圳仓）自提，免运费，无需收货地址');
  });

  it('staff change a cut-off, the hotline and the service hours in the console: help, product, contact and news pages follow, and still agree', async () => {
    const { browser: desk } = await signedInStaff(t.app, t.db.kysely, 'content');
    const listed = await desk.call(contentDeskCalls.listWarehouses, {});
    const sz = listed.data?.find((warehouse) => warehouse.code === 'SZ');
    if (!sz) throw new Error(JSON.stringify(listed));
    const saved = await desk.call(contentDeskCalls.saveWarehouse, { ...sz, cutoffTime: '15:30' });
    expect(saved).toMatchObject({ code: 1, msg: '仓库信息已保存，各页面随即显示新的信息', data: { cutoffTime: '15:30' } });
    // A second editor working over the value before it is told to reload.
    expect(await desk.call(contentDeskCalls.saveWarehouse, { ...sz, cutoffTime: '17:00' })).toMatchObject({ code: 409, errorCode: 'warehouse.staleEdit' });
    const audit = await t.db.kysely.selectFrom('auditLog').select(['subjectId', 'afterJson']).where('subjectId', '=', 'warehouse:SZ').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.afterJson ?? '{}')).toMatchObject({ cutoffTime: '15:30' });

    const settings = await desk.call(contentDeskCalls.getSettings, {});
    const live = settings.data?.live;
    if (!live) throw new Error(JSON.stringify(settings));
    const draft = await desk.call(contentDeskCalls.saveSettings, {
      ...live,
      hotline: '400-800-1234',
      serviceHours: '周一至周日 8:30-20:00',
      revision: settings.data?.revision ?? 0,
    });
    expect(await desk.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: draft.data?.revision ?? 0 })).toMatchObject({ code: 1 });
    // The shell's cached contact channels read the change at the next check of the cache versions.
    t.clock.advance(cacheVersionCheckMs);

    const visitor = t.browser();
    expect((await visitor.get('/serve/warehouse')).body).toContain('深圳仓 15:30、江苏仓 16:00');
    const delivery = pageStateOf<HelpPageData>((await visitor.get('/serve/deliver_goods')).body).data;
    expect(delivery.facts?.kind === 'delivery' && delivery.facts.dispatchTimes[0]?.situation).toBe('现货订单，周一至周六 9:00-15:30 付款');
    expect((await visitor.get(`/product/detail/${String(t.fixture.productId)}`)).body).toContain('深圳仓：周一至周六 15:30 前付款');
    const contact = await visitor.get('/contact');
    expect(contact.body).toContain('当日发货截单：周一至周六 <!-- -->15:30');
    expect(contact.body).toContain('客服热线 400-800-1234');
    expect(contact.body).toContain('周一至周日 8:30-20:00');
    await expectEveryPageAgrees();
  });
});

describe('site facts and the page cache', () => {
  const t = useTestApp({
    app: { env: { PAGE_CACHE: 'true' } },
    fixture: async (app) => ({ productId: fixtureProductId(await insertCatalogFixture(app.db), 'STM32F103C8T6') }),
  });

  it('drops a kept product page when its warehouse’s cut-off changes, in every process', async () => {
    const path = `/product/detail/${String(t.fixture.productId)}`;
    expect((await t.browser().get(path)).headers['x-page-cache']).toBe('miss');
    const kept = await t.browser().get(path);
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.body).toContain('深圳仓：周一至周六 16:00 前付款');

    const { browser: desk } = await signedInStaff(t.app, t.db.kysely, 'content');
    const sz = (await desk.call(contentDeskCalls.listWarehouses, {})).data?.find((warehouse) => warehouse.code === 'SZ');
    if (!sz) throw new Error('no 深圳仓');
    expect(await desk.call(contentDeskCalls.saveWarehouse, { ...sz, cutoffTime: '15:45' })).toMatchObject({ code: 1 });
    t.clock.advance(cacheVersionCheckMs);

    const fresh = await t.browser().get(path);
    expect(fresh.headers['x-page-cache']).toBe('miss');
    expect(fresh.body).toContain('深圳仓：周一至周六 15:45 前付款');
  });
});
