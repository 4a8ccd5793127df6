import { helpPaths } from '../../../contract/help.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { HelpPage } from '../../../web/pages/help-page.tsx';
import { HelpSearchPage } from '../../../web/pages/help-search-page.tsx';
import { deliveryFactsAt, type HelpFactsSource } from './help-facts.ts';
import { loadHelpPage, searchHelp } from './help.service.ts';

/** The help centre: /serve/search and every article at /serve/<slug> (the store's other /serve pages are routes of their own). */
export function helpPages(deps: ServiceDeps, facts: HelpFactsSource): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: helpPaths.search,
      entry: 'help-search',
      component: HelpSearchPage,
      async load({ query }) {
        const data = await searchHelp(deps.db, query.keyword, await siteFactsOf(deps).load());
        return {
          title: data.keyword === '' ? `帮助搜索 - ${siteName}` : `“${data.keyword}”的帮助搜索结果 - ${siteName}`,
          description: `在${siteName}帮助中心搜索购物流程、支付、配送、售后等问题的解答。`,
          data,
        };
      },
    }),
    definePage({
      path: '/serve/:slug',
      entry: 'help',
      component: HelpPage,
      async load({ params, request }) {
        // The threshold, the cut-off and the pickup address are site facts staff change: read with the page, like checkout reads them.
        const siteFacts = await siteFactsOf(deps).load();
        const current = { ...facts, delivery: deliveryFactsAt(facts.delivery, siteFacts) };
        const { data, description } = await loadHelpPage(deps.db, current, siteFacts, params.slug ?? '', request.visitor);
        return { title: `${data.article.title} - ${siteName}`, description, data };
      },
    }),
  ];
}
