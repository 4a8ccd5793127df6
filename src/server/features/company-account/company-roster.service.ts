import type { Kysely } from 'kysely';
import { displayNameOf, maskPhone } from '../../../contract/account.ts';
import { companyRoleLabels } from '../../../contract/company-account.ts';
import { companyInvitationFactsOf, companyInvitationLifecycle, invitationExpiresAt } from '../../../contract/company-invitation-lifecycle.ts';
import { rosterInvitationLimit, rosterInvitationStates, type CompanyRoster, type RosterInvitationState } from '../../../contract/console/company-roster.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { findMembers } from './company-account.repository.ts';
import { findInvitationsOfCompany } from './company-roster.repository.ts';

function isListedState(state: string): state is RosterInvitationState {
  return (rosterInvitationStates as readonly string[]).includes(state);
}

/**
 * A company's members and its pending, lapsed and accepted invitations, for staff (the console's
 * company page, which checks the staff member may read the company). Read-only; phones masked.
 */
export async function loadCompanyRoster(db: Kysely<Database>, companyId: number, now = Date.now()): Promise<CompanyRoster> {
  const [members, invitations] = await Promise.all([
    findMembers(db, companyId),
    findInvitationsOfCompany(db, companyId, rosterInvitationStates, rosterInvitationLimit),
  ]);
  return {
    members: members.map((row) => ({
      userId: row.userId,
      displayName: displayNameOf(row),
      maskedPhone: maskPhone(row.phone),
      role: row.role,
      roleLabel: companyRoleLabels[row.role],
      joinedAtStr: formatBeijingTime(row.joinedAt),
    })),
    invitations: invitations.flatMap((row) => {
      const { state } = companyInvitationFactsOf(row, now);
      if (!isListedState(state)) return [];
      return [
        {
          invitationId: row.id,
          maskedPhone: maskPhone(row.phone),
          role: row.role,
          roleLabel: companyRoleLabels[row.role],
          state,
          stateLabel: companyInvitationLifecycle.states[state].label,
          invitedAtStr: formatBeijingTime(row.createdAt),
          expiresAtStr: formatBeijingTime(invitationExpiresAt(row.createdAt)),
        },
      ];
    }),
  };
}
