import type { Kysely, Selectable } from 'kysely';
import type { AdminAd } from '../../../contract/console/content.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { memberDeskErrors } from '../../../contract/member-desk.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import {
  findAdRow,
  findAdRows,
  findRepIdsOfMembers,
  findServiceRepCard,
  findServiceRepOfStaff,
  insertAdRow,
  insertServiceRep,
  replaceFriendlyLinks,
  replaceHotLabels,
  setRepOfMembers,
  updateAdRow,
  updateServiceRep,
  type ServiceRepCard,
} from './content-staff.repository.ts';
import type { AdsTable } from './content.tables.ts';

export type { ServiceRepCard } from './content-staff.repository.ts';

/**
 * What staff change of the content every page's shell shows (the console's content desk and member
 * desk call these): the ads, the hot keywords, the friendly links and the members' service reps. The
 * site settings are written by site-settings.service.ts. The cache_versions triggers of these tables
 * carry each change to every process.
 */

function adminAdOf(row: Selectable<AdsTable>): AdminAd {
  return {
    adPosId: row.adPosId,
    position: row.position,
    isOpen: row.isOpen === 1,
    openType: row.openType === 1,
    picFilePath: row.picFilePath,
    clickUrl: row.clickUrl,
    backgroundColor: row.backgroundColor,
    sort: row.sort,
  };
}

function storedAdOf(ad: Omit<AdminAd, 'adPosId'>) {
  return {
    position: ad.position,
    isOpen: ad.isOpen ? 1 : 0,
    openType: ad.openType ? 1 : 0,
    picFilePath: ad.picFilePath,
    clickUrl: ad.clickUrl,
    backgroundColor: ad.backgroundColor,
    sort: ad.sort,
  };
}

export async function findAdForStaff(db: Kysely<Database>, adPosId: number): Promise<AdminAd | null> {
  const row = await findAdRow(db, adPosId);
  return row ? adminAdOf(row) : null;
}

/** Every ad, open or not, by position. */
export async function listAdsForStaff(db: Kysely<Database>): Promise<AdminAd[]> {
  return (await findAdRows(db)).map(adminAdOf);
}

/** A new ad, closed: the shop shows nothing of it until it is opened (published). */
export async function createAd(db: Kysely<Database>, ad: Omit<AdminAd, 'adPosId'>, alongside: AlongsideChange<AdminAd>): Promise<AdminAd> {
  return withTransaction(db, async (trx) => {
    const adPosId = await insertAdRow(trx, { ...storedAdOf(ad), isOpen: 0 });
    const created = await findAdForStaff(trx, adPosId);
    if (!created) throw new Error(`ad ${String(adPosId)} vanished in its own transaction`);
    await alongside(trx, created);
    return created;
  });
}

/** The ad takes these position, picture, link, isOpen and openType; in the caller's transaction (a draft's publication). */
export async function publishAd(db: Kysely<Database>, adPosId: number, ad: Omit<AdminAd, 'adPosId'>): Promise<void> {
  await updateAdRow(db, adPosId, storedAdOf(ad));
}

/** The hot keywords as staff ordered them replace the old ones; in the caller's transaction. */
export async function publishHotLabels(db: Kysely<Database>, items: readonly HotLabel[]): Promise<void> {
  await replaceHotLabels(db, items);
}

export async function publishFriendlyLinks(db: Kysely<Database>, items: readonly FriendlyLink[]): Promise<void> {
  await replaceFriendlyLinks(db, items);
}

/**
 * Makes a staff member a rep, or changes the card the shop shows their members, in the caller's
 * transaction (the member desk checks the staff member's role in it first). Answers the rep and its
 * card before (null: a new rep) and after.
 */
export async function saveServiceRep(
  trx: Kysely<Database>,
  staffId: number,
  card: ServiceRepCard,
): Promise<{ repId: number; before: ServiceRepCard | null; after: ServiceRepCard }> {
  const existing = await findServiceRepOfStaff(trx, staffId);
  let repId = existing?.id;
  if (repId === undefined) {
    repId = await insertServiceRep(trx, staffId, card);
    // Made a moment ago by another staff member: this save updates it.
    if (repId === 0) repId = (await findServiceRepOfStaff(trx, staffId))?.id;
  }
  if (repId === undefined) throw new AppError(memberDeskErrors.repMissing);
  await updateServiceRep(trx, repId, card);
  const after = await findServiceRepCard(trx, repId);
  if (!after) throw new AppError(memberDeskErrors.repMissing);
  const cardOf = ({ operatorName, operatorMobile, operatorQq, operatorWechat }: ServiceRepCard) => ({
    operatorName,
    operatorMobile,
    operatorQq,
    operatorWechat,
  });
  return { repId, before: existing ? cardOf(existing) : null, after: cardOf(after) };
}

/** Gives these members a rep (null: none), in the caller's transaction; answers each member's rep before. */
export async function assignServiceRep(trx: Kysely<Database>, userIds: readonly number[], repId: number | null): Promise<Map<number, number>> {
  const before = new Map((await findRepIdsOfMembers(trx, userIds)).map((row) => [row.userId, row.repId]));
  await setRepOfMembers(trx, userIds, repId);
  return before;
}
