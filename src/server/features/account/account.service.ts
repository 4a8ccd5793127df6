import type { Kysely, Transaction } from 'kysely';
import { accountErrors, displayNameOf, maskPhone, SendMsgType, type MemberSummary } from '../../../contract/account.ts';
import { isMobilePhone } from '../../../contract/rules.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { endAllMemberSessions } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  findPasswordHash,
  findUserById,
  findUserByPhone,
  findUserByUserNumber,
  insertUser,
  isPhoneRegistered,
  isUserDisabled,
  lockUserRow,
  updatePasswordHash,
  type UserRow,
} from './account.repository.ts';
import { grantNewMemberPack } from '../coupon/coupon.service.ts';
import { inviterForNewMember } from '../invite/invite.service.ts';
import { beginLoginAttempt } from './login-guard.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';

/** The member centre (features/member) sets and checks passwords with the same hashing. */
export { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';
import { verifySmsCode } from './sms/sms-code.service.ts';

export interface Member extends MemberSummary {
  userId: number;
  /**
   * The password hash a password login was verified against; the login holds only while the
   * member's hash is still this one (see isLoginCurrent). Absent for SMS logins and registrations.
   */
  verifiedPasswordHash?: string;
}

/** Whether WeChat login (features/wechat) is set up: the login page offers its QR code then. */
export function isWechatEnabled(deps: Pick<ServiceDeps, 'config'>): boolean {
  return deps.config.wechatLogin !== null;
}

function memberOf(row: UserRow): Member {
  return { userId: row.id, nickName: row.nickName, userNumber: row.userNumber };
}

/** Serializes one member's checked writes inside a transaction (see lockUserRow). */
export function lockMember(trx: Transaction<Database>, userId: number): Promise<void> {
  return lockUserRow(trx, userId);
}

/**
 * Asked once a login's session is stored: a member staff disabled may not log in by any path. Staff
 * write disabled_at before they end the sessions (member-desk), each in its own statement, so a racing
 * login either stored its session before they ended them all, or reads disabled_at here.
 */
export function isMemberDisabled(db: Kysely<Database>, userId: number): Promise<boolean> {
  return isUserDisabled(db, userId);
}

export function checkHasUser(db: Kysely<Database>, phone: string): Promise<boolean> {
  return isPhoneRegistered(db, phone);
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

/**
 * Registers a phone proven by its registration SMS code; the caller logs the member in.
 * The code comes first, so that without one the answer says nothing about the phone (no code
 * is sent to a member's phone); what decides is the unique phone of insertUser, so two
 * registrations of one phone at once make one member.
 */
export async function registerMember(db: Kysely<Database>, registration: Registration): Promise<Member> {
  const now = registration.now ?? Date.now();
  const { phone } = registration;
  await verifySmsCode(db, { phone, purpose: SendMsgType.register, code: registration.smsCode, now });
  if (await isPhoneRegistered(db, phone)) throw new AppError(accountErrors.alreadyRegistered);
  const passwordHash = registration.password === null ? null : await hashPassword(registration.password);
  // Only an existing member's user number is kept (read before the new member exists: never itself).
  const inviter = await inviterForNewMember(db, registration.inviter);
  const row = await insertUser(
    db,
    {
      phone,
      nickName: defaultNickName(phone),
      passwordHash,
      inviter,
      createdAt: now,
    },
    (trx, userId) => grantNewMemberPack(trx, userId, now),
  );
  if (!row) throw new AppError(accountErrors.alreadyRegistered);
  return memberOf(row);
}

/** The member of a phone, or null. */
export async function findMemberIdByPhone(db: Kysely<Database>, phone: string): Promise<number | null> {
  return (await findUserByPhone(db, phone))?.id ?? null;
}

/**
 * The member of a phone its caller has proven by an SMS code of its own purpose (a WeChat login's):
 * made now, as a quick registration does (no password, the new-member pack, the inviter when it is
 * an earlier member), unless the phone already is a member. The unique phone decides races.
 */
export async function memberOfVerifiedPhone(db: Kysely<Database>, request: { phone: string; inviter?: string | undefined; now: number }): Promise<number> {
  const { phone, now } = request;
  const existing = await findMemberIdByPhone(db, phone);
  if (existing !== null) return existing;
  const inviter = await inviterForNewMember(db, request.inviter);
  const row = await insertUser(db, { phone, nickName: defaultNickName(phone), passwordHash: null, inviter, createdAt: now }, (trx, userId) =>
    grantNewMemberPack(trx, userId, now),
  );
  if (row) return row.id;
  const registered = await findMemberIdByPhone(db, phone);
  if (registered === null) throw new Error(`member ${phone} is neither registered nor registrable`);
  return registered;
}

export interface SeededMember {
  phone: string;
  /** Default: the masked phone, as registration gives. */
  nickName?: string;
  /** null: no password yet, as after a quick registration. */
  password: string | null;
  createdAt: number;
}

/**
 * Demo data: the member of this phone, registered without an SMS code (the seed vouches for
 * the phone) unless it already is. Returns the member's id.
 */
export async function findOrCreateMember(db: Kysely<Database>, member: SeededMember): Promise<number> {
  const existing = await findUserByPhone(db, member.phone);
  if (existing) return existing.id;
  const row = await insertUser(
    db,
    {
      phone: member.phone,
      nickName: member.nickName ?? defaultNickName(member.phone),
      passwordHash: member.password === null ? null : await hashPassword(member.password),
      inviter: null,
      createdAt: member.createdAt,
    },
    (trx, userId) => grantNewMemberPack(trx, userId, member.createdAt),
  );
  if (row) return row.id;
  // Registered a moment ago by another writer.
  const registered = await findUserByPhone(db, member.phone);
  if (!registered) throw new Error(`member ${member.phone} is neither registered nor registrable`);
  return registered.id;
}

/** A member's phone and user number share one failure count; unknown accounts count by what was typed. */
function loginLockKey(row: UserRow | undefined, account: string): string {
  return row ? `user:${row.id}` : `account:${account.toLowerCase()}`;
}

async function findByAccount(db: Kysely<Database>, account: string): Promise<UserRow | undefined> {
  if (isMobilePhone(account)) return findUserByPhone(db, account);
  return findUserByUserNumber(db, account.toUpperCase());
}

/**
 * A phone or user number with a password. An unknown account and a wrong password give the
 * same message after the same work, so the answer does not tell which phones are members.
 */
export async function loginWithPassword(deps: ServiceDeps, credentials: { userAccount: string; password: string; ip: string }): Promise<Member> {
  const { userAccount, password, ip } = credentials;
  const row = await findByAccount(deps.db, userAccount);
  const attempt = await beginLoginAttempt(deps.counters, loginLockKey(row, userAccount), ip);
  const isValid = row?.passwordHash ? await verifyPassword(row.passwordHash, password) : await verifyAgainstNothing(password);
  if (!row?.passwordHash || !isValid) throw new AppError(accountErrors.badCredentials);
  await attempt.succeeded();
  return { ...memberOf(row), verifiedPasswordHash: row.passwordHash };
}

export async function loginWithSmsCode(deps: ServiceDeps, credentials: { phone: string; smsCode: string; ip: string }): Promise<Member> {
  const { phone, smsCode, ip } = credentials;
  const row = await findUserByPhone(deps.db, phone);
  const attempt = await beginLoginAttempt(deps.counters, loginLockKey(row, phone), ip);
  await verifySmsCode(deps.db, { phone, purpose: SendMsgType.login, code: smsCode });
  if (!row) throw new AppError(accountErrors.notRegistered);
  await attempt.succeeded();
  return memberOf(row);
}

/**
 * Asked once the login's session is stored: false when the password it was verified against
 * has been reset meanwhile, and the session must end. resetPassword writes the hash before it
 * ends the sessions, each in its own statement, so a racing login either stored its session
 * before the reset ended them all, or reads the new hash here.
 */
export async function isLoginCurrent(db: Kysely<Database>, member: Member): Promise<boolean> {
  if (member.verifiedPasswordHash === undefined) return true;
  return (await findPasswordHash(db, member.userId)) === member.verifiedPasswordHash;
}

/**
 * A new password proven by a find-password SMS code; every session of the member ends. The code
 * comes first (only members' phones get one), so without it the answer says nothing about the phone.
 */
export async function resetPassword(db: Kysely<Database>, request: { phone: string; smsCode: string; password: string }): Promise<void> {
  // The code is spent atomically: of concurrent resets with one code, one goes on.
  await verifySmsCode(db, { phone: request.phone, purpose: SendMsgType.findPassword, code: request.smsCode });
  const row = await findUserByPhone(db, request.phone);
  if (!row) throw new AppError(accountErrors.notRegistered);
  // Not in one transaction: the new hash must be visible before the sessions go (isLoginCurrent).
  await updatePasswordHash(db, row.id, await hashPassword(request.password));
  await endAllMemberSessions(db, row.id);
}

export interface MemberProfile extends MemberSummary {
  phone: string;
  hasPassword: boolean;
  createdAt: number;
}

/** null when the session outlived its member (a deleted account): treat it like no session. */
export async function findMemberProfile(db: Kysely<Database>, userId: number): Promise<MemberProfile | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  return { nickName: row.nickName, userNumber: row.userNumber, phone: maskPhone(row.phone), hasPassword: row.passwordHash !== null, createdAt: row.createdAt };
}

/** The member's name and whole phone number, for documents of their own (an order's 订单确认单 and 形式发票); null when the member is gone. */
export async function findMemberContact(db: Kysely<Database>, userId: number): Promise<{ name: string; phone: string } | null> {
  const row = await findUserById(db, userId);
  return row ? { name: displayNameOf(row), phone: row.phone } : null;
}

/** The status bar's greeting; null when the session outlived its member. */
export async function findShellUser(db: Kysely<Database>, userId: number): Promise<MemberSummary | null> {
  const row = await findUserById(db, userId);
  return row ? { nickName: row.nickName, userNumber: row.userNumber } : null;
}
