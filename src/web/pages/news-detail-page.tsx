import { newsKindLabels, newsListPath, newsPath, type NewsDetailData } from '../../contract/news.ts';
import { HelpHtml } from '../features/help/help-html.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** /news/{newsId}: one announcement or article, with its neighbours and the latest announcements. */
export function NewsDetailPage({ shell, data }: PageProps<NewsDetailData>) {
  const label = newsKindLabels[data.kind];
  return (
    <PageShell shell={shell}>
      <div className="news-page">
        <Breadcrumb items={[{ label, href: newsListPath(data.kind) }, { label: '正文' }]} />
        <div className="news-detail">
          <article className="news-article">
            <h1 className="news-article__title">{data.title}</h1>
            <p className="news-article__meta">
              <span>{label}</span>
              <time dateTime={data.releaseDate}>发布时间：{data.releaseDate}</time>
            </p>
            {data.bodyHtml === '' ? (
              <div className="news-article__body">
                {data.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            ) : (
              <HelpHtml className="news-article__body" html={data.bodyHtml} />
            )}
            <nav className="news-article__siblings" aria-label="相邻文章">
              <p>上一篇：{data.previous ? <a href={newsPath(data.previous.newsId)}>{data.previous.title}</a> : <span className="news-muted">没有了</span>}</p>
              <p>下一篇：{data.next ? <a href={newsPath(data.next.newsId)}>{data.next.title}</a> : <span className="news-muted">没有了</span>}</p>
            </nav>
          </article>
          <aside className="news-aside">
            <h2>最新公告</h2>
            <ul>
              {data.latest.map((entry) => (
                <li key={entry.newsId}>
                  <a href={newsPath(entry.newsId)} title={entry.title} className={entry.newsId === data.newsId ? 'news-aside__current' : undefined}>
                    {entry.title}
                  </a>
                </li>
              ))}
            </ul>
            <a className="news-aside__more" href="/news">
              查看全部公告 ›
            </a>
          </aside>
        </div>
      </div>
    </PageShell>
  );
}
