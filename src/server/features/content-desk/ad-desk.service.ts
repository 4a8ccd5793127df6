import type { Kysely, Selectable } from 'kysely';
import { contentDeskErrors, type AdminAd } from '../../../contract/admin-content.ts';
import type { AdPosition } from '../../../contract/content.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AdsTable } from '../content/content.tables.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

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

async function findAdminAd(db: Db, adPosId: number): Promise<AdminAd | null> {
  const row = await db.selectFrom('ads').selectAll().where('adPosId', '=', adPosId).executeTakeFirst();
  return row ? adminAdOf(row) : null;
}

export async function listAdminAds(db: Db): Promise<AdminAd[]> {
  const rows = await db.selectFrom('ads').selectAll().orderBy('position').orderBy('sort').orderBy('adPosId').execute();
  return rows.map(adminAdOf);
}

/** The top banner, the sidebar ad and the pop-up: isOpen shows it, openType opens its link in the same window. */
export async function saveAd(db: Db, actor: StaffActor, input: AdInput): Promise<AdminAd> {
  const values = {
    position: input.position,
    isOpen: input.isOpen ? 1 : 0,
    openType: input.openType ? 1 : 0,
    picFilePath: input.picFilePath,
    clickUrl: input.clickUrl,
    backgroundColor: input.backgroundColor,
    sort: input.sort,
  };
  return db.transaction().execute(async (trx) => {
    const before = input.adPosId === undefined ? null : await findAdminAd(trx, input.adPosId);
    if (input.adPosId !== undefined && !before) throw new AppError(contentDeskErrors.adMissing);
    let adPosId: number;
    if (before === null) {
      adPosId = (await trx.insertInto('ads').values(values).returning('adPosId').executeTakeFirstOrThrow()).adPosId;
    } else {
      await trx.updateTable('ads').set(values).where('adPosId', '=', before.adPosId).execute();
      adPosId = before.adPosId;
    }
    const after = await findAdminAd(trx, adPosId);
    if (!after) throw new AppError(contentDeskErrors.adMissing);
    await recordStaffChange(trx, { ...actor, action: before ? 'update' : 'create', subject: 'Content', subjectId: `ad:${adPosId}`, before, after });
    return after;
  });
}
