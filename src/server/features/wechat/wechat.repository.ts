import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WechatBindingsTable, WechatPendingTable, WechatStatesTable } from './wechat.tables.ts';

/** A new state replaces the session's earlier one of the same purpose; states long dead go too. */
export async function insertState(db: Kysely<Database>, state: WechatStatesTable): Promise<void> {
  await db
    .deleteFrom('wechatStates')
    .where((eb) => eb.or([eb.and([eb('sidHash', '=', state.sidHash), eb('purpose', '=', state.purpose)]), eb('expiresAt', '<', state.createdAt - 86_400_000)]))
    .execute();
  await db.insertInto('wechatStates').values(state).execute();
}

export function findState(db: Kysely<Database>, stateHash: string): Promise<WechatStatesTable | undefined> {
  return db.selectFrom('wechatStates').selectAll().where('stateHash', '=', stateHash).executeTakeFirst();
}

/** Spends a live state in one statement: of two callbacks with one state, one gets true. */
export async function claimState(db: Kysely<Database>, stateHash: string, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('wechatStates')
    .set({ usedAt: now })
    .where('stateHash', '=', stateHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('stateHash')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Records an authorization code as used; false when it was already (a replay). */
export async function recordUsedCode(db: Kysely<Database>, codeHash: string, now: number): Promise<boolean> {
  await db
    .deleteFrom('wechatUsedCodes')
    .where('usedAt', '<', now - 86_400_000)
    .execute();
  const inserted = await db
    .insertInto('wechatUsedCodes')
    .values({ codeHash, usedAt: now })
    .onConflict((oc) => oc.column('codeHash').doNothing())
    .returning('codeHash')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findBindingByUnionid(db: Kysely<Database>, unionid: string): Promise<WechatBindingsTable | undefined> {
  return db.selectFrom('wechatBindings').selectAll().where('unionid', '=', unionid).executeTakeFirst();
}

export function findBindingOfUser(db: Kysely<Database>, userId: number): Promise<WechatBindingsTable | undefined> {
  return db.selectFrom('wechatBindings').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** One statement guarded by both unique columns: false when the member or the unionid is bound already. */
export async function insertBinding(db: Kysely<Database>, binding: WechatBindingsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('wechatBindings')
    .values(binding)
    .onConflict((oc) => oc.doNothing())
    .returning('userId')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteBindingOfUser(db: Kysely<Database>, userId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('wechatBindings').where('userId', '=', userId).returning('userId').executeTakeFirst();
  return deleted !== undefined;
}

/** The session's scanned identity replaces any earlier one; identities long dead go too. */
export async function upsertPending(db: Kysely<Database>, pending: WechatPendingTable, now: number): Promise<void> {
  await db
    .deleteFrom('wechatPending')
    .where('expiresAt', '<', now - 86_400_000)
    .execute();
  const { sidHash, ...rest } = pending;
  await db
    .insertInto('wechatPending')
    .values(pending)
    .onConflict((oc) => oc.column('sidHash').doUpdateSet(rest))
    .execute();
}

export function findLivePending(db: Kysely<Database>, sidHash: string, now: number): Promise<WechatPendingTable | undefined> {
  return db.selectFrom('wechatPending').selectAll().where('sidHash', '=', sidHash).where('expiresAt', '>', now).executeTakeFirst();
}

/** Takes the session's identity in one statement: of two registrations with it, one gets it. */
export function takePending(db: Kysely<Database>, sidHash: string, now: number): Promise<WechatPendingTable | undefined> {
  return db.deleteFrom('wechatPending').where('sidHash', '=', sidHash).where('expiresAt', '>', now).returningAll().executeTakeFirst();
}
