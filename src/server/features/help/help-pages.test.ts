import { describe, expect, it } from 'vitest';
import { carriers, freightOf, dispatchTimesAt } from '../../../contract/delivery.ts';
import type { HelpPageData } from '../../../contract/help.ts';
import { freeShippingThresholdCents } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { fillFactsInHtml } from '../../../contract/site-facts.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createPaymentProviders } from '../payment/payment.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { companyProseSeedPages } from './company-prose-seed.data.ts';
import { helpSeedPages } from './help-seed.data.ts';
import { seedHelpPages } from './help.seed.ts';
import { saveHelpPage } from './help.service.ts';

const slugs = ['order_step', 'pay', 'deliver_goods', 'warehouse', 'sales_return', 'safe'];

/** A province of each freight zone (GB/T 2260): 上海, 北京, 辽宁, 西藏. */
const provinceOfZone = { 江浙沪: '310000', '华北、华中、华南': '110000', '东北、西南、西北': '210000', '新疆、西藏及港澳台': '540000' } as const;

describe('the help pages /serve/<slug>', () => {
  const t = useTestApp({ fixture: async (app) => ({ seeded: await seedHelpPages(app.db.kysely) }) });

  it('seeds the six articles and the company pages’ prose once; a second seed adds nothing and keeps an edited page', async () => {
    expect(t.fixture.seeded).toBe(helpSeedPages.length + companyProseSeedPages.length);
    await saveHelpPage(t.db.kysely, { slug: 'safe', title: '正品保障与安全', groupName: '售后服务', sort: 60, bodyHtml: '<p>编辑后的正文：假一赔十</p>' });
    expect(await seedHelpPages(t.db.kysely)).toBe(0);
    const row = await t.db.kysely.selectFrom('helpPages').select('bodyText').where('slug', '=', 'safe').executeTakeFirstOrThrow();
    expect(row.bodyText).toBe('编辑后的正文：假一赔十');
  });

  it('renders each article from the database with its own title, description, the menu marking it, and the vote', async () => {
    const siteName = t.deps.config.siteName;
    const siteFacts = await siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load();
    for (const slug of slugs) {
      const row = await t.db.kysely.selectFrom('helpPages').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
      const response = await t.browser().get(`/serve/${slug}`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.body).toContain(`<title>${row.title} - ${siteName}</title>`);
      expect(response.body).toMatch(/<meta name="description" content="[^"]{10,}">/);
      const data = pageStateOf<HelpPageData>(response.body).data;
      // Its placeholders ({{发货仓}} …) are shown filled with the site facts.
      const bodyHtml = fillFactsInHtml(row.bodyHtml, siteFacts);
      expect(data.article).toMatchObject({ slug, title: row.title, groupName: row.groupName, bodyHtml });
      expect(response.body).not.toContain('{{');
      expect(response.body).toContain(bodyHtml.slice(0, 40));
      expect(response.body).toContain(`<a href="/serve/${slug}" class="help-menu__link is-current" aria-current="page">${row.title}</a>`);
      expect(response.body.match(/help-menu__link is-current/g)).toHaveLength(1);
      expect(data.menu.map((group) => group.title)).toEqual(expect.arrayContaining(['购物指南', '配送服务', '售后服务']));
      expect(data.votes).toEqual({ helpfulCount: 0, unhelpfulCount: 0, myVote: null });
      expect(response.body).toContain('这篇帮助对您有用吗？');
    }
  });

  it('shows what staff saved, at once', async () => {
    await saveHelpPage(t.db.kysely, {
      slug: 'warehouse',
      title: '仓储与现货说明',
      groupName: '配送服务',
      sort: 40,
      bodyHtml: '<h2>新仓库</h2><p>苏州新仓已启用。</p>',
    });
    const response = await t.browser().get('/serve/warehouse');
    expect(response.body).toContain('<title>仓储与现货说明 - ');
    expect(response.body).toContain('苏州新仓已启用。');
  });

  it('answers 404 with the shell for an unknown or malformed slug', async () => {
    for (const path of ['/serve/no_such_page', '/serve/Order-Step', `/serve/${'a'.repeat(60)}`]) {
      const response = await t.browser().get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('页面不存在');
    }
  });

  it('shows on 配送说明 every carrier with exactly the fees, threshold and dispatch times checkout charges', async () => {
    const response = await t.browser().get('/serve/deliver_goods');
    const facts = pageStateOf<HelpPageData>(response.body).data.facts;
    if (facts?.kind !== 'delivery') throw new Error('no delivery facts');
    expect(facts.freeShippingThresholdCents).toBe(freeShippingThresholdCents);
    expect(response.body).toContain(`满${formatCents(freeShippingThresholdCents)}包邮`);
    expect(facts.carriers.map((carrier) => carrier.name)).toEqual(carriers.map((carrier) => carrier.name));
    for (const carrier of facts.carriers) {
      expect(response.body).toContain(carrier.description);
      if (carrier.isPickup) {
        expect(carrier.fees).toEqual([]);
        continue;
      }
      expect(carrier.fees.map((fee) => fee.zoneName)).toEqual(Object.keys(provinceOfZone));
      for (const fee of carrier.fees) {
        const province = provinceOfZone[fee.zoneName as keyof typeof provinceOfZone];
        // What checkout charges for 1 kg and for 2 kg of goods below the free-shipping threshold.
        const oneKilogram = freightOf(carrier.code, province, 1000, 0)?.cents;
        const twoKilograms = freightOf(carrier.code, province, 2000, 0)?.cents;
        expect(fee.firstKilogramCents, `${carrier.name} ${fee.zoneName}`).toBe(oneKilogram);
        expect(fee.extraKilogramCents, `${carrier.name} ${fee.zoneName}`).toBe((twoKilograms ?? 0) - (oneKilogram ?? 0));
        expect(response.body).toContain(`${formatCents(fee.firstKilogramCents)} / ${formatCents(fee.extraKilogramCents)}`);
      }
    }
    // At the warehouses' cut-off (16:00 in a new store).
    for (const entry of dispatchTimesAt('16:00')) {
      expect(response.body).toContain(entry.situation);
      expect(response.body).toContain(entry.time);
    }
    expect(response.body).toContain(`发货后 ${String(t.deps.config.orders.autoCompleteDays)} 天内未确认收货`);
  });

  it('shows on 支付方式 exactly the methods the cashier offers, and the bank account of the configuration', async () => {
    const response = await t.browser().get('/serve/pay');
    const facts = pageStateOf<HelpPageData>(response.body).data.facts;
    if (facts?.kind !== 'payment') throw new Error('no payment facts');
    const offered = createPaymentProviders(t.deps.config.payments).options;
    expect(facts.methods).toEqual(offered);
    for (const option of offered) expect(response.body).toContain(`data-testid="payment-method-${option.method}"`);
    expect(response.body).toContain(t.deps.config.payments.bank.accountNumber);
    expect(response.body).toContain(`${String(t.deps.config.orders.paymentMinutes)} 分钟内完成付款`);
    expect(pageStateOf<HelpPageData>((await t.browser().get('/serve/order_step')).body).data.facts).toBeNull();
  });
});

