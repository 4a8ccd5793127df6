import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SendMsgType, safeReturnPath } from '../../../contract/account.ts';
import {
  wechatErrors,
  wechatPendingTtlSeconds,
  wechatStateTtlSeconds,
  type WechatProfile,
  type WechatPurpose,
  type WechatRelevanceInfo,
  type WechatScanInfo,
} from '../../../contract/wechat.ts';
import type { WechatLoginConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findMemberIdByPhone, memberOfVerifiedPhone } from '../account/account.service.ts';
import { verifySmsCode } from '../account/sms/sms-code.service.ts';
import { identityOfCode, qrConnectUrl, type WechatIdentity } from './wechat-open-platform.ts';
import {
  claimState,
  deleteBindingOfUser,
  findBindingByUnionid,
  findBindingOfUser,
  findLivePending,
  findState,
  insertBinding,
  insertState,
  recordUsedCode,
  takePending,
  upsertPending,
} from './wechat.repository.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The WeChat settings, or the refusal every WeChat call gives without them. */
export function wechatConfigOf(deps: Pick<ServiceDeps, 'config'>): WechatLoginConfig {
  const config = deps.config.wechatLogin;
  if (!config) throw new AppError(wechatErrors.disabled);
  return config;
}

/** Whether WeChat login is set up (account's login page offers it by the same test). */
export { isWechatEnabled } from '../account/account.service.ts';

export interface ScanRequest {
  sid: string;
  purpose: WechatPurpose;
  /** The member a bind scan binds (null for a login scan). */
  userId: number | null;
  returnPath: string;
  /** The absolute address of the callback WeChat sends the browser back to. */
  redirectUri: string;
  now?: number;
}

/** A fresh state for this browser session (stored hashed; the session's earlier one of the purpose dies) and its QR connect URL. */
export async function issueScan(deps: ServiceDeps, request: ScanRequest): Promise<WechatScanInfo> {
  const config = wechatConfigOf(deps);
  const now = request.now ?? Date.now();
  const state = randomBytes(24).toString('base64url');
  await insertState(deps.db, {
    stateHash: sha256(state),
    sidHash: sha256(request.sid),
    purpose: request.purpose,
    userId: request.userId,
    returnPath: safeReturnPath(request.returnPath),
    createdAt: now,
    expiresAt: now + wechatStateTtlSeconds * 1000,
    usedAt: null,
  });
  const url = qrConnectUrl(config, { redirectUri: request.redirectUri, state });
  return { url, expiresInSeconds: wechatStateTtlSeconds };
}

/** What a finished scan comes to; the route starts the session of a login. */
export type ScanOutcome =
  { kind: 'login'; userId: number; returnPath: string } | { kind: 'pending'; returnPath: string } | { kind: 'bound'; returnPath: string };

export interface CallbackRequest {
  sid: string;
  /** The browser's member now (a bind scan must end in the session of the member who started it). */
  userId: number | null;
  state: string;
  /** Absent when the user refused on the phone. */
  code: string;
  now?: number;
}

/**
 * The callback: the state must be one this store issued to this browser session, alive and unused
 * (spent in one statement); the code must be new to the store (recorded hashed) and to WeChat.
 */
export async function completeScan(deps: ServiceDeps, request: CallbackRequest): Promise<ScanOutcome> {
  const config = wechatConfigOf(deps);
  const now = request.now ?? Date.now();
  const stateHash = sha256(request.state);
  const issued = request.state === '' ? undefined : await findState(deps.db, stateHash);
  if (!issued) throw new AppError(wechatErrors.stateInvalid);
  if (issued.sidHash !== sha256(request.sid)) throw new AppError(wechatErrors.stateOtherSession);
  if (issued.usedAt !== null) throw new AppError(wechatErrors.stateUsed);
  if (issued.expiresAt <= now) throw new AppError(wechatErrors.stateExpired);
  if (!(await claimState(deps.db, stateHash, now))) throw new AppError(wechatErrors.stateUsed);
  if (request.code === '') throw new AppError(wechatErrors.denied);
  if (!(await recordUsedCode(deps.db, sha256(request.code), now))) throw new AppError(wechatErrors.codeUsed);
  const identity = await identityOfCode(config, request.code, deps.logger);

  if (issued.purpose === 'bind') {
    if (issued.userId === null || issued.userId !== request.userId) throw new AppError(wechatErrors.bindSessionEnded);
    await bind(deps.db, issued.userId, identity, now);
    return { kind: 'bound', returnPath: issued.returnPath };
  }
  const binding = await findBindingByUnionid(deps.db, identity.unionid);
  if (binding) return { kind: 'login', userId: binding.userId, returnPath: issued.returnPath };
  await upsertPending(
    deps.db,
    { sidHash: sha256(request.sid), ...identity, returnPath: issued.returnPath, expiresAt: now + wechatPendingTtlSeconds * 1000 },
    now,
  );
  return { kind: 'pending', returnPath: issued.returnPath };
}

