import type { Kysely } from 'kysely';
import { adDraftKey, contentDeskErrors, type AdminAd, type Drafted } from '../../../contract/console/content.ts';
import type { AdPosition } from '../../../contract/content.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createAd, findAdForStaff, listAdsForStaff, publishAd } from '../content/content-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { draftedOf, saveDraft, writeDraft, type DraftSubject } from './content-drafts.service.ts';

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

/** One ad as a draft: published, its row takes the draft's position, picture, link, isOpen and openType. */
export function adDraft(adPosId: number): DraftSubject<AdminAd> {
  return {
    key: adDraftKey(adPosId),
    async readLive(db) {
      const ad = await findAdForStaff(db, adPosId);
      if (!ad) throw new AppError(contentDeskErrors.adMissing);
      return ad;
    },
    publish: (db, ad) => publishAd(db, adPosId, ad),
  };
}

/** Every ad as the shop shows it, beside its draft. */
export async function listAdminAds(db: Kysely<Database>): Promise<Drafted<AdminAd>[]> {
  const ads = await listAdsForStaff(db);
  return draftedOf(
    db,
    ads.map((ad) => ({ key: adDraftKey(ad.adPosId), live: ad })),
  );
}

/**
 * The top banner, the sidebar ad and the pop-up (isOpen shows it, openType opens its link in the same
 * window), saved as a draft. A new ad's row starts closed, so the shop shows nothing of it until published.
 */
export async function saveAd(db: Kysely<Database>, actor: StaffActor, input: AdInput, now = Date.now()): Promise<Drafted<AdminAd>> {
  const { adPosId, revision, ...fields } = input;
  if (adPosId !== undefined) return saveDraft(db, actor, adDraft(adPosId), revision, { adPosId, ...fields }, now);
  let drafted: Drafted<AdminAd> | undefined;
  await createAd(db, fields, async (trx, created) => {
    await recordStaffChange(trx, { ...actor, action: 'create', subject: 'Content', subjectId: `ad:${created.adPosId}`, before: null, after: created, at: now });
    drafted = await writeDraft(trx, actor, adDraft(created.adPosId), 0, { adPosId: created.adPosId, ...fields }, now);
  });
  if (!drafted) throw new Error('the new ad was created without its draft');
  return drafted;
}
