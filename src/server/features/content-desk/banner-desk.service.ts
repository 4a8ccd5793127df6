import type { Kysely, Selectable } from 'kysely';
import { contentDeskErrors, type AdminBanner } from '../../../contract/admin-content.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { BannersTable } from '../home/home.tables.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

type Db = Kysely<Database>;

export interface BannerInput {
  id?: number | undefined;
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  openType: boolean;
  sort: number;
  startsAt: number | null;
  endsAt: number | null;
}

function adminBannerOf(row: Selectable<BannersTable>): AdminBanner {
  return {
    id: row.id,
    picFilePath: row.picFilePath,
    backgroundColor: row.backgroundColor,
    clickUrl: row.clickUrl,
    openType: row.openType === 1,
    sort: row.sort,
    isPublished: row.isPublished === 1,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  };
}

async function findBanner(db: Db, id: number): Promise<AdminBanner | null> {
  const row = await db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? adminBannerOf(row) : null;
}

export async function listAdminBanners(db: Db): Promise<AdminBanner[]> {
  const rows = await db.selectFrom('banners').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map(adminBannerOf);
}

/** A new slide starts as a draft (publishing is its own step, after the preview); an edit keeps its state. */
export async function saveBanner(db: Db, actor: StaffActor, input: BannerInput): Promise<AdminBanner> {
  if (input.startsAt !== null && input.endsAt !== null && input.endsAt <= input.startsAt) throw new AppError(contentDeskErrors.badWindow);
  const values = {
    picFilePath: input.picFilePath,
    backgroundColor: input.backgroundColor,
    clickUrl: input.clickUrl,
    openType: input.openType ? 1 : 0,
    sort: input.sort,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
  return db.transaction().execute(async (trx) => {
    const before = input.id === undefined ? null : await findBanner(trx, input.id);
    let id: number;
    if (input.id === undefined) {
      const inserted = await trx
        .insertInto('banners')
        .values({ ...values, isPublished: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    } else {
      if (!before) throw new AppError(contentDeskErrors.bannerMissing);
      const updated = await trx.updateTable('banners').set(values).where('id', '=', input.id).executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new AppError(contentDeskErrors.bannerMissing);
      id = input.id;
    }
    const after = await findBanner(trx, id);
    if (!after) throw new AppError(contentDeskErrors.bannerMissing);
    await recordStaffChange(trx, { ...actor, action: before ? 'update' : 'create', subject: 'Content', subjectId: `banner:${id}`, before, after });
    return after;
  });
}

export async function setBannerPublished(db: Db, actor: StaffActor, id: number, isPublished: boolean): Promise<AdminBanner> {
  return db.transaction().execute(async (trx) => {
    const before = await findBanner(trx, id);
    if (!before) throw new AppError(contentDeskErrors.bannerMissing);
    await trx
      .updateTable('banners')
      .set({ isPublished: isPublished ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    const after = await findBanner(trx, id);
    if (!after) throw new AppError(contentDeskErrors.bannerMissing);
    await recordStaffChange(trx, { ...actor, action: isPublished ? 'publish' : 'unpublish', subject: 'Content', subjectId: `banner:${id}`, before, after });
    return after;
  });
}

/** Two staff deleting the same slide: the delete that removes the row is the one audited, the other is told it is gone. */
export async function deleteBanner(db: Db, actor: StaffActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findBanner(trx, id);
    if (!before) throw new AppError(contentDeskErrors.bannerMissing);
    const deleted = await trx.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError(contentDeskErrors.bannerMissing);
    await recordStaffChange(trx, { ...actor, action: 'delete', subject: 'Content', subjectId: `banner:${id}`, before, after: null });
  });
}
