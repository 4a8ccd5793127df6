import type { InformationItem } from '../../../contract/home.ts';
import { newsListPath } from '../../../contract/news.ts';
import { newWindow } from '../../ui/link-target.ts';

function NewsColumn({ title, moreHref, items, testId }: { title: string; moreHref: string; items: InformationItem[]; testId: string }) {
  return (
    <div className="news-column" data-testid={testId}>
      <div className="news-column__head">
        <h2>{title}</h2>
        <a href={moreHref}>更多 ›</a>
      </div>
      {items.length > 0 ? (
        <ul className="news-column__list">
          {items.map((item) => (
            <li key={item.linkUrl + item.title}>
              <a href={item.linkUrl} {...newWindow} title={item.title}>
                {item.title}
              </a>
              <time dateTime={item.releaseDate}>{item.releaseDate}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="news-column__empty">暂无内容</p>
      )}
    </div>
  );
}

/** Two news columns (at most 5 entries each): industry news and technical articles, opening in a new window. */
export function NewsColumns({ informationList, articleList }: { informationList: InformationItem[]; articleList: InformationItem[] }) {
  return (
    <section className="home-news" data-section="news">
      <NewsColumn title="行业资讯" moreHref={newsListPath('information')} items={informationList} testId="information-column" />
      <NewsColumn title="技术文章" moreHref={newsListPath('article')} items={articleList} testId="article-column" />
    </section>
  );
}
