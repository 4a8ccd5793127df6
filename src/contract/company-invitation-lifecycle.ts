import { companyErrors } from './company-account.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';
import { dayMs } from './time.ts';

/**
 * A company invitation (docs/decisions/0018-lifecycles.md): the company's 管理员 invites a phone
 * with a role (待接受); the member of that phone accepts (joining the company, when in none) or
 * declines; the 管理员 withdraws it (已撤回). Seven days after it was sent it lapses: the invitee no
 * longer sees it, the 管理员 sees it 已过期 and may withdraw it or invite the phone again (which
 * records it 已过期). No column holds the deadline: it is the sending time plus the constant.
 */

export const companyInvitationValidityDays = 7;
const validityMs = companyInvitationValidityDays * dayMs;

export const companyInvitationStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type CompanyInvitationStatus = (typeof companyInvitationStatuses)[number];

export interface CompanyInvitationFacts {
  /** As shown: a pending invitation past its seven days is 已过期 before anything records it. */
  state: CompanyInvitationStatus;
}

export const companyInvitationLifecycleErrors = defineErrors('companyInvitation', {
  changedMeanwhile: { code: ResultCode.conflict, msg: '邀请状态已被他人更改，请刷新页面' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notLapsed: { code: ResultCode.conflict, msg: '邀请仍在有效期内' },
});

const isNotInCompany: Guard<CompanyInvitationFacts & { isInCompany?: boolean }> = {
  name: 'isNotInCompany',
  description: '被邀请人尚未加入任何企业（一个会员只属于一个企业）',
  holds: (facts) => facts.isInCompany !== true,
  refusal: companyErrors.alreadyInCompany.msg,
  error: companyErrors.alreadyInCompany,
};

/** The invitee and the company's 管理员 are both members of the store: the table's 买家. */
const member = [{ kind: ActorKind.buyer }] as const;

export const companyInvitationLifecycle = defineLifecycle<
  CompanyInvitationStatus,
  'accept' | 'decline' | 'cancel' | 'expire',
  CompanyInvitationFacts & { isInCompany?: boolean }
>({
  name: 'companyInvitation',
  title: '企业邀请',
  initial: 'pending',
  states: {
    pending: { label: '待接受', refusalName: '邀请待接受' },
    accepted: { label: '已接受', refusalName: '邀请已被接受', isFinal: true },
    declined: { label: '已拒绝', refusalName: '邀请已被拒绝', isFinal: true },
    cancelled: { label: '已撤回', refusalName: '邀请已撤回', isFinal: true },
    expired: { label: '已过期', refusalName: '邀请已过期' },
  },
  events: {
    accept: {
      label: '接受邀请',
      from: ['pending'],
      to: 'accepted',
      actors: member,
      guards: [isNotInCompany],
      effects: ['被邀请人（该手机号的会员）以邀请的角色加入企业；在发出后 7 天内；企业的管理员收到消息'],
      refusal: companyErrors.invitationNotPending,
    },
    decline: {
      label: '拒绝邀请',
      from: ['pending'],
      to: 'declined',
      actors: member,
      effects: ['企业的管理员收到消息'],
      refusal: companyErrors.invitationNotPending,
    },
    cancel: {
      label: '撤回邀请',
      from: ['pending', 'expired'],
      to: 'cancelled',
      actors: member,
      effects: ['仅企业的管理员；已过期的邀请撤回后不再列出；已注册的被邀请人收到消息'],
      refusal: companyErrors.invitationNotPending,
    },
    expire: {
      label: '邀请过期',
      from: ['pending'],
      to: 'expired',
      actors: [{ kind: ActorKind.clock }],
      effects: ['发出满 7 天：被邀请人不再看到；管理员看到已过期，再次邀请该手机号时记为已过期'],
      refusal: companyInvitationLifecycleErrors.notLapsed,
    },
  },
  changedMeanwhile: companyInvitationLifecycleErrors.changedMeanwhile,
  forbidden: companyInvitationLifecycleErrors.forbidden,
});

/** Sent seven days ago or earlier: no longer accepted, whatever its row says. */
export function isInvitationLapsed(createdAt: number, now: number): boolean {
  return createdAt + validityMs <= now;
}

/** The last moment it may be accepted: invitations sent before it have lapsed. */
export function invitationsLapsedBefore(now: number): number {
  return now - validityMs;
}

export function invitationExpiresAt(createdAt: number): number {
  return createdAt + validityMs;
}

export function companyInvitationFactsOf(row: { status: CompanyInvitationStatus; createdAt: number }, now: number): CompanyInvitationFacts {
  return { state: row.status === 'pending' && isInvitationLapsed(row.createdAt, now) ? 'expired' : row.status };
}
