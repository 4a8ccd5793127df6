import type { CompanyRole } from '../company-account.ts';
import type { CompanyInvitationStatus } from '../company-invitation-lifecycle.ts';

/**
 * Who is in a company, as the console's 企业月结 page shows it (read-only): its members and the
 * invitations its 管理员 sent that are waiting, lapsed or accepted. Phones are masked as on every
 * console page; declined and withdrawn invitations are left out.
 */

/** The invitation states the console lists. */
export const rosterInvitationStates = ['pending', 'expired', 'accepted'] as const satisfies readonly CompanyInvitationStatus[];
export type RosterInvitationState = (typeof rosterInvitationStates)[number];

/** At most this many invitations, newest first. */
export const rosterInvitationLimit = 50;

export interface CompanyRosterMember {
  userId: number;
  displayName: string;
  maskedPhone: string;
  role: CompanyRole;
  roleLabel: string;
  joinedAtStr: string;
}

export interface CompanyRosterInvitation {
  invitationId: number;
  maskedPhone: string;
  role: CompanyRole;
  roleLabel: string;
  /** As shown: a pending invitation past its seven days is 已过期 before anything records it. */
  state: RosterInvitationState;
  stateLabel: string;
  invitedAtStr: string;
  expiresAtStr: string;
}

export interface CompanyRoster {
  members: CompanyRosterMember[];
  invitations: CompanyRosterInvitation[];
}
