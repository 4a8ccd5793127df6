import type { Kysely } from 'kysely';
import type { CompanyInvitationStatus } from '../../../contract/company-invitation-lifecycle.ts';
import type { Database } from '../../db/database.ts';

/** The company's invitations in the given recorded states, newest first, at most `limit`. */
export function findInvitationsOfCompany(db: Kysely<Database>, companyId: number, statuses: readonly CompanyInvitationStatus[], limit: number) {
  return db
    .selectFrom('companyAccountInvitations')
    .select(['id', 'phone', 'role', 'status', 'createdAt'])
    .where('companyId', '=', companyId)
    .where('status', 'in', statuses)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
