import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { NewsKind } from '../../../contract/news.ts';
import type { Database } from '../../db/database.ts';
import { escapeLike } from '../../db/escape-like.ts';
import type { NewsTable } from './news.tables.ts';

/** The news entries as the console's content desk reads and writes them (news-staff.service.ts). */

const staffColumns = ['newsId', 'kind', 'title', 'content', 'linkUrl', 'releaseDate', 'isPublished', 'bodyHtml'] as const;

export interface NewsStaffFilters {
  kind?: NewsKind | undefined;
  title?: string | undefined;
  status?: 'published' | 'draft' | undefined;
}

/** Drafts and published entries by column, title words and state; not yet ordered (the grid orders and pages them). */
export function newsStaffQuery(db: Kysely<Database>, { kind, title, status }: NewsStaffFilters) {
  let query = db.selectFrom('news').select(staffColumns);
  if (kind) query = query.where('kind', '=', kind);
  if (title) query = query.where(sql<boolean>`title like ${`%${escapeLike(title)}%`} escape '\\'`);
  if (status) query = query.where('isPublished', '=', status === 'published' ? 1 : 0);
  return query;
}

export type NewsStaffRow = Awaited<ReturnType<ReturnType<typeof newsStaffQuery>['execute']>>[number];

export function findNewsStaffRow(db: Kysely<Database>, newsId: number) {
  return db.selectFrom('news').select(staffColumns).where('newsId', '=', newsId).executeTakeFirst();
}

export async function insertNewsRow(db: Kysely<Database>, entry: Insertable<NewsTable>): Promise<number> {
  const inserted = await db.insertInto('news').values(entry).returning('newsId').executeTakeFirstOrThrow();
  return inserted.newsId;
}

export async function updateNewsRow(db: Kysely<Database>, newsId: number, entry: Updateable<NewsTable>): Promise<void> {
  await db.updateTable('news').set(entry).where('newsId', '=', newsId).execute();
}

/** False when another delete removed it first. */
export async function deleteNewsRow(db: Kysely<Database>, newsId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('news').where('newsId', '=', newsId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
