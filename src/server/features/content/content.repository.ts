import type { Kysely, Selectable } from 'kysely';
import type { FriendlyLink, HotLabel, ServiceInfo } from '../../../contract/content.ts';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { AdsTable } from './content.tables.ts';

export async function findSiteConfig(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('siteConfig').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function findSiteConfigValues(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('siteConfig').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function findHotLabels(db: Kysely<Database>): Promise<HotLabel[]> {
  return db.selectFrom('hotLabels').select(['keyword', 'url']).orderBy('sort').orderBy('id').execute();
}

export async function findFriendlyLinks(db: Kysely<Database>): Promise<FriendlyLink[]> {
  return db.selectFrom('friendlyLinks').select(['linkName', 'linkUrl']).orderBy('sort').orderBy('id').execute();
}

const adColumns = ['adPosId', 'position', 'isOpen', 'openType', 'picFilePath', 'clickUrl', 'backgroundColor'] as const;

export type AdRow = Pick<Selectable<AdsTable>, (typeof adColumns)[number]>;

/** Open ads, the first of each position first. */
export async function findOpenAds(db: Kysely<Database>): Promise<AdRow[]> {
  return db.selectFrom('ads').select(adColumns).where('isOpen', '=', 1).orderBy('sort').orderBy('adPosId').execute();
}

export async function findAd(db: Kysely<Database>, adPosId: number): Promise<AdRow | undefined> {
  return db.selectFrom('ads').select(adColumns).where('adPosId', '=', adPosId).executeTakeFirst();
}

/** Read on every page of a returning visitor or member while ads are open: compiled once (db/prepared-query.ts). */
const closedAdIdsQuery = preparedQuery((db: Kysely<Database>, visitorKey: string, day: string) =>
  db.selectFrom('adCloses').select('adPosId').where('visitorKey', '=', visitorKey).where('day', '=', day),
);

export async function findClosedAdIds(db: Kysely<Database>, visitorKey: string, day: string): Promise<Set<number>> {
  const rows = await closedAdIdsQuery(db, visitorKey, day);
  return new Set(rows.map((row) => row.adPosId));
}

/** Records a close once per visitor, ad and day; closing twice is harmless. */
export async function insertAdClose(db: Kysely<Database>, close: { visitorKey: string; adPosId: number; day: string; closedAt: number }) {
  await db
    .insertInto('adCloses')
    .values(close)
    .onConflict((conflict) => conflict.columns(['visitorKey', 'day', 'adPosId']).doNothing())
    .execute();
}

/** Closes of past days no longer hide anything. */
export async function deleteAdClosesBefore(db: Kysely<Database>, day: string) {
  await db.deleteFrom('adCloses').where('day', '<', day).execute();
}

/** The wire shape, with the flag as stored (0/1). */
export type ServiceInfoRow = Omit<ServiceInfo, 'enableFlag'> & { enableFlag: number };

/** The sidebar's service rep, read on every member's page: compiled once (db/prepared-query.ts). */
const serviceInfoQuery = preparedQuery((db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('userServiceReps')
    .innerJoin('serviceReps', 'serviceReps.id', 'userServiceReps.repId')
    .select([
      'userServiceReps.enableFlag',
      'serviceReps.operatorName',
      'serviceReps.operatorMobile',
      'serviceReps.operatorPortraitUrl',
      'serviceReps.operatorQq',
      'serviceReps.operatorQqKey',
      'serviceReps.operatorWechat',
      'serviceReps.operateQrCode',
    ])
    .where('userServiceReps.userId', '=', userId),
);

export async function findServiceInfo(db: Kysely<Database>, userId: number): Promise<ServiceInfoRow | undefined> {
  const [row] = await serviceInfoQuery(db, userId);
  return row;
}
