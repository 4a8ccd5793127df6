import type { Kysely } from 'kysely';
import { maskPhone, SendMsgType } from '../../../contract/account.ts';
import {
  loginMethodLabels,
  loginRecordLimits,
  memberErrors,
  phoneChangeGrantMinutes,
  type LoginMethod,
  type MemberSecurity,
  type SecurityCodePurpose,
} from '../../../contract/member.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { countOtherMemberSessions, endOtherMemberSessions } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { changeMemberPhone, replaceMemberPassword } from '../account/account-profile.service.ts';
import { hashPassword, verifyPassword } from '../account/account.service.ts';
import { findRecentLogins } from '../account/login-record.service.ts';
import { sendMemberSecurityCode, verifySmsCode } from '../account/sms/sms-code.service.ts';
import { deletePhoneChangeGrant, findMemberRow, hasLivePhoneChangeGrant, isPhoneTaken, savePhoneChangeGrant, type MemberRow } from './member.repository.ts';
import { deviceOf } from './user-agent.ts';

/** The browser asking: its session stays when the member's others are ended. */
export interface Asker {
  userId: number;
  sid: string;
  ip: string;
}

const purposeCodes: Record<SecurityCodePurpose, SendMsgType> = {
  changePassword: SendMsgType.changePassword,
  changePhoneOld: SendMsgType.changePhoneOld,
};

async function memberRowOf(db: Kysely<Database>, userId: number): Promise<MemberRow> {
  const row = await findMemberRow(db, userId);
  if (!row) throw new AppError(memberErrors.notFound);
  return row;
}

function methodLabelOf(method: string): string {
  return method in loginMethodLabels ? loginMethodLabels[method as LoginMethod] : method;
}

/** /user/security's state. */
export async function loadMemberSecurity(db: Kysely<Database>, asker: Asker): Promise<MemberSecurity> {
  const [row, otherSessionCount, records] = await Promise.all([
    memberRowOf(db, asker.userId),
    countOtherMemberSessions(db, asker.userId, asker.sid),
    findRecentLogins(db, asker.userId, loginRecordLimits.shown),
  ]);
  return {
    maskedPhone: maskPhone(row.phone),
    hasPassword: row.passwordHash !== null,
    otherSessionCount,
    recentLogins: records.map((record) => ({
      time: formatBeijingTimeSeconds(record.createdAt),
      ip: record.ip,
      device: deviceOf(record.userAgent),
      method: methodLabelOf(record.method),
    })),
  };
}

/** A changePassword or changePhoneOld code to the member's own phone. */
export async function sendSecurityCode(deps: ServiceDeps, asker: Asker, purpose: SecurityCodePurpose): Promise<void> {
  const row = await memberRowOf(deps.db, asker.userId);
  await sendMemberSecurityCode(deps, { phone: row.phone, purpose: purposeCodes[purpose], ip: asker.ip });
}

/**
 * A new password, proven by the old one or by a changePassword code to the member's phone. The
 * hash is replaced only while it is the one checked (two changes at once: one wins), then every
 * other browser of the member is logged out — what a member expects after a password change.
 */
export async function changePassword(
  db: Kysely<Database>,
  asker: Asker,
  request: { oldPassword?: string | undefined; smsCode?: string | undefined; newPassword: string },
): Promise<MemberSecurity> {
  const row = await memberRowOf(db, asker.userId);
  if (request.oldPassword) {
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, request.oldPassword))) throw new AppError(memberErrors.oldPasswordWrong);
    if (request.oldPassword === request.newPassword) throw new AppError(memberErrors.samePassword);
  } else if (request.smsCode) {
    await verifySmsCode(db, { phone: row.phone, purpose: SendMsgType.changePassword, code: request.smsCode });
  } else {
    throw new AppError(memberErrors.proofMissing);
  }
  const isReplaced = await replaceMemberPassword(db, asker.userId, row.passwordHash, await hashPassword(request.newPassword));
  if (!isReplaced) throw new AppError(memberErrors.oldPasswordWrong);
  await endOtherMemberSessions(db, asker.userId, asker.sid);
  return loadMemberSecurity(db, asker);
}

/** A first login password after a quick registration, proven by a changePassword code. */
export async function setFirstPassword(db: Kysely<Database>, asker: Asker, request: { smsCode: string; newPassword: string }): Promise<MemberSecurity> {
  const row = await memberRowOf(db, asker.userId);
  if (row.passwordHash !== null) throw new AppError(memberErrors.passwordAlreadySet);
  await verifySmsCode(db, { phone: row.phone, purpose: SendMsgType.changePassword, code: request.smsCode });
  const isSet = await replaceMemberPassword(db, asker.userId, null, await hashPassword(request.newPassword));
  if (!isSet) throw new AppError(memberErrors.passwordAlreadySet);
  await endOtherMemberSessions(db, asker.userId, asker.sid);
  return loadMemberSecurity(db, asker);
}

/** The old phone's changePhoneOld code: the member may bind a new phone for the next minutes. */
export async function verifyOldPhone(db: Kysely<Database>, asker: Asker, smsCode: string, now = Date.now()): Promise<void> {
  const row = await memberRowOf(db, asker.userId);
  await verifySmsCode(db, { phone: row.phone, purpose: SendMsgType.changePhoneOld, code: smsCode, now });
  await savePhoneChangeGrant(db, asker.userId, now + phoneChangeGrantMinutes * 60_000);
}

async function checkNewPhone(db: Kysely<Database>, asker: Asker, phone: string, now: number): Promise<void> {
  const row = await memberRowOf(db, asker.userId);
  if (!(await hasLivePhoneChangeGrant(db, asker.userId, now))) throw new AppError(memberErrors.phoneChangeNotVerified);
  if (row.phone === phone) throw new AppError(memberErrors.samePhone);
  if (await isPhoneTaken(db, phone)) throw new AppError(memberErrors.phoneTaken);
}

/** A changePhoneNew code to the new phone, once the old one is proven; the new phone must be unregistered. */
export async function sendNewPhoneCode(deps: ServiceDeps, asker: Asker, phone: string, now = Date.now()): Promise<void> {
  await checkNewPhone(deps.db, asker, phone, now);
  await sendMemberSecurityCode(deps, { phone, purpose: SendMsgType.changePhoneNew, ip: asker.ip, now });
}

/**
 * Binds the new phone, proven by its code, while the old phone's proof lasts. The unique phone
 * decides between two members binding one phone at once (and a registration meanwhile).
 */
export async function changePhone(db: Kysely<Database>, asker: Asker, request: { phone: string; smsCode: string }, now = Date.now()): Promise<MemberSecurity> {
  await checkNewPhone(db, asker, request.phone, now);
  await verifySmsCode(db, { phone: request.phone, purpose: SendMsgType.changePhoneNew, code: request.smsCode, now });
  if (!(await changeMemberPhone(db, asker.userId, request.phone))) throw new AppError(memberErrors.phoneTaken);
  await deletePhoneChangeGrant(db, asker.userId);
  return loadMemberSecurity(db, asker);
}

export async function endOtherSessions(db: Kysely<Database>, asker: Asker): Promise<MemberSecurity> {
  await endOtherMemberSessions(db, asker.userId, asker.sid);
  return loadMemberSecurity(db, asker);
}
