import type { Kysely, Transaction } from 'kysely';
import { formatBeijingDateStamp } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { withTransaction } from '../../db/transaction.ts';

export interface UserRow {
  id: number;
  phone: string;
  userNumber: string;
  nickName: string;
  passwordHash: string | null;
  createdAt: number;
}

const userColumns = ['id', 'phone', 'userNumber', 'nickName', 'passwordHash', 'createdAt'] as const;

/** What a page shows of a signed-in member (the status bar's greeting, the home page's card). */
export interface MemberCardRow {
  nickName: string;
  userNumber: string;
  userImgPath: string | null;
}

/** Read on every member's page: compiled once (db/prepared-query.ts). */
const memberCardQuery = preparedQuery((db: Kysely<Database>, id: number) =>
  db.selectFrom('users').select(['nickName', 'userNumber', 'userImgPath']).where('id', '=', id),
);

export async function findMemberCard(db: Kysely<Database>, id: number): Promise<MemberCardRow | undefined> {
  const [row] = await memberCardQuery(db, id);
  return row;
}

export async function findUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst();
}

export async function findUserByUserNumber(db: Kysely<Database>, userNumber: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('userNumber', '=', userNumber).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function isPhoneRegistered(db: Kysely<Database>, phone: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  phone: string;
  nickName: string;
  passwordHash: string | null;
  inviter: string | null;
  createdAt: number;
}

/** U + Beijing date + the row id (at least 4 digits): unique because the id is. */
export function userNumberFor(id: number, createdAt: number): string {
  return `U${formatBeijingDateStamp(createdAt)}${String(id).padStart(4, '0')}`;
}

/**
 * Inserts a member and gives it its user number; null when the phone is already registered
 * (also when another request registered it a moment ago: the unique phone decides).
 * `onInserted` runs in the same transaction (the new-member pack is granted with the member).
 */
export async function insertUser(
  db: Kysely<Database>,
  user: NewUser,
  onInserted?: (trx: Transaction<Database>, userId: number) => Promise<unknown>,
): Promise<UserRow | null> {
  return withTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values({ ...user, userNumber: `pending-${user.phone}` })
      .onConflict((conflict) => conflict.column('phone').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    const userNumber = userNumberFor(inserted.id, user.createdAt);
    await trx.updateTable('users').set({ userNumber }).where('id', '=', inserted.id).execute();
    await onInserted?.(trx, inserted.id);
    return { id: inserted.id, phone: user.phone, userNumber, nickName: user.nickName, passwordHash: user.passwordHash, createdAt: user.createdAt };
  });
}

export async function findPasswordHash(db: Kysely<Database>, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

/**
 * Takes the member's row lock until the transaction ends, so that checks and writes of one
 * member's data (the cart's line cap, later orders and coupons) in concurrent transactions
 * run one after another. A no-op update locks the row on PostgreSQL and takes SQLite's write lock.
 */
/** Whether staff disabled the member (a missing member counts as disabled: no session for it). */
export async function isUserDisabled(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('disabledAt').where('id', '=', userId).executeTakeFirst();
  return row?.disabledAt !== null;
}

export async function lockUserRow(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

export async function updateProfileColumns(
  db: Kysely<Database>,
  userId: number,
  profile: { nickName: string; company: string | null; job: string | null; email: string | null },
): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', userId).execute();
}

export async function updateAvatarPath(db: Kysely<Database>, userId: number, userImgPath: string): Promise<void> {
  await db.updateTable('users').set({ userImgPath }).where('id', '=', userId).execute();
}

/**
 * The new hash, only while the member's hash is still `expected` (null: no password yet): of two
 * concurrent changes from one old password, or two first passwords, one is written. False otherwise.
 */
export async function replacePasswordHash(db: Kysely<Database>, userId: number, expected: string | null, passwordHash: string): Promise<boolean> {
  const query = db.updateTable('users').set({ passwordHash }).where('id', '=', userId);
  const guarded = expected === null ? query.where('passwordHash', 'is', null) : query.where('passwordHash', '=', expected);
  const result = await guarded.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's new phone; false when another member has it (the unique phone decides, also under a race). */
export async function updatePhone(db: Kysely<Database>, userId: number, phone: string): Promise<boolean> {
  try {
    const result = await db.updateTable('users').set({ phone }).where('id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** When staff disabled the member (null: enabled); undefined for no such member. */
export async function findDisabledAt(db: Kysely<Database>, userId: number): Promise<{ disabledAt: number | null } | undefined> {
  return db.selectFrom('users').select('disabledAt').where('id', '=', userId).executeTakeFirst();
}

/** Staff disable a member once: of racing disables, one changes the row. */
export async function claimMemberDisabled(db: Kysely<Database>, userId: number, isDisabled: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabledAt: isDisabled ? now : null })
    .where('id', '=', userId)
    .where('disabledAt', isDisabled ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
