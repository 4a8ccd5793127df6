import type { Kysely, Selectable } from 'kysely';
import { contentDeskErrors, type AdminBanner } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteBannerRow, findBannerRow, findBannerRows, insertBannerRow, updateBannerRow } from './home-staff.repository.ts';
import type { BannersTable } from './home.tables.ts';

/**
 * What staff do to the home page's banner carousel (the console's content desk calls these), each in
 * one transaction with the work the caller adds alongside (its audit entry). The home page's cache
 * follows the banners' cache_versions trigger.
 */

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

/** A slide before a change (null: it is new) and after it (null: deleted). */
export interface BannerChange {
  before: AdminBanner | null;
  after: AdminBanner | null;
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

async function findBanner(db: Kysely<Database>, id: number): Promise<AdminBanner | null> {
  const row = await findBannerRow(db, id);
  return row ? adminBannerOf(row) : null;
}

async function bannerOrMissing(db: Kysely<Database>, id: number): Promise<AdminBanner> {
  const banner = await findBanner(db, id);
  if (!banner) throw new AppError(contentDeskErrors.bannerMissing);
  return banner;
}

export async function listBannersForStaff(db: Kysely<Database>): Promise<AdminBanner[]> {
  return (await findBannerRows(db)).map(adminBannerOf);
}

/** A new slide starts as a draft (publishing is its own step, after the preview); an edit keeps its state. */
export async function saveBanner(db: Kysely<Database>, input: BannerInput, alongside: AlongsideChange<BannerChange>): Promise<AdminBanner> {
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
  return withTransaction(db, async (trx) => {
    const before = input.id === undefined ? null : await findBanner(trx, input.id);
    let id: number;
    if (input.id === undefined) {
      id = await insertBannerRow(trx, { ...values, isPublished: 0 });
    } else {
      if (!before) throw new AppError(contentDeskErrors.bannerMissing);
      if (!(await updateBannerRow(trx, input.id, values))) throw new AppError(contentDeskErrors.bannerMissing);
      id = input.id;
    }
    const after = await bannerOrMissing(trx, id);
    await alongside(trx, { before, after });
    return after;
  });
}

export async function setBannerPublished(
  db: Kysely<Database>,
  id: number,
  isPublished: boolean,
  alongside: AlongsideChange<BannerChange>,
): Promise<AdminBanner> {
  return withTransaction(db, async (trx) => {
    const before = await bannerOrMissing(trx, id);
    await updateBannerRow(trx, id, { isPublished: isPublished ? 1 : 0 });
    const after = await bannerOrMissing(trx, id);
    await alongside(trx, { before, after });
    return after;
  });
}

/** Two staff deleting the same slide: the delete that removes the row is the one that goes on, the other is told it is gone. */
export async function deleteBanner(db: Kysely<Database>, id: number, alongside: AlongsideChange<BannerChange>): Promise<void> {
  await withTransaction(db, async (trx) => {
    const before = await bannerOrMissing(trx, id);
    if (!(await deleteBannerRow(trx, id))) throw new AppError(contentDeskErrors.bannerMissing);
    await alongside(trx, { before, after: null });
  });
}
