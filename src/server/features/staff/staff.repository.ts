import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '../../../contract/staff.ts';
import type { Database } from '../../db/database.ts';
import type { StaffUserRow } from './staff.tables.ts';

export interface NewStaffUser {
  login: string;
  displayName: string;
  passwordHash: string;
  totpSecret: string;
  role: StaffRole;
  now: number;
}

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/** The new account's id, or null when the login name is taken (the unique index decides between racing creations). */
export async function insertStaffUser(db: Kysely<Database>, user: NewStaffUser): Promise<number | null> {
  const row = await db
    .insertInto('staffUsers')
    .values({
      login: user.login,
      displayName: user.displayName,
      passwordHash: user.passwordHash,
      totpSecret: user.totpSecret,
      totpLastStep: null,
      role: user.role,
      lockedUntil: null,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  return row?.id ?? null;
}

export function findStaffByLogin(db: Kysely<Database>, login: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staffUsers').selectAll().where('login', '=', login).executeTakeFirst();
}

export function findStaffById(db: Kysely<Database>, id: number): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staffUsers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A lock whose time is over is lifted, with its count: the next attempts start afresh. */
export async function liftExpiredLock(db: Kysely<Database>, staffId: number, now: number): Promise<void> {
  await db.updateTable('staffUsers').set({ failedCount: 0, lockedUntil: null }).where('id', '=', staffId).where('lockedUntil', '<=', now).execute();
}

/**
 * Takes one login attempt before the password is checked, in one conditional update: of any
 * number of concurrent attempts only `maxAttempts` get through, and none while locked.
 * Answers the attempt's number, or null when the account is locked or out of attempts.
 */
export async function reserveLoginAttempt(db: Kysely<Database>, staffId: number, maxAttempts: number, now: number): Promise<number | null> {
  const row = await db
    .updateTable('staffUsers')
    .set({ failedCount: sql<number>`failed_count + 1` })
    .where('id', '=', staffId)
    .where('failedCount', '<', maxAttempts)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning('failedCount')
    .executeTakeFirst();
  return row ? row.failedCount : null;
}

export async function lockStaff(db: Kysely<Database>, staffId: number, until: number): Promise<void> {
  await db.updateTable('staffUsers').set({ lockedUntil: until }).where('id', '=', staffId).execute();
}

export async function clearFailedLogins(db: Kysely<Database>, staffId: number): Promise<void> {
  await db.updateTable('staffUsers').set({ failedCount: 0, lockedUntil: null }).where('id', '=', staffId).execute();
}

/** Claims a TOTP time step for the account: false when that step or a later one was used already (a replayed code). */
export async function claimTotpStep(db: Kysely<Database>, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staffUsers')
    .set({ totpLastStep: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertStaffSession(db: Kysely<Database>, session: { id: string; staffId: number; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('staffSessions')
    .values({ id: session.id, staffId: session.staffId, createdAt: session.now, lastSeenAt: session.now, expiresAt: session.expiresAt })
    .execute();
}

/** The staff member of a live session: not past its absolute end, not idle too long, the account not disabled. */
export function findLiveStaffSession(db: Kysely<Database>, sessionId: string, now: number, idleMs: number) {
  return db
    .selectFrom('staffSessions')
    .innerJoin('staffUsers', 'staffUsers.id', 'staffSessions.staffId')
    .select(['staffUsers.id', 'staffUsers.login', 'staffUsers.displayName', 'staffUsers.role', 'staffSessions.lastSeenAt'])
    .where('staffSessions.id', '=', sessionId)
    .where('staffSessions.expiresAt', '>', now)
    .where('staffSessions.lastSeenAt', '>', now - idleMs)
    .where('staffUsers.isDisabled', '=', 0)
    .executeTakeFirst();
}

export async function touchStaffSession(db: Kysely<Database>, sessionId: string, now: number): Promise<void> {
  await db.updateTable('staffSessions').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

export async function deleteStaffSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('staffSessions').where('id', '=', sessionId).execute();
}

export async function deleteStaffSessionsOf(db: Kysely<Database>, staffId: number): Promise<void> {
  await db.deleteFrom('staffSessions').where('staffId', '=', staffId).execute();
}

export interface StaffUserFilter {
  login?: string | undefined;
  name?: string | undefined;
  role?: StaffRole | undefined;
  isDisabled?: boolean | undefined;
}

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The accounts a filter matches (login and name: a part, case-insensitive for letters), not ordered. */
export function staffUsersQuery(db: Kysely<Database>, filter: StaffUserFilter) {
  let select = db.selectFrom('staffUsers').selectAll();
  if (filter.login) select = select.where(sql<boolean>`lower(login) like lower(${containing(filter.login)}) escape '\\'`);
  if (filter.name) select = select.where(sql<boolean>`lower(display_name) like lower(${containing(filter.name)}) escape '\\'`);
  if (filter.role) select = select.where('role', '=', filter.role);
  if (filter.isDisabled !== undefined) select = select.where('isDisabled', '=', filter.isDisabled ? 1 : 0);
  return select;
}

export async function updateStaffUser(
  db: Kysely<Database>,
  staffId: number,
  fields: Partial<Pick<StaffUserRow, 'role' | 'isDisabled' | 'totpSecret' | 'totpLastStep' | 'failedCount' | 'lockedUntil'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('staffUsers')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', staffId)
    .execute();
}