/** Binds in one statement guarded by both unique columns; a refusal says which side was taken. */
async function bind(db: Kysely<Database>, userId: number, identity: WechatIdentity, now: number): Promise<void> {
  if (await insertBinding(db, { userId, ...identity, boundAt: now })) return;
  const holder = await findBindingByUnionid(db, identity.unionid);
  if (holder && holder.userId !== userId) throw new AppError(wechatErrors.boundToOther);
  throw new AppError(wechatErrors.memberAlreadyBound);
}

export interface WechatRegistration {
  sid: string;
  phone: string;
  smsCode: string;
  inviter?: string | undefined;
  now?: number;
}

/**
 * The identity this session scanned gets a member: the phone is proven by its SMS code (purpose 6);
 * a phone that is no member yet becomes one (as a quick registration: no password), and a member's
 * phone binds to that member, whose SMS code proves it is theirs. Returns the member to log in.
 */
export async function registerFromWechat(deps: ServiceDeps, registration: WechatRegistration): Promise<number> {
  wechatConfigOf(deps);
  const now = registration.now ?? Date.now();
  const sidHash = sha256(registration.sid);
  const pending = await findLivePending(deps.db, sidHash, now);
  if (!pending) throw new AppError(wechatErrors.noPending);
  await verifySmsCode(deps.db, { phone: registration.phone, purpose: SendMsgType.wechat, code: registration.smsCode, now });
  if (await findBindingByUnionid(deps.db, pending.unionid)) throw new AppError(wechatErrors.boundToOther);
  // The identity stays pending (for another phone) when this phone's member already has a WeChat.
  const memberId = await findMemberIdByPhone(deps.db, registration.phone);
  if (memberId !== null && (await findBindingOfUser(deps.db, memberId))) throw new AppError(wechatErrors.phoneAlreadyBound);
  // Taken in one statement before any member is made: of two registrations with one scan, one goes on.
  const taken = await takePending(deps.db, sidHash, now);
  if (!taken) throw new AppError(wechatErrors.noPending);
  const userId = await memberOfVerifiedPhone(deps.db, { phone: registration.phone, inviter: registration.inviter, now });
  const { unionid, openid, nickname, headImgUrl } = taken;
  await bind(deps.db, userId, { unionid, openid, nickname, headImgUrl }, now);
  return userId;
}

/** The logged-in member's WeChat (nickname, avatar), or null: for /user/security's panel. */
export async function findWechatBinding(db: Kysely<Database>, userId: number): Promise<WechatProfile | null> {
  const binding = await findBindingOfUser(db, userId);
  return binding ? { nickname: binding.nickname, headImgUrl: binding.headImgUrl } : null;
}

export async function queryRelevance(deps: ServiceDeps, visitor: { sid: string; userId: number | null }): Promise<WechatRelevanceInfo> {
  wechatConfigOf(deps);
  const pending = await findLivePending(deps.db, sha256(visitor.sid), Date.now());
  const isBound = pending ? (await findBindingByUnionid(deps.db, pending.unionid)) !== undefined : false;
  return {
    isLoggedIn: visitor.userId !== null,
    pending: pending ? { nickname: pending.nickname, headImgUrl: pending.headImgUrl, isBound } : null,
    binding: visitor.userId === null ? null : await findWechatBinding(deps.db, visitor.userId),
  };
}

/** The member's scanned identity waiting for a phone (the register page), or null. */
export async function findPendingProfile(db: Kysely<Database>, sid: string): Promise<(WechatProfile & { returnPath: string }) | null> {
  const pending = await findLivePending(db, sha256(sid), Date.now());
  return pending ? { nickname: pending.nickname, headImgUrl: pending.headImgUrl, returnPath: pending.returnPath } : null;
}

/** A bind scan needs a member without WeChat yet. */
export async function checkCanBind(deps: ServiceDeps, userId: number): Promise<void> {
  wechatConfigOf(deps);
  if (await findBindingOfUser(deps.db, userId)) throw new AppError(wechatErrors.memberAlreadyBound);
}

/** Unbinding is always allowed: the member can still log in by SMS to their phone (and by password if set). */
export async function unbindWechat(deps: ServiceDeps, userId: number): Promise<void> {
  wechatConfigOf(deps);
  if (!(await deleteBindingOfUser(deps.db, userId))) throw new AppError(wechatErrors.notBound);
}
