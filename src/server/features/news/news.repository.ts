import type { Kysely } from 'kysely';
import type { NewsKind } from '../../../contract/news.ts';
import type { Database } from '../../db/database.ts';

export interface NewsRow {
  newsId: number;
  kind: NewsKind;
  title: string;
  content: string;
  linkUrl: string | null;
  releaseDate: number;
  bodyHtml: string;
}

const newsColumns = ['newsId', 'kind', 'title', 'content', 'linkUrl', 'releaseDate', 'bodyHtml'] as const;

/** Newest first; ties (same release moment) by the later id first. */
export async function findNewsOfKind(db: Kysely<Database>, kind: NewsKind, limit: number, offset = 0, withDrafts = false): Promise<NewsRow[]> {
  return db
    .selectFrom('news')
    .select(newsColumns)
    .where('kind', '=', kind)
    .$if(!withDrafts, (query) => query.where('isPublished', '=', 1))
    .orderBy('releaseDate', 'desc')
    .orderBy('newsId', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNewsOfKind(db: Kysely<Database>, kind: NewsKind): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', kind)
    .where('isPublished', '=', 1)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** A published entry (a draft is nobody's page until staff publish it). */
export async function findNewsById(db: Kysely<Database>, newsId: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').select(newsColumns).where('newsId', '=', newsId).where('isPublished', '=', 1).executeTakeFirst();
}

/** The entry listed just before (newer) and just after (older) this one in its kind's list. */
export async function findNewsNeighbours(db: Kysely<Database>, row: NewsRow) {
  const newer = db
    .selectFrom('news')
    .select(['newsId', 'title'])
    .where('kind', '=', row.kind)
    .where('isPublished', '=', 1)
    .where((eb) => eb.or([eb('releaseDate', '>', row.releaseDate), eb.and([eb('releaseDate', '=', row.releaseDate), eb('newsId', '>', row.newsId)])]))
    .orderBy('releaseDate', 'asc')
    .orderBy('newsId', 'asc')
    .limit(1)
    .executeTakeFirst();
  const older = db
    .selectFrom('news')
    .select(['newsId', 'title'])
    .where('kind', '=', row.kind)
    .where('isPublished', '=', 1)
    .where((eb) => eb.or([eb('releaseDate', '<', row.releaseDate), eb.and([eb('releaseDate', '=', row.releaseDate), eb('newsId', '<', row.newsId)])]))
    .orderBy('releaseDate', 'desc')
    .orderBy('newsId', 'desc')
    .limit(1)
    .executeTakeFirst();
  const [previous, next] = await Promise.all([newer, older]);
  return { previous: previous ?? null, next: next ?? null };
}

export interface NewNews {
  kind: NewsKind;
  title: string;
  content: string;
  /** HTML shown instead of the paragraphs; '' (the default) for plain paragraphs. */
  bodyHtml?: string;
  linkUrl: string | null;
  releaseDate: number;
}

export async function insertNews(db: Kysely<Database>, rows: NewNews[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('news').values(rows).execute();
}
