import type { Kysely } from 'kysely';
import { memberDeskErrors } from '../../../contract/member-desk.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { claimMemberDisabled, findDisabledAt } from './account.repository.ts';

/** What staff do to a member's account (the console's member desk calls these). */

/**
 * 停用/启用 in one transaction with the work the caller adds alongside (its audit entry): writes
 * disabled_at, or clears it. The conditional update decides racing staff: the second is told the
 * member is in that state already. The caller ends the member's sessions after the commit (a login
 * racing it either stored its session before, or reads disabled_at after: isMemberDisabled).
 */
export async function setMemberDisabledByStaff(
  db: Kysely<Database>,
  request: { userId: number; isDisabled: boolean; now: number },
  alongside: AlongsideChange<{ wasDisabled: boolean }>,
): Promise<void> {
  const { userId, isDisabled, now } = request;
  await withTransaction(db, async (trx) => {
    const before = await findDisabledAt(trx, userId);
    if (!before) throw new AppError(memberDeskErrors.memberMissing);
    if (!(await claimMemberDisabled(trx, userId, isDisabled, now)))
      throw new AppError(isDisabled ? memberDeskErrors.alreadyDisabled : memberDeskErrors.alreadyEnabled);
    await alongside(trx, { wasDisabled: before.disabledAt !== null });
  });
}
