import { describe, expect, it } from 'vitest';
import type { ContactPageData } from '../../../contract/contact.ts';
import { companyProseGroup, companyProseSlugs, helpErrors, siteNamePlaceholder, type HelpPageData, type HelpSearchData } from '../../../contract/help.ts';
import { helpCalls } from '../../../contract/help-calls.ts';
import type { AboutData } from '../../../contract/home.ts';
import type { SupplierPageData } from '../../../contract/supplier.ts';
import { fillFactsInHtml } from '../../../contract/site-facts.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { companyProseSeedPages } from './company-prose-seed.data.ts';
import { seedHelpPages } from './help.seed.ts';
import { saveHelpPage } from './help.service.ts';

/** A site name HTML must escape, so a page showing it raw would be caught. */
const siteName = '芯测&商城';
const siteNameHtml = '芯测&amp;商城';

/** Each company page and the block each prose row fills on it. */
const pageOfSlug = {
  about_intro: ['/about', 'intro'],
  about_services: ['/about', 'services'],
  supplier_intro: ['/serve/supplier', 'intro'],
  supplier_reasons: ['/serve/supplier', 'reasons'],
  supplier_requirements: ['/serve/supplier', 'requirements'],
  supplier_steps: ['/serve/supplier', 'steps'],
  contact_intro: ['/contact', 'intro'],
  contact_notes: ['/contact', 'notes'],
} as const;

type ProsePageData = AboutData | SupplierPageData | ContactPageData;

