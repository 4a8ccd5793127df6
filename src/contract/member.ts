import type { OrderStatus } from './order.ts';
import type { ServiceInfo } from './content.ts';
import { charCount, cleanLine } from './address.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { emailRule, textRule, type TextRule } from './rules.ts';

/**
 * The member centre's overview (/user/person), profile (/user/profile) and security
 * (/user/security): the pure part of the contract. Request schemas: member-requests.ts; the
 * calls: member-calls.ts.
 */

export const memberPaths = { person: '/user/person', profile: '/user/profile', security: '/user/security' } as const;

export const profileLimits = { nickName: 20, company: 50, job: 30, email: 60 } as const;

/**
 * The member's level, by what their paid orders came to (payable minus refunds, in fen):
 * 普通会员 below ¥1,000, 银牌 from ¥1,000, 金牌 from ¥10,000, 钻石 from ¥100,000.
 */
export const memberLevels = [
  { name: '普通会员', fromCents: 0 },
  { name: '银牌会员', fromCents: 100_000 },
  { name: '金牌会员', fromCents: 1_000_000 },
  { name: '钻石会员', fromCents: 10_000_000 },
] as const;

export interface MemberLevel {
  name: string;
  /** The next level and what is still missing to reach it; null at the top. */
  next: { name: string; missingCents: number } | null;
}

export function memberLevelOf(paidCents: number): MemberLevel {
  const index = memberLevels.findLastIndex((level) => paidCents >= level.fromCents);
  const current = memberLevels[Math.max(index, 0)] ?? memberLevels[0];
  const following = memberLevels[index + 1];
  return { name: current.name, next: following ? { name: following.name, missingCents: following.fromCents - paidCents } : null };
}

/** /user/person's numbers. */
export interface MemberCounts {
  orders: Record<OrderStatus, number>;
  unusedCoupons: number;
  favorites: number;
  unreadMessages: number;
}

export interface MemberOverview {
  nickName: string;
  userNumber: string;
  /** 138****8000 */
  maskedPhone: string;
  /** The avatar's address, '' for the default one. */
  avatarUrl: string;
  level: MemberLevel;
  counts: MemberCounts;
  /** The dedicated sales rep, when the member's service is enabled. */
  salesRep: ServiceInfo | null;
  /** YYYY-MM-DD, Beijing time. */
  registeredOn: string;
  hasPassword: boolean;
  /** The member's invite link (?inviter= their user number). */
  inviteUrl: string;
}

export interface MemberProfile {
  nickName: string;
  userNumber: string;
  avatarUrl: string;
  company: string;
  job: string;
  email: string;
}

/** How a login happened: the recent logins say it. */
export const loginMethodLabels = {
  password: '密码登录',
  sms: '短信登录',
  register: '注册',
  quickRegister: '快速注册',
  wechat: '微信登录',
} as const;
export type LoginMethod = keyof typeof loginMethodLabels;

export interface LoginRecord {
  /** YYYY-MM-DD HH:mm:ss, Beijing time. */
  time: string;
  ip: string;
  /** "Chrome · Windows", from the user agent. */
  device: string;
  method: string;
}

/** How many logins /user/security lists, and how many are kept per member. */
export const loginRecordLimits = { shown: 10, kept: 50 } as const;

export interface MemberSecurity {
  maskedPhone: string;
  hasPassword: boolean;
  /** The member's other signed-in browsers. */
  otherSessionCount: number;
  recentLogins: LoginRecord[];
}

/** What a security code is for: the member's own phone gets it. */
export const securityCodePurposes = ['changePassword', 'changePhoneOld'] as const;
export type SecurityCodePurpose = (typeof securityCodePurposes)[number];

/** How long the old phone's proof lets the member bind a new one. */
export const phoneChangeGrantMinutes = 10;

export const memberMessages = {
  profileSaved: '个人资料已保存',
  avatarSaved: '头像已更新',
  passwordChanged: '登录密码已修改，其他设备已退出登录',
  passwordSet: '登录密码已设置',
  oldPhoneVerified: '原手机号验证成功，请绑定新手机号',
  phoneChanged: '手机号已更换',
  otherSessionsEnded: '已退出其他设备的登录',
} as const;

export const memberErrors = defineErrors('member', {
  notFound: { code: ResultCode.notFound, msg: '会员不存在，请重新登录' },
  oldPasswordWrong: { code: ResultCode.badRequest, msg: '原密码错误' },
  /** Neither the old password nor an SMS code was given, or the member has no password to give. */
  proofMissing: { code: ResultCode.badRequest, msg: '请输入原密码或短信验证码' },
  samePassword: { code: ResultCode.badRequest, msg: '新密码不能与原密码相同' },
  passwordAlreadySet: { code: ResultCode.conflict, msg: '您已设置登录密码，请通过修改密码更改' },
  phoneChangeNotVerified: { code: ResultCode.badRequest, msg: '请先验证原手机号' },
  samePhone: { code: ResultCode.badRequest, msg: '新手机号不能与原手机号相同' },
  phoneTaken: { code: ResultCode.conflict, msg: '该手机号已注册，请更换其他手机号' },
  avatarNotOwned: { code: ResultCode.badRequest, msg: '头像图片不存在或已失效，请重新上传' },
  avatarNotImage: { code: ResultCode.badRequest, msg: '头像仅支持 bmp、jpg、png、webp 格式的图片' },
  avatarBroken: { code: ResultCode.badRequest, msg: '头像图片已损坏，请换一张图片' },
});

/** A single-line text of at most `max` characters after cleanLine ('' allowed unless `isRequired`). */
function profileLineRule(label: string, max: number, isRequired = false): TextRule {
  const missing = `请输入${label}`;
  return textRule(missing, (value) => {
    const length = charCount(cleanLine(value));
    if (length === 0) return isRequired ? missing : '';
    return length > max ? `${label}不能超过${max}个字` : '';
  });
}

export const nickNameRule = profileLineRule('昵称', profileLimits.nickName, true);
export const companyRule = profileLineRule('公司名称', profileLimits.company);
export const jobRule = profileLineRule('职位', profileLimits.job);
/** Email may be left empty; otherwise spec §5's rule. */
export const optionalEmailRule = textRule(emailRule.missingMessage, (value) => {
  if (value === '') return '';
  if (value.length > profileLimits.email) return `邮箱不能超过${profileLimits.email}个字符`;
  return emailRule.check(value);
});
