import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { accountLimits, maskPhone } from '../../../contract/account.ts';
import { inviteListLimit, inviteUrlOf, type InvitePageData } from '../../../contract/invite.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { findInviteRewardTemplate, grantInviteReward } from '../coupon/coupon.service.ts';
import { sendMessages } from '../message/message.service.ts';
import {
  claimReward,
  countInvitees,
  countRewards,
  findInvitees,
  findInviterText,
  findMemberById,
  findMemberByUserNumber,
  hasOtherPaidOrder,
  setRewardCoupon,
  type MemberRef,
} from './invite.repository.ts';

/** The template of the reward coupon when INVITE_REWARD_COUPON is not set (migration 0028 writes it). */
export const defaultInviteRewardCoupon = '邀请奖励 满200减20';

let rewardCouponName = defaultInviteRewardCoupon;

/**
 * The invite feature's configuration (INVITE_REWARD_COUPON), set once as the app starts: the reward's
 * template until staff choose one on the marketing desk (marketing_settings, read at each use).
 */
export function configureInviteReward(templateName: string): void {
  rewardCouponName = templateName;
}

/** The reward coupon's name as it stands now ('' when there is none). */
export async function inviteRewardCouponName(db: Kysely<Database>): Promise<string> {
  return (await findInviteRewardTemplate(db, rewardCouponName))?.name ?? '';
}

/** The member an inviter text names: a user number (any case, trimmed); anything else names no one. */
async function memberNamedBy(db: Kysely<Database>, inviter: string | null | undefined): Promise<MemberRef | undefined> {
  const userNumber = (inviter ?? '').trim().toUpperCase();
  if (userNumber === '' || userNumber.length > accountLimits.inviter) return undefined;
  return findMemberByUserNumber(db, userNumber);
}

/**
 * The inviter a registration may store: the user number of an existing member, or null for
 * anything else (an unknown number, a phone, junk). Called before the new member exists, so it
 * can't name the new member itself; since only a new member gets an inviter and never later, an
 * inviter always registered before the invitee, which rules out loops (see isValidInvitation).
 */
export async function inviterForNewMember(db: Kysely<Database>, inviter: string | null | undefined): Promise<string | null> {
  return (await memberNamedBy(db, inviter))?.userNumber ?? null;
}

/**
 * The rule every path must keep, checked again when crediting: the inviter is another member who
 * registered before the invitee (ids grow with registration). No one invites themselves, and no
 * chain of invitations returns to where it began (A invited by B and B by A would need each
 * before the other) — whatever wrote users.inviter.
 */
export function isValidInvitation(inviterId: number, inviteeId: number): boolean {
  return inviterId < inviteeId;
}

/**
 * Called in the transaction that marks an order paid: on the invitee's first paid order, the
 * inviter gets the reward coupon and a message, once per invitee. The reward row is claimed with
 * on-conflict-do-nothing (the invitee is its key), so a second paid order, a repeated notice or two
 * orders paid at once credit once. Answers whether this payment credited the inviter.
 */
export async function creditInviterOnFirstPaidOrder(trx: Kysely<Database>, payment: { userId: number; orderId: number; now: number }): Promise<boolean> {
  const invitee = await findInviterText(trx, payment.userId);
  const inviter = await memberNamedBy(trx, invitee?.inviter);
  if (!invitee || !inviter || !isValidInvitation(inviter.id, payment.userId)) return false;
  if (await hasOtherPaidOrder(trx, payment.userId, payment.orderId)) return false;
  if (!(await claimReward(trx, { inviteeId: payment.userId, inviterId: inviter.id, orderId: payment.orderId, createdAt: payment.now }))) return false;
  const coupon = await grantInviteReward(trx, { userId: inviter.id, configuredName: rewardCouponName, grantKey: payment.userId, now: payment.now });
  if (coupon) await setRewardCoupon(trx, payment.userId, coupon.memberCouponId);
  const friend = maskPhone(invitee.phone);
  const msgContent = coupon
    ? `您邀请的好友 ${friend} 已完成首笔订单，邀请奖励「${coupon.name}」已发放到您的账户，可在“我的优惠券”中查看和使用。`
    : `您邀请的好友 ${friend} 已完成首笔订单，感谢您的邀请！`;
  await sendMessages(trx, [{ userId: inviter.id, messageType: MessageType.order, msgContent, sendDate: payment.now }]);
  return true;
}

/** yyyy-MM-dd in Beijing time. */
function beijingDate(epochMs: number): string {
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** /user/invite: the member's link and QR code, the members they invited and what it earned. */
export async function loadInvitePage(db: Kysely<Database>, member: MemberRef, origin: string): Promise<InvitePageData> {
  const inviteUrl = inviteUrlOf(origin, member.userNumber);
  const [svg, invitees, inviteeCount, rewardCount, rewardName] = await Promise.all([
    QRCode.toString(inviteUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    findInvitees(db, member, inviteListLimit),
    countInvitees(db, member),
    countRewards(db, member.id),
    inviteRewardCouponName(db),
  ]);
  return {
    userNumber: member.userNumber,
    inviteUrl,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    rewardName,
    invitees: invitees.map((row) => ({
      userNumber: row.userNumber,
      maskedPhone: maskPhone(row.phone),
      registeredOn: beijingDate(row.createdAt),
      hasOrdered: row.hasPaidOrder === 1,
      isRewarded: row.rewardedAt !== null && row.couponName !== null,
    })),
    inviteeCount,
    rewardCount,
  };
}

export function findMemberRef(db: Kysely<Database>, userId: number): Promise<MemberRef | undefined> {
  return findMemberById(db, userId);
}
