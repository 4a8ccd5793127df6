import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { contentDeskErrors, type AdminNewsRow } from '../../../contract/console/content.ts';
import type { contentDeskRequests } from '../../../contract/console/content-requests.ts';
import type { NewsKind } from '../../../contract/news.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { helpTextOf, sanitizeHelpHtml } from '../help/help.service.ts';
import { pageOfQuery } from '../staff/grid-query.ts';
import { deleteNewsRow, findNewsStaffRow, insertNewsRow, newsStaffQuery, updateNewsRow, type NewsStaffRow } from './news-staff.repository.ts';

/**
 * What staff do to the news columns (the console's content desk calls these): list drafts and
 * published entries, write one, delete one; each change in one transaction with the work the
 * caller adds alongside (its audit entry).
 */

export type NewsGridQuery = z.output<(typeof contentDeskRequests)['listNews']>;

export interface NewsInput {
  newsId?: number | undefined;
  kind: NewsKind;
  title: string;
  bodyHtml: string;
  linkUrl: string | null;
  isPublished: boolean;
}

/** An entry before a change (null: it is new) and after it (null: deleted). */
export interface NewsChange {
  before: AdminNewsRow | null;
  after: AdminNewsRow | null;
}

const htmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** An entry written before the console has plain text only: its paragraphs as HTML to edit. */
function paragraphsAsHtml(content: string): string {
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line.replace(/[&<>"]/g, (character) => htmlEscapes[character] ?? character)}</p>`)
    .join('\n');
}

function adminNewsOf(row: NewsStaffRow): AdminNewsRow {
  return {
    newsId: row.newsId,
    kind: row.kind,
    title: row.title,
    linkUrl: row.linkUrl,
    releaseDate: row.releaseDate,
    isPublished: row.isPublished === 1,
    bodyHtml: row.bodyHtml === '' ? paragraphsAsHtml(row.content) : row.bodyHtml,
  };
}

async function findNews(db: Kysely<Database>, newsId: number): Promise<AdminNewsRow | null> {
  const row = await findNewsStaffRow(db, newsId);
  return row ? adminNewsOf(row) : null;
}

/** 新闻 grid: filter by column, title words and draft/published; newest first by default. */
export async function listNewsForStaff(db: Kysely<Database>, grid: NewsGridQuery): Promise<GridPage<AdminNewsRow>> {
  const page = await pageOfQuery(
    newsStaffQuery(db, grid.filters),
    grid,
    { releaseDate: 'releaseDate', title: 'title', kind: 'kind' },
    { column: 'releaseDate', direction: 'desc' },
    'newsId',
  );
  return { ...page, rows: page.rows.map(adminNewsOf) };
}

/** The plain text lists and summaries quote: one line per block of the HTML. */
function plainParagraphs(html: string): string {
  return html
    .split(/<\/(?:p|div|h[2-4]|li|tr|blockquote|table)>|<br\s*\/?>/i)
    .map((block) => helpTextOf(block))
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Sanitised like a help article (no script, style, event handler or javascript: link), its text kept
 * for the lists' summaries. Publishing a draft dates it now; an edit of a published entry keeps its date.
 */
export async function saveNews(db: Kysely<Database>, input: NewsInput, alongside: AlongsideChange<NewsChange>, now = Date.now()): Promise<AdminNewsRow> {
  const bodyHtml = sanitizeHelpHtml(input.bodyHtml);
  const content = plainParagraphs(bodyHtml);
  // An entry that links elsewhere (a news column's) needs no body of its own.
  if (content === '' && input.linkUrl === null) throw new AppError(contentDeskErrors.bodyEmpty);
  return withTransaction(db, async (trx) => {
    const before = input.newsId === undefined ? null : await findNews(trx, input.newsId);
    if (input.newsId !== undefined && !before) throw new AppError(contentDeskErrors.newsMissing);
    const values = { kind: input.kind, title: input.title, content, bodyHtml, linkUrl: input.linkUrl, isPublished: input.isPublished ? 1 : 0 };
    let newsId: number;
    if (before === null) {
      newsId = await insertNewsRow(trx, { ...values, releaseDate: now });
    } else {
      const releaseDate = !before.isPublished && input.isPublished ? now : before.releaseDate;
      await updateNewsRow(trx, before.newsId, { ...values, releaseDate });
      newsId = before.newsId;
    }
    const after = await findNews(trx, newsId);
    if (!after) throw new AppError(contentDeskErrors.newsMissing);
    await alongside(trx, { before, after });
    return after;
  });
}

export async function deleteNews(db: Kysely<Database>, newsId: number, alongside: AlongsideChange<NewsChange>): Promise<void> {
  await withTransaction(db, async (trx) => {
    const before = await findNews(trx, newsId);
    if (!before) throw new AppError(contentDeskErrors.newsMissing);
    if (!(await deleteNewsRow(trx, newsId))) throw new AppError(contentDeskErrors.newsMissing);
    await alongside(trx, { before, after: null });
  });
}
