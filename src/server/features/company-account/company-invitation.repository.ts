import type { Kysely } from 'kysely';
import type { CompanyInvitationStatus } from '../../../contract/company-invitation-lifecycle.ts';
import type { Database } from '../../db/database.ts';

/** The invitations' moves along their lifecycle (contract/company-invitation-lifecycle.ts), each one conditional update. */

/**
 * Moves one invitation from the states the lifecycle allows, and only while it was sent after
 * `sentAfter` when given (an invitation past its seven days is neither accepted nor declined):
 * a second decision (another tab, the admin, the clock) finds it moved and changes nothing.
 */
export async function moveInvitation(
  db: Kysely<Database>,
  invitationId: number,
  move: { from: readonly CompanyInvitationStatus[]; to: CompanyInvitationStatus; now: number; sentAfter?: number },
): Promise<boolean> {
  let update = db
    .updateTable('companyAccountInvitations')
    .set({ status: move.to, decidedAt: move.now })
    .where('id', '=', invitationId)
    .where('status', 'in', move.from);
  if (move.sentAfter !== undefined) update = update.where('createdAt', '>', move.sentAfter);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the company's lapsed invitations 已过期 (sent at or before `lapsedBefore`): the pending-per-phone index frees the phone. */
export async function expireLapsedInvitations(
  db: Kysely<Database>,
  companyId: number,
  move: { from: readonly CompanyInvitationStatus[]; lapsedBefore: number; now: number },
): Promise<number> {
  const result = await db
    .updateTable('companyAccountInvitations')
    .set({ status: 'expired', decidedAt: move.now })
    .where('companyId', '=', companyId)
    .where('status', 'in', move.from)
    .where('createdAt', '<=', move.lapsedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
