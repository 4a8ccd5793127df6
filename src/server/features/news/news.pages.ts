import type { ServiceDeps } from '../../service-deps.ts';
import { isNewsKind, newsKindLabels, newsListPath, newsPath } from '../../../contract/news.ts';
import { notFound } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-params.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { NewsDetailPage } from '../../../web/pages/news-detail-page.tsx';
import { NewsListPage } from '../../../web/pages/news-list-page.tsx';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { loadNewsDetail, loadNewsList } from './news.service.ts';

const maxPage = 10_000;

/** A page number from the query: absent is 1; anything but a sane positive integer is not a page. */
function pageOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return 1;
  if (!/^\d{1,5}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= maxPage ? page : null;
}

export function newsPages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: '/news',
      entry: 'news-list',
      component: NewsListPage,
      async load({ query }) {
        const kind = query.kind ?? 'announcement';
        const page = pageOf(query.page);
        if (!isNewsKind(kind) || page === null) throw notFound();
        const data = await loadNewsList(deps.db, kind, page, await siteFactsOf(deps).load());
        const label = newsKindLabels[kind];
        return {
          title: `${label}${page > 1 ? `（第${page}页）` : ''} - ${deps.config.siteName}`,
          description: `${deps.config.siteName}${label}：平台动态、活动通知与电子元器件行业资讯。`,
          canonicalPath: newsListPath(kind, page),
          data,
        };
      },
    }),
    definePage({
      path: '/news/:newsId',
      entry: 'news-detail',
      component: NewsDetailPage,
      async load({ params }) {
        const data = await loadNewsDetail(deps.db, parsePathId(params.newsId), await siteFactsOf(deps).load());
        if (!data) throw notFound();
        return {
          title: `${data.title} - ${deps.config.siteName}`,
          description: (data.paragraphs[0] ?? data.title).slice(0, 120),
          canonicalPath: newsPath(data.newsId),
          ogType: 'article',
          data,
        };
      },
    }),
  ];
}
