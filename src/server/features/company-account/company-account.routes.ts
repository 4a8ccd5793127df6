import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { companyMessages } from '../../../contract/company-account.ts';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { companyRequests } from '../../../contract/company-account-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { createCompany, loadCompanyPage } from './company-account.service.ts';
import { setApprovalThreshold } from './company-approval.service.ts';
import { acceptCompanyInvitation, cancelCompanyInvitation, declineCompanyInvitation, inviteToCompany } from './company-invitation.service.ts';
import { changeCompanyMemberRole, leaveCompany, removeCompanyMember, updateCompanyDetails } from './company-members.service.ts';

/** companyCalls: members only; each answers the page's new state. */
export function registerCompanyAccountRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, companyCalls, companyRequests, {
    state: ({ userId }) => loadCompanyPage(db, userId),
    create: async ({ body, userId }) => new WithMessage(await createCompany(db, userId, body), companyMessages.created),
    update: async ({ body, userId }) => new WithMessage(await updateCompanyDetails(db, userId, body), companyMessages.updated),
    invite: async ({ body, userId }) => new WithMessage(await inviteToCompany(db, userId, body), companyMessages.invited),
    cancelInvitation: async ({ body, userId }) =>
      new WithMessage(await cancelCompanyInvitation(db, userId, body.invitationId), companyMessages.invitationCancelled),
    acceptInvitation: async ({ body, userId }) => new WithMessage(await acceptCompanyInvitation(db, userId, body.invitationId), companyMessages.accepted),
    declineInvitation: async ({ body, userId }) => new WithMessage(await declineCompanyInvitation(db, userId, body.invitationId), companyMessages.declined),
    changeRole: async ({ body, userId }) => new WithMessage(await changeCompanyMemberRole(db, userId, body), companyMessages.roleChanged),
    removeMember: async ({ body, userId }) => new WithMessage(await removeCompanyMember(db, userId, body.userId), companyMessages.memberRemoved),
    leave: async ({ userId }) => new WithMessage(await leaveCompany(db, userId), companyMessages.left),
    setApprovalThreshold: async ({ body, userId }) => new WithMessage(await setApprovalThreshold(db, userId, body.threshold), companyMessages.thresholdSaved),
  });
}
