import type { Kysely } from 'kysely';
import { maskPhone } from '../../../contract/account.ts';
import { imageUrl } from '../../../contract/content.ts';
import { memberErrors, memberLevelOf, type MemberOverview, type MemberProfile } from '../../../contract/member.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { loadServiceInfo } from '../content/content.service.ts';
import { countMyCoupons } from '../coupon/coupon.service.ts';
import { countFavorites } from '../favorite/favorite.service.ts';
import { loadMessageSummary } from '../message/message.service.ts';
import { countOrdersByStatusOf } from '../order/order.service.ts';
import { readOwnUpload, storeDerivedImage } from '../upload/upload.service.ts';
import { makeAvatar } from './avatar-image.ts';
import { setMemberAvatarPath, updateMemberProfile } from '../account/account-profile.service.ts';
import { findMemberRow, sumPaidCents, type MemberRow } from './member.repository.ts';
import { inviteUrlOf } from '../../../contract/invite.ts';

function avatarUrlOf(imageBaseUrl: string, row: MemberRow): string {
  return row.userImgPath ? imageUrl(imageBaseUrl, row.userImgPath) : '';
}

async function memberRowOf(db: Kysely<Database>, userId: number): Promise<MemberRow> {
  const row = await findMemberRow(db, userId);
  if (!row) throw new AppError(memberErrors.notFound);
  return row;
}

/** /user/person; null when the session outlived its member. */
export async function loadMemberOverview(deps: ServiceDeps, userId: number, origin: string, now = Date.now()): Promise<MemberOverview | null> {
  const { db, config } = deps;
  const row = await findMemberRow(db, userId);
  if (!row) return null;
  const [orders, coupons, favorites, messages, serviceInfo, paidCents] = await Promise.all([
    countOrdersByStatusOf(db, userId),
    countMyCoupons(db, userId, now),
    countFavorites(db, userId),
    loadMessageSummary(db, userId),
    loadServiceInfo(db, userId),
    sumPaidCents(db, userId),
  ]);
  return {
    nickName: row.nickName,
    userNumber: row.userNumber,
    maskedPhone: maskPhone(row.phone),
    avatarUrl: avatarUrlOf(config.imageBaseUrl, row),
    level: memberLevelOf(paidCents),
    counts: { orders, unusedCoupons: coupons.unused, favorites, unreadMessages: messages.unreadCount },
    salesRep: serviceInfo?.enableFlag ? serviceInfo : null,
    registeredOn: formatBeijingDate(row.createdAt),
    hasPassword: row.passwordHash !== null,
    inviteUrl: inviteUrlOf(origin, row.userNumber),
  };
}

function profileOf(imageBaseUrl: string, row: MemberRow): MemberProfile {
  return {
    nickName: row.nickName,
    userNumber: row.userNumber,
    avatarUrl: avatarUrlOf(imageBaseUrl, row),
    company: row.company ?? '',
    job: row.job ?? '',
    email: row.email ?? '',
  };
}

export async function loadMemberProfile(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number): Promise<MemberProfile> {
  return profileOf(deps.config.imageBaseUrl, await memberRowOf(deps.db, userId));
}

/** findMemberProfile's null: a page sends such a session to the login page. */
export async function findMemberProfileOf(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number): Promise<MemberProfile | null> {
  const row = await findMemberRow(deps.db, userId);
  return row ? profileOf(deps.config.imageBaseUrl, row) : null;
}

export async function saveMemberProfile(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: number,
  profile: { nickName: string; company: string; job: string; email: string },
): Promise<MemberProfile> {
  await memberRowOf(deps.db, userId);
  await updateMemberProfile(deps.db, userId, {
    nickName: profile.nickName,
    company: profile.company || null,
    job: profile.job || null,
    email: profile.email || null,
  });
  return loadMemberProfile(deps, userId);
}

/**
 * The avatar from the member's own 'avatar' upload: read back from storage, checked by content,
 * cut to a 200×200 square (avatar-image.ts) and stored as a new upload of the member, whose key
 * becomes users.user_img_path. Another member's key, or one that is not an upload, is refused.
 */
export async function setMemberAvatar(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number, key: string, now = Date.now()): Promise<MemberProfile> {
  await memberRowOf(deps.db, userId);
  let original: Buffer | null;
  try {
    original = await readOwnUpload(deps, { userId, purpose: 'avatar', key }, now);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(memberErrors.avatarNotOwned);
    throw error;
  }
  if (!original) throw new AppError(memberErrors.avatarNotOwned);
  const avatar = await makeAvatar(original);
  const stored = await storeDerivedImage(deps, { userId, purpose: 'avatar', bytes: avatar }, now);
  await setMemberAvatarPath(deps.db, userId, stored.key);
  return loadMemberProfile(deps, userId);
}
