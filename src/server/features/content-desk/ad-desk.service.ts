import type { Kysely, Selectable } from 'kysely';
import { adDraftKey, contentDeskErrors, type AdminAd, type Drafted } from '../../../contract/admin-content.ts';
import type { AdPosition } from '../../../contract/content.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AdsTable } from '../content/content.tables.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { draftedOf, saveDraft, writeDraft, type DraftSubject } from './content-drafts.service.ts';

type Db = Kysely<Database>;

export interface AdInput {
  adPosId?: number | undefined;
  position: AdPosition;
  isOpen: boolean;
  openType: boolean;
  picFilePath: string;
  clickUrl: string;
  backgroundColor: string;
  sort: number;
  /** The draft revision the editor loaded (0 for a new ad). */
  revision: number;
}

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

async function findAdminAd(db: Db, adPosId: number): Promise<AdminAd | null> {
  const row = await db.selectFrom('ads').selectAll().where('adPosId', '=', adPosId).executeTakeFirst();
  return row ? adminAdOf(row) : null;
}

/** One ad as a draft: published, its row takes the draft's position, picture, link, isOpen and openType. */
export function adDraft(adPosId: number): DraftSubject<AdminAd> {
  return {
    key: adDraftKey(adPosId),
    async readLive(db) {
      const ad = await findAdminAd(db, adPosId);
      if (!ad) throw new AppError(contentDeskErrors.adMissing);
      return ad;
    },
    async publish(db, ad) {
      await db.updateTable('ads').set(storedAdOf(ad)).where('adPosId', '=', adPosId).execute();
    },
  };
}

/** Every ad as the shop shows it, beside its draft. */
export async function listAdminAds(db: Db): Promise<Drafted<AdminAd>[]> {
  const rows = await db.selectFrom('ads').selectAll().orderBy('position').orderBy('sort').orderBy('adPosId').execute();
  return draftedOf(
    db,
    rows.map((row) => ({ key: adDraftKey(row.adPosId), live: adminAdOf(row) })),
  );
}

/**
 * The top banner, the sidebar ad and the pop-up (isOpen shows it, openType opens its link in the same
 * window), saved as a draft. A new ad's row starts closed, so the shop shows nothing of it until published.
 */
export async function saveAd(db: Db, actor: StaffActor, input: AdInput, now = Date.now()): Promise<Drafted<AdminAd>> {
  const { adPosId, revision, ...fields } = input;
  if (adPosId !== undefined) return saveDraft(db, actor, adDraft(adPosId), revision, { adPosId, ...fields }, now);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('ads')
      .values({ ...storedAdOf(fields), isOpen: 0 })
      .returning('adPosId')
      .executeTakeFirstOrThrow();
    const created = await findAdminAd(trx, inserted.adPosId);
    await recordStaffChange(trx, {
      ...actor,
      action: 'create',
      subject: 'Content',
      subjectId: `ad:${inserted.adPosId}`,
      before: null,
      after: created,
      at: now,
    });
    return writeDraft(trx, actor, adDraft(inserted.adPosId), 0, { adPosId: inserted.adPosId, ...fields }, now);
  });
}
