// 邀请有礼 (issue 12): shapes shared by server and browser; zod-free.

import { formatCents } from './pricing.ts';

export const invitePaths = { page: '/user/invite' } as const;

/** The invite link of a member: the home page with ?inviter= their user number. */
export function inviteUrlOf(origin: string, userNumber: string): string {
  return `${origin.replace(/\/+$/, '')}/?inviter=${encodeURIComponent(userNumber)}`;
}

export interface Invitee {
  userNumber: string;
  /** The phone with its middle hidden. */
  maskedPhone: string;
  /** yyyy-MM-dd, Beijing time. */
  registeredOn: string;
  /** A paid order (已下单), whatever became of it. */
  hasOrdered: boolean;
  /** The reward for this invitee was granted (已发放). */
  isRewarded: boolean;
}

export interface InvitePageData {
  userNumber: string;
  inviteUrl: string;
  /** The invite link as a QR code: an SVG data URL made on the server. */
  qrCodeDataUrl: string;
  /** The coupon an invitee's first paid order of at least minOrderCents earns (the template's name; '' when there is none). */
  rewardName: string;
  /** The least an order must pay for its goods (after coupons, without freight) to earn the reward; 0: any paid order. */
  minOrderCents: number;
  /** Latest first, at most inviteListLimit. */
  invitees: Invitee[];
  inviteeCount: number;
  /** Rewards granted so far (coupons). */
  rewardCount: number;
}

export const inviteListLimit = 100;

/** 首笔实付满¥200.00的订单, or 首笔订单 without a minimum. */
export function qualifyingOrderOf(minOrderCents: number): string {
  return minOrderCents > 0 ? `首笔实付满${formatCents(minOrderCents)}的订单` : '首笔订单';
}

/** The rules shown on /user/invite: who counts as invited, which order earns what, and once. */
export function inviteRulesOf(rewardName: string, minOrderCents: number): string[] {
  const reward = rewardName === '' ? '我们将向您发送感谢消息（当前暂无奖励优惠券）' : `您将获得一张「${rewardName}」优惠券`;
  const rules = [
    '复制您的专属邀请链接或让好友扫描二维码，好友通过链接注册成为会员即视为您邀请的好友。',
    `好友注册后完成${qualifyingOrderOf(minOrderCents)}支付，${reward}，每位好友仅奖励一次。`,
  ];
  if (minOrderCents > 0) {
    rules.push(
      `实付金额指订单商品金额扣除优惠后的实际支付金额，不含运费；实付不足${formatCents(minOrderCents)}的订单不发放奖励，好友之后首笔实付满${formatCents(minOrderCents)}的订单支付后即发放。`,
    );
  }
  rules.push(
    '奖励优惠券自动发放至“我的优惠券”，同时您会收到一条消息通知。',
    '邀请人须为已注册会员；不能邀请自己，已注册的会员不能再被邀请。',
    '如发现恶意刷单等不正当行为，本站有权取消相应奖励。',
  );
  return rules;
}
