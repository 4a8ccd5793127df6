import type { NewsItem } from '../../../contract/home.ts';
import { newsPath } from '../../../contract/news.ts';
import { newWindow } from '../../ui/link-target.ts';

/** The latest announcements (at most 6): each opens in a new window; more → /news. */
export function BulletinBoard({ news }: { news: NewsItem[] }) {
  return (
    <div className="bulletin" data-testid="bulletin">
      <div className="bulletin__head">
        <h2 className="bulletin__title">网站公告</h2>
        <a className="bulletin__more" href="/news">
          更多 ›
        </a>
      </div>
      {news.length > 0 ? (
        <ul className="bulletin__list">
          {news.map((item) => (
            <li key={item.newsId}>
              <a href={newsPath(item.newsId)} {...newWindow} title={item.title}>
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bulletin__empty">暂无公告</p>
      )}
    </div>
  );
}