describe('the company pages’ prose (/about, /serve/supplier, /contact) kept as help pages', () => {
  const t = useTestApp({ app: { env: { SITE_NAME: siteName } }, fixture: async (app) => seedHelpPages(app.db.kysely) });

  async function pageOf(path: string): Promise<{ html: string; prose: Record<string, string> }> {
    const response = await t.browser().get(path);
    expect(response.statusCode, path).toBe(200);
    return { html: response.body, prose: pageStateOf<ProsePageData>(response.body).data.prose };
  }

  async function storedHtmlOf(slug: string): Promise<string> {
    const row = await t.db.kysely.selectFrom('helpPages').select('bodyHtml').where('slug', '=', slug).executeTakeFirstOrThrow();
    return row.bodyHtml;
  }

  it('seeds one row per block, and each page shows its rows with the configured site name in place of the placeholder', async () => {
    expect(companyProseSeedPages.map((page) => page.slug).sort()).toEqual(Object.values(companyProseSlugs).sort());
    expect(Object.keys(pageOfSlug).sort()).toEqual(Object.values(companyProseSlugs).sort());
    const facts = await siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load();
    for (const [slug, [path, block]] of Object.entries(pageOfSlug)) {
      // The site facts' placeholders ({{客服热线}} …) filled too, each escaped.
      const expected = fillFactsInHtml((await storedHtmlOf(slug)).replaceAll(siteNamePlaceholder, siteNameHtml), facts);
      const { html, prose } = await pageOf(path);
      expect(prose[block], slug).toBe(expected);
      expect(html, slug).toContain(expected);
      expect(html, slug).not.toContain(siteNamePlaceholder);
      expect(html, slug).not.toContain('{{');
    }
    const about = await pageOf('/about');
    expect(about.html).toContain(`<p>${siteNameHtml}是面向工程师与采购人员的电子元器件一站式采购平台`);
    for (const service of ['现货采购', 'BOM配单', '品质保障', '专业服务']) expect(about.html).toContain(`<h3>${service}</h3>`);
    const supplier = await pageOf('/serve/supplier');
    expect(supplier.html).toContain(`入驻${siteNameHtml}，与我们一起`);
    expect(supplier.html).toContain('<li><strong>资质审核</strong><span>3个工作日内完成审核</span></li>');
    expect((await pageOf('/contact')).html).toContain(`${siteNameHtml}客服团队在${facts.serviceHours}为您服务，客服热线 ${facts.hotline}。`);
  });

  it('shows a block as staff save it with saveHelpPage, with a <script> and an event handler stripped', async () => {
    await saveHelpPage(t.db.kysely, {
      slug: companyProseSlugs.aboutServices,
      title: '关于我们·我们提供',
      groupName: companyProseGroup,
      sort: 1020,
      bodyHtml: '<ul><li><h3>样品申请</h3><p onclick="steal()">免费申请工程样品。</p><script>alert("saved")</script></li></ul>',
    });
    const about = await pageOf('/about');
    expect(about.prose.services).toBe('<ul><li><h3>样品申请</h3><p>免费申请工程样品。</p></li></ul>');
    expect(about.html).toContain('<h3>样品申请</h3><p>免费申请工程样品。</p>');
    expect(about.html).not.toContain('<h3>现货采购</h3>');
    expect(about.html).not.toContain('alert("saved")');
    expect(about.html).not.toContain('steal()');

    await saveHelpPage(t.db.kysely, {
      slug: companyProseSlugs.contactIntro,
      title: '联系我们·简介',
      groupName: companyProseGroup,
      bodyHtml: `<p>${siteNamePlaceholder}全国客服：<strong>7×24小时</strong>在线。</p>`,
    });
    expect((await pageOf('/contact')).html).toContain(`<p>${siteNameHtml}全国客服：<strong>7×24小时</strong>在线。</p>`);
  });

  it('sanitises a row written by other means (not through saveHelpPage) when the page shows it', async () => {
    await t.db.kysely
      .updateTable('helpPages')
      .set({ bodyHtml: '<p>诚邀入驻<img src="x" onerror="alert(1)"></p><script>alert("raw")</script><iframe src="https://evil.example"></iframe>' })
      .where('slug', '=', companyProseSlugs.supplierIntro)
      .execute();
    const supplier = await pageOf('/serve/supplier');
    expect(supplier.prose.intro).toBe('<p>诚邀入驻<img src="x" /></p>');
    expect(supplier.html).not.toContain('alert(');
    expect(supplier.html).not.toContain('evil.example');
  });

  it('leaves out a block whose row staff deleted (the page still renders), and the next seed adds it back', async () => {
    await t.db.kysely.deleteFrom('helpPages').where('slug', 'in', [companyProseSlugs.supplierReasons, companyProseSlugs.contactNotes]).execute();
    const supplier = await pageOf('/serve/supplier');
    expect(supplier.prose.reasons).toBe('');
    expect(supplier.html).not.toContain('海量采购需求');
    expect(supplier.html).not.toContain('class="prose supplier-reasons"');
    expect(supplier.html).toContain('为什么加入');
    expect(supplier.html).toContain('<strong>注册登录</strong>');
    const contact = await pageOf('/contact');
    expect(contact.prose.notes).toBe('');
    expect(contact.html).toContain('留言须知');
    expect(contact.html).not.toContain('工作日留言');

    expect(await seedHelpPages(t.db.kysely)).toBe(2);
    expect((await pageOf('/serve/supplier')).html).toContain('<h3>海量采购需求</h3>');
    expect((await pageOf('/contact')).html).toContain('工作日留言，我们将在1个工作日内通过电话或邮件回复您。');
  });

  it('keeps those rows out of the help centre: not in its menu or search, no /serve/<slug> page, no vote', async () => {
    const article = await t.browser().get('/serve/order_step');
    const menu = pageStateOf<HelpPageData>(article.body).data.menu;
    expect(menu.map((group) => group.title)).not.toContain(companyProseGroup);
    const menuUrls = menu.flatMap((group) => group.links.map((link) => link.url));
    for (const slug of Object.values(companyProseSlugs)) {
      expect(menuUrls).not.toContain(`/serve/${slug}`);
      expect((await t.browser().get(`/serve/${slug}`)).statusCode, slug).toBe(404);
      expect(await t.browser().call(helpCalls.vote, { slug, isHelpful: true }), slug).toMatchObject({ errorCode: helpErrors.notFound.errorCode });
    }
    for (const keyword of ['海量采购需求', '留言须知', '营业执照']) {
      const search = pageStateOf<HelpSearchData>((await t.browser().get(`/serve/search?keyword=${encodeURIComponent(keyword)}`)).body).data;
      expect(
        search.hits.filter((hit) => hit.groupName === companyProseGroup),
        keyword,
      ).toEqual([]);
    }
  });
});
