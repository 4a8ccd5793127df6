import type { Kysely } from 'kysely';
import type { AdminBanner } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import type { AlongsideChange } from '../../db/transaction.ts';
import {
  deleteBanner as deleteHomeBanner,
  listBannersForStaff,
  saveBanner as saveHomeBanner,
  setBannerPublished as setHomeBannerPublished,
  type BannerChange,
  type BannerInput,
} from '../home/home-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

export type { BannerInput } from '../home/home-staff.service.ts';

/** The audit entry of a banner change, in the change's transaction. */
function audited(actor: StaffActor, action: (change: BannerChange) => string): AlongsideChange<BannerChange> {
  return async (trx, change) => {
    const id = change.after?.id ?? change.before?.id ?? 0;
    await recordStaffChange(trx, {
      ...actor,
      action: action(change),
      subject: 'Content',
      subjectId: `banner:${id}`,
      before: change.before,
      after: change.after,
    });
  };
}

export const listAdminBanners = (db: Kysely<Database>): Promise<AdminBanner[]> => listBannersForStaff(db);

export function saveBanner(db: Kysely<Database>, actor: StaffActor, input: BannerInput): Promise<AdminBanner> {
  return saveHomeBanner(
    db,
    input,
    audited(actor, (change) => (change.before ? 'update' : 'create')),
  );
}

export function setBannerPublished(db: Kysely<Database>, actor: StaffActor, id: number, isPublished: boolean): Promise<AdminBanner> {
  return setHomeBannerPublished(
    db,
    id,
    isPublished,
    audited(actor, () => (isPublished ? 'publish' : 'unpublish')),
  );
}

/** Two staff deleting the same slide: the delete that removes the row is the one audited, the other is told it is gone. */
export async function deleteBanner(db: Kysely<Database>, actor: StaffActor, id: number): Promise<void> {
  await deleteHomeBanner(
    db,
    id,
    audited(actor, () => 'delete'),
  );
}
