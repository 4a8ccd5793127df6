import { accountMessages, maskPhone, SendMsgType, type MemberSummary } from '../../../contract/account.ts';
import type { Transaction } from 'kysely';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import {
  deleteSessionsOfUser,
  findUserById,
  findUserByPhone,
  findUserByUserNumber,
  insertUser,
  isPhoneRegistered,
  lockUserRow,
  updatePasswordHash,
  type UserRow,
} from './account.repository.ts';
import { beginLoginAttempt } from './login-guard.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';
import { verifySmsCode } from './sms/sms-code.service.ts';
import { isMobilePhone } from '../../../contract/rules.ts';

export interface Member extends MemberSummary {
  userId: number;
}

function memberOf(row: UserRow): Member {
  return { userId: row.id, nickName: row.nickName, userNumber: row.userNumber };
}

/** Serializes one member's checked writes inside a transaction (see lockUserRow). */
export function lockMember(trx: Transaction<Database>, userId: number): Promise<void> {
  return lockUserRow(trx, userId);
}

export function checkHasUser(deps: ServiceDeps, phone: string): Promise<boolean> {
  return isPhoneRegistered(deps.db, phone);
}

/** A new member's nickname until they choose one: the phone with its middle hidden. */
export function defaultNickName(phone: string): string {
  return maskPhone(phone);
}

export interface Registration {
  phone: string;
  smsCode: string;
  /** null: quick registration, the member sets a password later (or logs in by SMS). */
  password: string | null;
  inviter?: string | undefined;
  now?: number;
}

/** Registers a phone proven by its registration SMS code; the caller logs the member in. */
export async function registerMember(deps: ServiceDeps, registration: Registration): Promise<Member> {
  const now = registration.now ?? Date.now();
  const { phone } = registration;
  if (await isPhoneRegistered(deps.db, phone)) throw conflict(accountMessages.alreadyRegistered);
  await verifySmsCode(deps, phone, SendMsgType.register, registration.smsCode, now);
  const passwordHash = registration.password === null ? null : await hashPassword(registration.password);
  const row = await insertUser(deps.db, {
    phone,
    nickName: defaultNickName(phone),
    passwordHash,
    inviter: registration.inviter || null,
    createdAt: now,
  });
  if (!row) throw conflict(accountMessages.alreadyRegistered);
  return memberOf(row);
}

/** A member's phone and user number share one failure count; unknown accounts count by what was typed. */
function loginLockKey(row: UserRow | undefined, account: string): string {
  return row ? `user:${row.id}` : `account:${account.toLowerCase()}`;
}

async function findByAccount(deps: ServiceDeps, account: string): Promise<UserRow | undefined> {
  if (isMobilePhone(account)) return findUserByPhone(deps.db, account);
  return findUserByUserNumber(deps.db, account.toUpperCase());
}

/**
 * A phone or user number with a password. An unknown account and a wrong password give the
 * same message after the same work, so the answer does not tell which phones are members.
 */
export async function loginWithPassword(deps: ServiceDeps, credentials: { userAccount: string; password: string; ip: string }): Promise<Member> {
  const { userAccount, password, ip } = credentials;
  const row = await findByAccount(deps, userAccount);
  const attempt = await beginLoginAttempt(deps.counters, loginLockKey(row, userAccount), ip);
  const isValid = row?.passwordHash ? await verifyPassword(row.passwordHash, password) : await verifyAgainstNothing(password);
  if (!row || !isValid) throw badRequest(accountMessages.badCredentials);
  await attempt.succeeded();
  return memberOf(row);
}

export async function loginWithSmsCode(deps: ServiceDeps, credentials: { phone: string; smsCode: string; ip: string }): Promise<Member> {
  const { phone, smsCode, ip } = credentials;
  const row = await findUserByPhone(deps.db, phone);
  const attempt = await beginLoginAttempt(deps.counters, loginLockKey(row, phone), ip);
  await verifySmsCode(deps, phone, SendMsgType.login, smsCode);
  if (!row) throw badRequest(accountMessages.notRegistered);
  await attempt.succeeded();
  return memberOf(row);
}

/** A new password proven by a find-password SMS code; every session of the member ends. */
export async function resetPassword(deps: ServiceDeps, request: { phone: string; smsCode: string; password: string }): Promise<void> {
  const row = await findUserByPhone(deps.db, request.phone);
  if (!row) throw badRequest(accountMessages.notRegistered);
  await verifySmsCode(deps, request.phone, SendMsgType.findPassword, request.smsCode);
  await updatePasswordHash(deps.db, row.id, await hashPassword(request.password));
  await deleteSessionsOfUser(deps.db, row.id);
}

export interface MemberProfile extends MemberSummary {
  phone: string;
  hasPassword: boolean;
  createdAt: number;
}

/** null when the session outlived its member (a deleted account): treat it like no session. */
export async function findMemberProfile(deps: ServiceDeps, userId: number): Promise<MemberProfile | null> {
  const row = await findUserById(deps.db, userId);
  if (!row) return null;
  return { nickName: row.nickName, userNumber: row.userNumber, phone: maskPhone(row.phone), hasPassword: row.passwordHash !== null, createdAt: row.createdAt };
}
