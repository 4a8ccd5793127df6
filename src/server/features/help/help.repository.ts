import { sql, type Kysely } from 'kysely';
import { companyProseGroup } from '../../../contract/help.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { HelpPageRow, NewHelpPage } from './help.tables.ts';

export type HelpMenuRow = Pick<HelpPageRow, 'slug' | 'title' | 'groupName' | 'sort'>;

export function findHelpMenuRows(db: Kysely<Database>): Promise<HelpMenuRow[]> {
  return db
    .selectFrom('helpPages')
    .select(['slug', 'title', 'groupName', 'sort'])
    .where('groupName', '!=', companyProseGroup)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The company pages' prose blocks that exist among these slugs. */
export function findCompanyProseRows(db: Kysely<Database>, slugs: readonly string[]): Promise<Pick<HelpPageRow, 'slug' | 'bodyHtml'>[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return db.selectFrom('helpPages').select(['slug', 'bodyHtml']).where('slug', 'in', slugs).where('groupName', '=', companyProseGroup).execute();
}

export function findHelpPageBySlug(db: Kysely<Database>, slug: string): Promise<HelpPageRow | undefined> {
  return db.selectFrom('helpPages').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** `\` escapes LIKE's own wildcards (and itself) in a keyword, on both engines. */
export function likePatternOf(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type HelpSearchRow = Pick<HelpPageRow, 'slug' | 'title' | 'groupName' | 'bodyText'>;

/** Articles whose title or text contains the keyword (ASCII letters in any case), titles first; the company pages' prose is not searched. */
export function searchHelpPageRows(db: Kysely<Database>, keyword: string, limit: number): Promise<HelpSearchRow[]> {
  const pattern = likePatternOf(keyword);
  const inTitle = sql<boolean>`lower(title) like ${pattern} escape '\\'`;
  const inText = sql<boolean>`lower(body_text) like ${pattern} escape '\\'`;
  return db
    .selectFrom('helpPages')
    .select(['slug', 'title', 'groupName', 'bodyText'])
    .where(sql<boolean>`(${inTitle} or ${inText})`)
    .where('groupName', '!=', companyProseGroup)
    .orderBy(sql`case when ${inTitle} then 0 else 1 end`)
    .orderBy('sort')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Adds each page whose slug is not there yet; an existing page (perhaps edited by staff) is left alone. */
export async function insertMissingHelpPages(db: Kysely<Database>, pages: NewHelpPage[]): Promise<number> {
  if (pages.length === 0) return 0;
  const inserted = await db
    .insertInto('helpPages')
    .values(pages)
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export type HelpPageFields = Pick<NewHelpPage, 'slug' | 'title' | 'description' | 'groupName' | 'sort' | 'bodyHtml' | 'bodyText' | 'updatedAt'>;

/** Creates the page or replaces its fields, keeping its votes. */
export async function upsertHelpPage(db: Kysely<Database>, page: HelpPageFields): Promise<HelpPageRow> {
  const { slug: _slug, ...changes } = page;
  return db
    .insertInto('helpPages')
    .values(page)
    .onConflict((conflict) => conflict.column('slug').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface HelpCounts {
  helpfulCount: number;
  unhelpfulCount: number;
}

export function findMyHelpVote(db: Kysely<Database>, pageId: number, voterKey: string): Promise<{ isHelpful: number } | undefined> {
  return db.selectFrom('helpVotes').select('isHelpful').where('pageId', '=', pageId).where('voterKey', '=', voterKey).executeTakeFirst();
}

/**
 * Records the vote and counts it in one transaction; a voter who already voted on the page adds
 * nothing (the primary key decides between concurrent clicks). Answers null then.
 */
export async function recordHelpVote(
  db: Kysely<Database>,
  vote: { pageId: number; voterKey: string; isHelpful: boolean; now: number },
): Promise<HelpCounts | null> {
  return withTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('helpVotes')
      .values({ pageId: vote.pageId, voterKey: vote.voterKey, isHelpful: vote.isHelpful ? 1 : 0, createdAt: vote.now })
      .onConflict((conflict) => conflict.columns(['pageId', 'voterKey']).doNothing())
      .returning('pageId')
      .executeTakeFirst();
    if (!inserted) return null;
    return trx
      .updateTable('helpPages')
      .set((eb) => (vote.isHelpful ? { helpfulCount: eb('helpfulCount', '+', 1) } : { unhelpfulCount: eb('unhelpfulCount', '+', 1) }))
      .where('id', '=', vote.pageId)
      .returning(['helpfulCount', 'unhelpfulCount'])
      .executeTakeFirstOrThrow();
  });
}

const staffColumns = ['slug', 'title', 'description', 'groupName', 'sort', 'bodyHtml', 'updatedAt'] as const;

export type HelpPageStaffRow = Pick<HelpPageRow, (typeof staffColumns)[number]>;

/** Help articles by group, and the company pages' prose (group 公司页面), as the console edits them. */
export function findHelpPagesForStaff(db: Kysely<Database>): Promise<HelpPageStaffRow[]> {
  return db.selectFrom('helpPages').select(staffColumns).orderBy('groupName').orderBy('sort').orderBy('id').execute();
}

export function findHelpPageForStaff(db: Kysely<Database>, slug: string): Promise<HelpPageStaffRow | undefined> {
  return db.selectFrom('helpPages').select(staffColumns).where('slug', '=', slug).executeTakeFirst();
}
