import type { Kysely } from 'kysely';
import { staffErrors, staffLockMinutes, staffMaxFailedLogins, staffPasswordProblem, type StaffIdentity, type StaffRole } from '../../../contract/staff.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { withTransaction } from '../../db/transaction.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../account/account.service.ts';
import { claimTotpStep, clearFailedLogins, findStaffByLogin, insertStaffUser, liftExpiredLock, lockStaff, reserveLoginAttempt } from './staff.repository.ts';
import { identityOf } from './staff-session.ts';
import { matchTotpStep, newTotpSecret, totpUri } from './staff-totp.ts';

export interface NewStaffFields {
  login: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

/** What the new staff member's authenticator app needs, shown once. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

const loginPattern = /^[A-Za-z0-9_.-]{2,32}$/;
const loginTakenMessage = '该登录名已存在';
export const staffLoginRule = '登录名为2-32位字母、数字、点、下划线或连字符';

/**
 * A staff account with a fresh TOTP secret; a weak password or a taken login name is refused.
 * `alongside` runs in the insert's transaction (the command line's audit entry). The password is
 * hashed before that transaction begins and its first statement is the insert, so on SQLite it
 * asks for the write lock at once and waits for a busy store instead of failing to upgrade a read.
 */
export async function createStaffUser(
  db: Kysely<Database>,
  fields: NewStaffFields,
  now = Date.now(),
  alongside?: (trx: Kysely<Database>, staffId: number) => Promise<void>,
): Promise<{ id: number; totp: TotpSetup }> {
  if (!loginPattern.test(fields.login)) throw new AppError(requestErrors.invalid, staffLoginRule);
  const displayName = fields.displayName.trim();
  if (displayName.length < 1 || displayName.length > 32) throw new AppError(requestErrors.invalid, '显示名为1-32个字符');
  const passwordProblem = staffPasswordProblem(fields.password);
  if (passwordProblem) throw new AppError(requestErrors.invalid, passwordProblem);
  if (await findStaffByLogin(db, fields.login)) throw new AppError(requestErrors.invalid, loginTakenMessage);
  const secret = newTotpSecret();
  const user = { login: fields.login, displayName, passwordHash: await hashPassword(fields.password), totpSecret: secret, role: fields.role, now };
  const insert = async (executor: Kysely<Database>) => {
    const inserted = await insertStaffUser(executor, user);
    if (inserted === null) throw new AppError(requestErrors.invalid, loginTakenMessage);
    await alongside?.(executor, inserted);
    return inserted;
  };
  const id = alongside ? await withTransaction(db, insert) : await insert(db);
  return { id, totp: { secret, uri: totpUri(secret, fields.login) } };
}

export interface StaffCredentials {
  login: string;
  password: string;
  code: string;
}

/**
 * Password + TOTP code. Each attempt is counted before it is checked (reserveLoginAttempt), so
 * concurrent guesses get no more than staffMaxFailedLogins tries; the last failure locks the
 * account for staffLockMinutes. A code is accepted once: its time step is claimed.
 * Unknown login, wrong password and wrong code answer alike.
 */
export async function authenticateStaff(db: Kysely<Database>, credentials: StaffCredentials, now = Date.now()): Promise<StaffIdentity> {
  const staff = await findStaffByLogin(db, credentials.login);
  if (!staff) {
    await verifyAgainstNothing(credentials.password);
    throw new AppError(staffErrors.badCredentials);
  }
  await liftExpiredLock(db, staff.id, now);
  const attempt = await reserveLoginAttempt(db, staff.id, staffMaxFailedLogins, now);
  if (attempt === null) throw new AppError(staffErrors.locked);
  const isPasswordRight = await verifyPassword(staff.passwordHash, credentials.password);
  const step = isPasswordRight ? await matchTotpStep(staff.totpSecret, credentials.code, staff.totpLastStep, Math.floor(now / 1000)) : null;
  const isAccepted = step !== null && (await claimTotpStep(db, staff.id, step));
  if (!isAccepted) {
    if (attempt >= staffMaxFailedLogins) {
      await lockStaff(db, staff.id, now + staffLockMinutes * 60_000);
      throw new AppError(staffErrors.locked);
    }
    throw new AppError(staffErrors.badCredentials);
  }
  await clearFailedLogins(db, staff.id);
  if (staff.isDisabled) throw new AppError(staffErrors.disabled);
  return identityOf(staff);
}
