import {
  contentDeskPaths,
  type ContentAdsPageData,
  type ContentHelpPageData,
  type ContentHomePageData,
  type ContentNewsPageData,
  type ContentSitePageData,
} from '../../../contract/console/content.ts';
import { greetingFor } from '../../../contract/home.ts';
import type { StaffHomePageData } from '../../../contract/staff.ts';
import { AdminContentAdsPage } from '../../../web/console/pages/content-ads-page.tsx';
import { AdminContentHelpPage } from '../../../web/console/pages/content-help-page.tsx';
import { AdminContentHomePage } from '../../../web/console/pages/content-home-page.tsx';
import { AdminContentNewsPage } from '../../../web/console/pages/content-news-page.tsx';
import { AdminContentSitePage } from '../../../web/console/pages/content-site-page.tsx';
import { HelpPage } from '../../../web/pages/help-page.tsx';
import { HomePage } from '../../../web/pages/home-page.tsx';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Page } from '../../ssr/page-registry.ts';
import { loadDeliveryTermsAt } from '../help/help.service.ts';
import { pickupAddressOf, siteFactsOf } from '../site-facts/site-facts.service.ts';
import { loadHomeData, readHomeContent } from '../home/home.service.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import { listAdminAds } from './ad-desk.service.ts';
import { listAdminBanners } from './banner-desk.service.ts';
import { listAdminHelpPages } from './help-desk.service.ts';
import { listAdminNews } from './news-desk.service.ts';
import { readPreviewSiteContent } from './content-preview.service.ts';
import { getSiteSettings, listFriendlyLinks, listHotKeywords } from './site-desk.service.ts';
import { listAdminWarehouses } from './warehouse-desk.service.ts';
import { shellWithSiteContent } from '../shell/shell.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { contentDeskRequests } from '../../../contract/console/content-requests.ts';

const readContent = { action: 'read', subject: 'Content' } as const;

/** Shop pages as the drafts would make them, for a signed-in content editor only: read straight from the database, never through the visitors' cache. */
function contentPreviewPages(deps: ServiceDeps): Page[] {
  const { db } = deps;
  return [
    // The home page with every draft: banners and news not yet published, slides not yet started, and the
    // drafts of the ads, hot keywords, friendly links and site settings in its shell.
    defineStaffPage({
      path: contentDeskPaths.preview,
      entry: 'home',
      component: HomePage,
      access: readContent,
      async load({ reply }) {
        void reply.header('cache-control', 'no-store');
        const facts = await siteFactsOf(deps).load();
        const [home, preview] = await Promise.all([loadHomeData(db, { load: () => readHomeContent(db, facts, true) }, null, ''), readPreviewSiteContent(db)]);
        return {
          title: `预览：首页 - ${deps.config.siteName}`,
          isNoIndex: true,
          data: { ...home, greetings: greetingFor(Date.now(), preview.settings.greetings) },
          adjustShell: (shell) => shellWithSiteContent(shell, preview.content, deps),
        };
      },
    }),
    // 配送说明 as it will read once the site settings' draft is published (its free-shipping threshold).
    defineStaffPage({
      path: contentDeskPaths.previewDeliveryTerms,
      entry: 'help',
      component: HelpPage,
      access: readContent,
      async load({ reply }) {
        void reply.header('cache-control', 'no-store');
        const [settings, facts] = await Promise.all([getSiteSettings(db), siteFactsOf(deps).load()]);
        const drafted = settings.draft ?? settings.live;
        // The draft's threshold and pickup address over the live facts.
        const pickupAddress = pickupAddressOf(drafted.pickupAddress, facts.warehouses);
        const previewFacts = { ...facts, freeShippingThresholdCents: drafted.freeShippingThresholdCents, pickupAddress };
        // The console has no member session: the page reads as a visitor's (no vote of theirs).
        const { data } = await loadDeliveryTermsAt(db, deps.config, previewFacts, { sid: '', userId: null });
        return { title: `预览：${data.article.title} - ${deps.config.siteName}`, isNoIndex: true, data };
      },
    }),
  ];
}

export function contentDeskPages(deps: ServiceDeps): Page[] {
  const { db } = deps;
  const base = (access: StaffHomePageData) => ({ ...access, imageBase: deps.config.imageBaseUrl });
  const title = (screen: string) => `${screen} - 内容管理 - 芯品商城管理后台`;
  return [
    defineStaffPage<ContentHomePageData>({
      path: contentDeskPaths.home,
      entry: 'console/content-home',
      component: AdminContentHomePage,
      access: readContent,
      async load({ access }) {
        return { title: title('轮播图与公告'), isNoIndex: true, data: { ...base(access), banners: await listAdminBanners(db) } };
      },
    }),
    defineStaffPage<ContentNewsPageData>({
      path: contentDeskPaths.news,
      entry: 'console/content-news',
      component: AdminContentNewsPage,
      access: readContent,
      async load({ query, access }) {
        return {
          title: title('新闻'),
          isNoIndex: true,
          data: { ...base(access), grid: await gridPageOfUrl(contentDeskRequests.listNews, query, (request) => listAdminNews(db, request)) },
        };
      },
    }),
    defineStaffPage<ContentHelpPageData>({
      path: contentDeskPaths.help,
      entry: 'console/content-help',
      component: AdminContentHelpPage,
      access: readContent,
      async load({ access }) {
        return { title: title('帮助与公司页面'), isNoIndex: true, data: { ...base(access), pages: await listAdminHelpPages(db) } };
      },
    }),
    defineStaffPage<ContentAdsPageData>({
      path: contentDeskPaths.ads,
      entry: 'console/content-ads',
      component: AdminContentAdsPage,
      access: readContent,
      async load({ access }) {
        return { title: title('广告'), isNoIndex: true, data: { ...base(access), ads: await listAdminAds(db) } };
      },
    }),
    defineStaffPage<ContentSitePageData>({
      path: contentDeskPaths.site,
      entry: 'console/content-site',
      component: AdminContentSitePage,
      access: readContent,
      async load({ access }) {
        const [settings, hotKeywords, friendlyLinks, warehouses] = await Promise.all([
          getSiteSettings(db),
          listHotKeywords(db),
          listFriendlyLinks(db),
          listAdminWarehouses(db),
        ]);
        return { title: title('站点设置'), isNoIndex: true, data: { ...base(access), settings, hotKeywords, friendlyLinks, warehouses } };
      },
    }),
    ...contentPreviewPages(deps),
  ];
}
