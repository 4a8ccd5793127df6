// 邀请有礼 (issue 12): shapes shared by server and browser; zod-free.

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
  /** The coupon each invitee's first paid order earns (the template's name). */
  rewardName: string;
  /** Latest first, at most inviteListLimit. */
  invitees: Invitee[];
  inviteeCount: number;
  /** Rewards granted so far (coupons). */
  rewardCount: number;
}

export const inviteListLimit = 100;

export function inviteRulesOf(rewardName: string): string[] {
  return [
    '复制您的专属邀请链接或让好友扫描二维码，好友通过链接注册成为会员即视为您邀请的好友。',
    `好友注册后完成首笔订单支付，您将获得一张「${rewardName}」优惠券，每位好友仅奖励一次。`,
    '奖励优惠券自动发放至“我的优惠券”，同时您会收到一条消息通知。',
    '邀请人须为已注册会员；不能邀请自己，已注册的会员不能再被邀请。',
    '如发现恶意刷单等不正当行为，本站有权取消相应奖励。',
  ];
}
