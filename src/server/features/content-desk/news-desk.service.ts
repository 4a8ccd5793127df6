import { sql, type Kysely } from 'kysely';
import { contentDeskErrors, type AdminNewsRow } from '../../../contract/admin-content.ts';
import type { contentDeskRequests } from '../../../contract/admin-content-requests.ts';
import type { NewsKind } from '../../../contract/news.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { helpTextOf, sanitizeHelpHtml } from '../help/help.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { pageOfQuery } from '../staff/grid-query.ts';

type Db = Kysely<Database>;

export type NewsGridQuery = z.output<(typeof contentDeskRequests)['listNews']>;

export interface NewsInput {
  newsId?: number | undefined;
  kind: NewsKind;
  title: string;
  bodyHtml: string;
  linkUrl: string | null;
  isPublished: boolean;
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

interface NewsDeskRow {
  newsId: number;
  kind: NewsKind;
  title: string;
  content: string;
  linkUrl: string | null;
  releaseDate: number;
  isPublished: number;
  bodyHtml: string;
}

function adminNewsOf(row: NewsDeskRow): AdminNewsRow {
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

const deskColumns = ['newsId', 'kind', 'title', 'content', 'linkUrl', 'releaseDate', 'isPublished', 'bodyHtml'] as const;

async function findNews(db: Db, newsId: number): Promise<AdminNewsRow | null> {
  const row = await db.selectFrom('news').select(deskColumns).where('newsId', '=', newsId).executeTakeFirst();
  return row ? adminNewsOf(row) : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** 新闻 grid: filter by column, title words and draft/published; newest first by default. */
export async function listAdminNews(db: Db, grid: NewsGridQuery): Promise<GridPage<AdminNewsRow>> {
  const { kind, title, status } = grid.filters;
  let query = db.selectFrom('news').select(deskColumns);
  if (kind) query = query.where('kind', '=', kind);
  if (title) query = query.where(sql<boolean>`title like ${`%${escapeLike(title)}%`} escape '\\'`);
  if (status) query = query.where('isPublished', '=', status === 'published' ? 1 : 0);
  const page = await pageOfQuery(
    query,
    grid,
    { releaseDate: 'releaseDate', title: 'title', kind: 'kind' },
    { column: 'releaseDate', direction: 'desc' },
    'newsId',
  );
  return { ...page, rows: page.rows.map(adminNewsOf) };
}

/**
 * Sanitised like a help article (no script, style, event handler or javascript: link), its text kept
 * for the lists' summaries. Publishing a draft dates it now; an edit of a published entry keeps its date.
 */
export async function saveNews(db: Db, actor: StaffActor, input: NewsInput, now = Date.now()): Promise<AdminNewsRow> {
  const bodyHtml = sanitizeHelpHtml(input.bodyHtml);
  const content = plainParagraphs(bodyHtml);
  // An entry that links elsewhere (a news column's) needs no body of its own.
  if (content === '' && input.linkUrl === null) throw new AppError(contentDeskErrors.bodyEmpty);
  return db.transaction().execute(async (trx) => {
    const before = input.newsId === undefined ? null : await findNews(trx, input.newsId);
    if (input.newsId !== undefined && !before) throw new AppError(contentDeskErrors.newsMissing);
    const values = { kind: input.kind, title: input.title, content, bodyHtml, linkUrl: input.linkUrl, isPublished: input.isPublished ? 1 : 0 };
    let newsId: number;
    if (before === null) {
      const inserted = await trx
        .insertInto('news')
        .values({ ...values, releaseDate: now })
        .returning('newsId')
        .executeTakeFirstOrThrow();
      newsId = inserted.newsId;
    } else {
      const releaseDate = !before.isPublished && input.isPublished ? now : before.releaseDate;
      await trx
        .updateTable('news')
        .set({ ...values, releaseDate })
        .where('newsId', '=', before.newsId)
        .execute();
      newsId = before.newsId;
    }
    const after = await findNews(trx, newsId);
    if (!after) throw new AppError(contentDeskErrors.newsMissing);
    await recordStaffChange(trx, { ...actor, action: before ? 'update' : 'create', subject: 'Content', subjectId: `news:${newsId}`, before, after, at: now });
    return after;
  });
}

/** The plain text lists and summaries quote: one line per block of the HTML. */
function plainParagraphs(html: string): string {
  return html
    .split(/<\/(?:p|div|h[2-4]|li|tr|blockquote|table)>|<br\s*\/?>/i)
    .map((block) => helpTextOf(block))
    .filter((line) => line !== '')
    .join('\n');
}

export async function deleteNews(db: Db, actor: StaffActor, newsId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findNews(trx, newsId);
    if (!before) throw new AppError(contentDeskErrors.newsMissing);
    const deleted = await trx.deleteFrom('news').where('newsId', '=', newsId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError(contentDeskErrors.newsMissing);
    await recordStaffChange(trx, { ...actor, action: 'delete', subject: 'Content', subjectId: `news:${newsId}`, before, after: null });
  });
}
