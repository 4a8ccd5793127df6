import type { Kysely } from 'kysely';
import type { AdminNewsRow } from '../../../contract/console/content.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { deleteNews as deleteNewsEntry, listNewsForStaff, saveNews as saveNewsEntry, type NewsGridQuery, type NewsInput } from '../news/news-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

export type { NewsGridQuery, NewsInput } from '../news/news-staff.service.ts';

/** 新闻 grid: filter by column, title words and draft/published; newest first by default. */
export const listAdminNews = (db: Kysely<Database>, grid: NewsGridQuery): Promise<GridPage<AdminNewsRow>> => listNewsForStaff(db, grid);

/** Through the news feature's saveNews (its sanitiser and dates), in one transaction with the audit entry. */
export function saveNews(db: Kysely<Database>, actor: StaffActor, input: NewsInput, now = Date.now()): Promise<AdminNewsRow> {
  return saveNewsEntry(
    db,
    input,
    async (trx, { before, after }) => {
      const newsId = after?.newsId ?? 0;
      await recordStaffChange(trx, { ...actor, action: before ? 'update' : 'create', subject: 'Content', subjectId: `news:${newsId}`, before, after, at: now });
    },
    now,
  );
}

export async function deleteNews(db: Kysely<Database>, actor: StaffActor, newsId: number): Promise<void> {
  await deleteNewsEntry(db, newsId, async (trx, { before }) => {
    await recordStaffChange(trx, { ...actor, action: 'delete', subject: 'Content', subjectId: `news:${newsId}`, before, after: null });
  });
}
