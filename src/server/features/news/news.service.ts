import type { Kysely } from 'kysely';
import type { InformationItem, NewsItem } from '../../../contract/home.ts';
import { newsPageSize, newsPath, type NewsDetailData, type NewsKind, type NewsListData } from '../../../contract/news.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { sanitizeHelpHtml } from '../help/help.service.ts';
import { countNewsOfKind, findNewsById, findNewsNeighbours, findNewsOfKind, insertNews, type NewNews, type NewsRow } from './news.repository.ts';

export type { NewNews };

const summaryLength = 90;
const latestSize = 8;

function paragraphsOf(content: string): string[] {
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function summaryOf(content: string): string {
  const text = paragraphsOf(content).join(' ');
  return text.length > summaryLength ? `${text.slice(0, summaryLength)}…` : text;
}

/** The bulletin board: the latest announcements. */
export async function loadBulletin(db: Kysely<Database>, limit: number, withDrafts = false): Promise<NewsItem[]> {
  const rows = await findNewsOfKind(db, 'announcement', limit, 0, withDrafts);
  return rows.map((row) => ({ newsId: row.newsId, title: row.title }));
}

/** A home news column: entries lead to their linkUrl, or to their own page when they have none. */
export async function loadNewsColumn(db: Kysely<Database>, kind: NewsKind, limit: number, withDrafts = false): Promise<InformationItem[]> {
  const rows = await findNewsOfKind(db, kind, limit, 0, withDrafts);
  return rows.map((row) => ({ title: row.title, linkUrl: row.linkUrl ?? newsPath(row.newsId), releaseDate: formatBeijingDate(row.releaseDate) }));
}

/** A page of one kind's list; a page past the end is simply empty. */
export async function loadNewsList(db: Kysely<Database>, kind: NewsKind, page: number): Promise<NewsListData> {
  const [rows, total] = await Promise.all([findNewsOfKind(db, kind, newsPageSize, (page - 1) * newsPageSize), countNewsOfKind(db, kind)]);
  return {
    kind,
    list: rows.map((row) => ({ newsId: row.newsId, title: row.title, summary: summaryOf(row.content), releaseDate: formatBeijingDate(row.releaseDate) })),
    total,
    page,
    pageSize: newsPageSize,
  };
}

/** null for an unknown id: the page answers 404. */
export async function loadNewsDetail(db: Kysely<Database>, newsId: number): Promise<NewsDetailData | null> {
  const row: NewsRow | undefined = await findNewsById(db, newsId);
  if (!row) return null;
  const [neighbours, latest] = await Promise.all([findNewsNeighbours(db, row), findNewsOfKind(db, 'announcement', latestSize)]);
  return {
    newsId: row.newsId,
    kind: row.kind,
    title: row.title,
    paragraphs: paragraphsOf(row.content),
    // Sanitised when saved; again here, as a row may have been written by other means.
    bodyHtml: row.bodyHtml === '' ? '' : sanitizeHelpHtml(row.bodyHtml),
    releaseDate: formatBeijingDate(row.releaseDate),
    previous: neighbours.previous,
    next: neighbours.next,
    latest: latest.map((entry) => ({ newsId: entry.newsId, title: entry.title })),
  };
}

/** Publishes entries (the demo seed today, an editor later). */
export async function publishNews(db: Kysely<Database>, entries: NewNews[]): Promise<void> {
  await insertNews(db, entries);
}
