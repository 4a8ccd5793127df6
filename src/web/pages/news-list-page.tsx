import { newsKindLabels, newsKinds, newsListPath, newsPath, type NewsListData } from '../../contract/news.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';
import { Pagination } from '../ui/pagination.tsx';

/** /news: announcements, with tabs for the industry news and technical articles of the home columns. */
export function NewsListPage({ shell, data }: PageProps<NewsListData>) {
  const label = newsKindLabels[data.kind];
  return (
    <PageShell shell={shell}>
      <div className="news-page">
        <Breadcrumb items={[{ label }]} />
        <div className="news-panel">
          <nav className="news-tabs" aria-label="资讯分类">
            {newsKinds.map((kind) => (
              <a
                key={kind}
                aria-current={kind === data.kind ? 'page' : undefined}
                className={kind === data.kind ? 'news-tabs__tab news-tabs__tab--active' : 'news-tabs__tab'}
                href={newsListPath(kind)}
              >
                {newsKindLabels[kind]}
              </a>
            ))}
          </nav>
          {data.list.length > 0 ? (
            <ul className="news-list" data-testid="news-list">
              {data.list.map((entry) => (
                <li key={entry.newsId} className="news-list__item">
                  <div className="news-list__main">
                    <a className="news-list__title" href={newsPath(entry.newsId)}>
                      {entry.title}
                    </a>
                    <p className="news-list__summary">{entry.summary}</p>
                  </div>
                  <time className="news-list__date" dateTime={entry.releaseDate}>
                    {entry.releaseDate}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="news-empty">{data.page > 1 ? '没有更多内容了' : `暂无${label}`}</p>
          )}
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} hrefFor={(page) => newsListPath(data.kind, page)} unit="篇" />
        </div>
      </div>
    </PageShell>
  );
}
