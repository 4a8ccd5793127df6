import { newsKindLabels, newsKinds, newsListPath, newsPath, type NewsListData } from '../../contract/news.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

function Pagination({ data }: { data: NewsListData }) {
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className="news-pagination" aria-label="分页">
      {data.page > 1 && <a href={newsListPath(data.kind, data.page - 1)}>上一页</a>}
      {pages.map((page) =>
        page === data.page ? (
          <span key={page} className="news-pagination__current" aria-current="page">
            {page}
          </span>
        ) : (
          <a key={page} href={newsListPath(data.kind, page)}>
            {page}
          </a>
        ),
      )}
      {data.page < pageCount && <a href={newsListPath(data.kind, data.page + 1)}>下一页</a>}
    </nav>
  );
}

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
          <Pagination data={data} />
        </div>
      </div>
    </PageShell>
  );
}
