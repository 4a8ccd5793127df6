import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { accountLimits, maskPhone } from '../../../contract/account.ts';
import { inviteListLimit, inviteUrlOf, qualifyingOrderOf, type InvitePageData } from '../../../contract/invite.ts';
import { MessageType } from '../../../contract/message.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
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
  findGoodsPaidCents,
  findMemberByUserNumber,
  setRewardCoupon,
  type MemberRef,
} from './invite.repository.ts';

/** The template of the reward coupon when INVITE_REWARD_COUPON is not set (migration 0028 writes it). */
export const defaultInviteRewardCoupon = '邀请奖励 满200减20';

let rewardCouponName = defaultInviteRewardCoupon;
let configuredMinOrderCents: number | null = null;

/**
 * The invite feature's configuration, set once as the app starts: the reward's template
 * (INVITE_REWARD_COUPON) until staff choose one on the marketing desk (marketing_settings, read at
 * each use), and the least order that earns it (INVITE_REWARD_MIN_ORDER_CENTS; null: the coupon's threshold).
 */
export function configureInviteReward(settings: { templateName: string; minOrderCents: number | null }): void {
  rewardCouponName = settings.templateName;
  configuredMinOrderCents = settings.minOrderCents;
}

/** The reward coupon as it stands now (null when there is none). */
function currentRewardTemplate(db: Kysely<Database>) {
  return findInviteRewardTemplate(db, rewardCouponName);
}

/**
 * The least an invitee's order must pay for its goods (after coupons, without freight) to earn the
 * reward: the configured amount, else the reward coupon's threshold (满200减20: ¥200.00), so the
 * coupon is never worth more than the order that earned it; 0 when there is no reward coupon.
 */
export function minOrderCentsOf(template: { thresholdCents: number } | null): number {
  return configuredMinOrderCents ?? template?.thresholdCents ?? 0;
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
 * Called in the transaction that marks an order paid: the invitee's first paid order that pays at
 * least minOrderCentsOf for its goods earns the inviter the reward coupon and a message, once per
 * invitee. A smaller order earns nothing and does not use the reward up (a ¥0.80 order must not
 * buy a ¥20 coupon, nor cost a friend who then buys in earnest the reward). The reward row is
 * claimed with on-conflict-do-nothing (the invitee is its key), so a second order that reaches
 * the minimum, a repeated notice or two orders paid at once credit once. Answers whether this
 * payment credited the inviter.
 */
export async function creditInviterOnFirstPaidOrder(trx: Kysely<Database>, payment: { userId: number; orderId: number; now: number }): Promise<boolean> {
  const invitee = await findInviterText(trx, payment.userId);
  const inviter = await memberNamedBy(trx, invitee?.inviter);
  if (!invitee || !inviter || !isValidInvitation(inviter.id, payment.userId)) return false;
  const minOrderCents = minOrderCentsOf(await currentRewardTemplate(trx));
  if ((await findGoodsPaidCents(trx, payment.orderId)) < minOrderCents) return false;
  if (!(await claimReward(trx, { inviteeId: payment.userId, inviterId: inviter.id, orderId: payment.orderId, createdAt: payment.now }))) return false;
  const coupon = await grantInviteReward(trx, { userId: inviter.id, configuredName: rewardCouponName, grantKey: payment.userId, now: payment.now });
  if (coupon) await setRewardCoupon(trx, payment.userId, coupon.memberCouponId);
  const friend = maskPhone(invitee.phone);
  const order = qualifyingOrderOf(minOrderCents);
  const msgContent = coupon
    ? `您邀请的好友 ${friend} 已完成${order}，邀请奖励「${coupon.name}」已发放到您的账户，可在“我的优惠券”中查看和使用。`
    : `您邀请的好友 ${friend} 已完成${order}，感谢您的邀请！`;
  await sendMessages(trx, [{ userId: inviter.id, messageType: MessageType.order, msgContent, sendDate: payment.now }]);
  return true;
}

/** /user/invite: the member's link and QR code, the members they invited and what it earned. */
export async function loadInvitePage(db: Kysely<Database>, member: MemberRef, origin: string): Promise<InvitePageData> {
  const inviteUrl = inviteUrlOf(origin, member.userNumber);
  const [svg, invitees, inviteeCount, rewardCount, reward] = await Promise.all([
    QRCode.toString(inviteUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    findInvitees(db, member, inviteListLimit),
    countInvitees(db, member),
    countRewards(db, member.id),
    currentRewardTemplate(db),
  ]);
  return {
    userNumber: member.userNumber,
    inviteUrl,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    rewardName: reward?.name ?? '',
    minOrderCents: minOrderCentsOf(reward),
    invitees: invitees.map((row) => ({
      userNumber: row.userNumber,
      maskedPhone: maskPhone(row.phone),
      registeredOn: formatBeijingDate(row.createdAt),
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
