import { companyProseSlugs } from '../../../contract/help.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { AboutPage } from '../../../web/pages/about-page.tsx';
import { HomePage } from '../../../web/pages/home-page.tsx';
import { loadCompanyProse } from '../help/help.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { createHomeContentCache, inviterOf, loadAboutData, loadHomeData } from './home.service.ts';

const aboutProseSlugs = { intro: companyProseSlugs.aboutIntro, services: companyProseSlugs.aboutServices } as const;

export function homePages(deps: ServiceDeps): Page[] {
  const siteFacts = siteFactsOf(deps);
  const homeContent = createHomeContentCache(deps.db, deps.cacheVersions, () => siteFacts.load());
  return [
    definePage({
      path: '/',
      entry: 'home',
      component: HomePage,
      async load({ query, request }) {
        const data = await loadHomeData(deps.db, homeContent, request.visitor, inviterOf(query.inviter));
        return {
          title: `${deps.config.siteName}-电子元器件采购网上商城`,
          description: `${deps.config.siteName}是专业的电子元器件采购网上商城：原厂正品现货，IC芯片、电阻电容、连接器一站式采购，现货2小时发货，支持BOM配单。`,
          data,
        };
      },
    }),
    definePage({
      path: '/about',
      entry: 'about',
      component: AboutPage,
      async load() {
        const facts = await siteFacts.load();
        const [figures, prose] = await Promise.all([loadAboutData(deps.db), loadCompanyProse(deps.db, aboutProseSlugs, facts)]);
        return {
          title: `关于我们 - ${deps.config.siteName}`,
          description: `${deps.config.siteName}：一站式电子元器件采购平台，原厂正品，现货2小时发货。`,
          data: { ...figures, prose },
        };
      },
    }),
  ];
}
