import type { Kysely } from 'kysely';
import type { InformationItem, NewsItem } from '../../../contract/home.ts';
import { newsPageSize, newsPath, type NewsDetailData, type NewsKind, type NewsListData } from '../../../contract/news.ts';
import { fillFacts, fillFactsInHtml, type SiteFacts } from '../../../contract/site-facts.ts';
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

/*
 * Titles and text may name site facts by placeholder ({{现货数量}}, {{截单时间}} …): every reader of the
 * news goes through the functions below, which fill them from the facts they are given.
 */

/** The bulletin board: the latest announcements. */
export async function loadBulletin(db: Kysely<Database>, limit: number, facts: SiteFacts, withDrafts = false): Promise<NewsItem[]> {
  const rows = await findNewsOfKind(db, 'announcement', limit, 0, withDrafts);
  return rows.map((row) => ({ newsId: row.newsId, title: fillFacts(row.title, facts) }));
}

/** A home news column: entries lead to their linkUrl, or to their own page when they have none. */
export async function loadNewsColumn(db: Kysely<Database>, kind: NewsKind, limit: number, facts: SiteFacts, withDrafts = false): Promise<InformationItem[]> {
  const rows = await findNewsOfKind(db, kind, limit, 0, withDrafts);
  return rows.map((row) => ({
    title: fillFacts(row.title, facts),
    linkUrl: row.linkUrl ?? newsPath(row.newsId),
    releaseDate: formatBeijingDate(row.releaseDate),
  }));
}

/** A page of one kind's list; a page past the end is simply empty. */
export async function loadNewsList(db: Kysely<Database>, kind: NewsKind, page: number, facts: SiteFacts): Promise<NewsListData> {
  const [rows, total] = await Promise.all([findNewsOfKind(db, kind, newsPageSize, (page - 1) * newsPageSize), countNewsOfKind(db, kind)]);
  return {
    kind,
    list: rows.map((row) => ({
      newsId: row.newsId,
      title: fillFacts(row.title, facts),
      summary: summaryOf(fillFacts(row.content, facts)),
      releaseDate: formatBeijingDate(row.releaseDate),
    })),
    total,
    page,
    pageSize: newsPageSize,
  };
}

/** null for an unknown id: the page answers 404. */
export async function loadNewsDetail(db: Kysely<Database>, newsId: number, facts: SiteFacts): Promise<NewsDetailData | null> {
  const row: NewsRow | undefined = await findNewsById(db, newsId);
  if (!row) return null;
  const [neighbours, latest] = await Promise.all([findNewsNeighbours(db, row), findNewsOfKind(db, 'announcement', latestSize)]);
  const titled = <Entry extends { title: string }>(entry: Entry): Entry => ({ ...entry, title: fillFacts(entry.title, facts) });
  return {
    newsId: row.newsId,
    kind: row.kind,
    title: fillFacts(row.title, facts),
    paragraphs: paragraphsOf(fillFacts(row.content, facts)),
    // Sanitised when saved; again here, as a row may have been written by other means. The facts go in after, escaped.
    bodyHtml: row.bodyHtml === '' ? '' : fillFactsInHtml(sanitizeHelpHtml(row.bodyHtml), facts),
    releaseDate: formatBeijingDate(row.releaseDate),
    previous: neighbours.previous ? titled(neighbours.previous) : null,
    next: neighbours.next ? titled(neighbours.next) : null,
    latest: latest.map((entry) => ({ newsId: entry.newsId, title: fillFacts(entry.title, facts) })),
  };
}

/** Publishes entries (the demo seed today, an editor later). */
export async function publishNews(db: Kysely<Database>, entries: NewNews[]): Promise<void> {
  await insertNews(db, entries);
}
