import type { Insertable, Kysely, Updateable } from 'kysely';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import type { Database } from '../../db/database.ts';
import type { AdsTable } from './content.tables.ts';

/** The writes of the console's content desk and member desk to the content feature's tables (content-staff.service.ts). */

export function findAdRow(db: Kysely<Database>, adPosId: number) {
  return db.selectFrom('ads').selectAll().where('adPosId', '=', adPosId).executeTakeFirst();
}

/** Every ad, by position, then as the shop orders them. */
export function findAdRows(db: Kysely<Database>) {
  return db.selectFrom('ads').selectAll().orderBy('position').orderBy('sort').orderBy('adPosId').execute();
}

export async function insertAdRow(db: Kysely<Database>, ad: Insertable<AdsTable>): Promise<number> {
  const inserted = await db.insertInto('ads').values(ad).returning('adPosId').executeTakeFirstOrThrow();
  return inserted.adPosId;
}

export async function updateAdRow(db: Kysely<Database>, adPosId: number, ad: Updateable<AdsTable>): Promise<void> {
  await db.updateTable('ads').set(ad).where('adPosId', '=', adPosId).execute();
}

/** The list as given replaces the old one, in its order. */
export async function replaceHotLabels(db: Kysely<Database>, items: readonly HotLabel[]): Promise<void> {
  await db.deleteFrom('hotLabels').execute();
  if (items.length > 0)
    await db
      .insertInto('hotLabels')
      .values(items.map((item, sort) => ({ ...item, sort })))
      .execute();
}

export async function replaceFriendlyLinks(db: Kysely<Database>, items: readonly FriendlyLink[]): Promise<void> {
  await db.deleteFrom('friendlyLinks').execute();
  if (items.length > 0)
    await db
      .insertInto('friendlyLinks')
      .values(items.map((item, sort) => ({ ...item, sort })))
      .execute();
}

/** Sets these site_config keys in one statement (a key not there yet is added). */
export async function upsertSiteConfig(db: Kysely<Database>, rows: readonly { key: string; value: string }[]): Promise<void> {
  await db
    .insertInto('siteConfig')
    .values([...rows])
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

export interface ServiceRepCard {
  operatorName: string;
  operatorMobile: string;
  operatorQq: string;
  operatorWechat: string;
}

export function findServiceRepOfStaff(db: Kysely<Database>, staffId: number) {
  return db
    .selectFrom('serviceReps')
    .select(['id', 'operatorName', 'operatorMobile', 'operatorQq', 'operatorWechat'])
    .where('staffId', '=', staffId)
    .executeTakeFirst();
}

export function findServiceRepCard(db: Kysely<Database>, repId: number) {
  return db
    .selectFrom('serviceReps')
    .select(['id', 'operatorName', 'operatorMobile', 'operatorQq', 'operatorWechat'])
    .where('id', '=', repId)
    .executeTakeFirst();
}

/** A staff member's rep row; 0 when one was made meanwhile (the unique staff_id refuses the second). */
export async function insertServiceRep(db: Kysely<Database>, staffId: number, card: ServiceRepCard): Promise<number> {
  const row = await db
    .insertInto('serviceReps')
    .values({ staffId, ...card })
    .onConflict((oc) => oc.column('staffId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? 0;
}

export async function updateServiceRep(db: Kysely<Database>, repId: number, card: ServiceRepCard): Promise<void> {
  await db.updateTable('serviceReps').set(card).where('id', '=', repId).execute();
}

export function findRepIdsOfMembers(db: Kysely<Database>, userIds: readonly number[]) {
  return db.selectFrom('userServiceReps').select(['userId', 'repId']).where('userId', 'in', userIds).execute();
}

/** Each member's rep becomes repId (null: none), the sidebar panel on. */
export async function setRepOfMembers(db: Kysely<Database>, userIds: readonly number[], repId: number | null): Promise<void> {
  if (repId === null) {
    await db.deleteFrom('userServiceReps').where('userId', 'in', userIds).execute();
    return;
  }
  await db
    .insertInto('userServiceReps')
    .values(userIds.map((userId) => ({ userId, repId, enableFlag: 1 })))
    .onConflict((oc) => oc.column('userId').doUpdateSet({ repId, enableFlag: 1 }))
    .execute();
}