describe('the help pages follow the configuration', () => {
  const t = useTestApp({
    app: {
      env: {
        PAYMENT_DEV_ENABLED: 'false',
        BANK_ACCOUNT_NUMBER: '6222 0000 1111 2222',
        BANK_TRANSFER_WINDOW_DAYS: '5',
        ORDER_PAYMENT_MINUTES: '45',
        ORDER_AUTO_COMPLETE_DAYS: '14',
      },
    },
    fixture: async (app) => seedHelpPages(app.db.kysely),
  });

  it('drops 模拟支付 when it is off and shows the configured account, windows and auto-completion', async () => {
    const pay = await t.browser().get('/serve/pay');
    const facts = pageStateOf<HelpPageData>(pay.body).data.facts;
    if (facts?.kind !== 'payment') throw new Error('no payment facts');
    expect(facts.methods.map((method) => method.method)).not.toContain('development');
    expect(pay.body).not.toContain('模拟支付');
    expect(pay.body).toContain('6222 0000 1111 2222');
    expect(pay.body).toContain('45 分钟内完成付款');
    expect(pay.body).toContain('付款期限延长至 5 天');
    const deliver = await t.browser().get('/serve/deliver_goods');
    expect(deliver.body).toContain('发货后 14 天内未确认收货');
  });
});
