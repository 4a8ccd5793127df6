import type { Kysely, Transaction } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, companyLimits, type CompanyPageData, type CompanyRole } from '../../../contract/company-account.ts';
import { buyer, clock, targetOf } from '../../../contract/lifecycle.ts';
import {
  companyInvitationFactsOf,
  companyInvitationLifecycle,
  invitationsLapsedBefore,
  type CompanyInvitationStatus,
} from '../../../contract/company-invitation-lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { lockMember } from '../account/account.service.ts';
import { sendMessages } from '../message/message.service.ts';
import { loadCompanyPage } from './company-account.service.ts';
import { lockedCompanyOfAdmin, messageAdmins } from './company-lock.ts';
import { companyMessageTexts } from './company-messages.ts';
import { expireLapsedInvitations, moveInvitation } from './company-invitation.repository.ts';
import {
  countPendingInvitations,
  findInvitation,
  findMembers,
  findOpenMembership,
  findPhoneOfUser,
  findUserIdByPhone,
  insertInvitation,
  insertMembership,
} from './company-account.repository.ts';

const pendingInvitationIndex = { name: 'company_account_invitations_pending', table: 'company_account_invitations', columns: ['company_id', 'phone'] } as const;
const oneCompanyIndex = { name: 'company_account_members_one_company', table: 'company_account_members', columns: ['user_id'] } as const;

/** Turns a unique index's refusal into the error the user reads; other failures pass through. */
async function refusingDuplicates<T>(
  work: () => Promise<T>,
  index: typeof pendingInvitationIndex | typeof oneCompanyIndex,
  definition: typeof companyErrors.alreadyInvited,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw new AppError(definition);
    throw error;
  }
}

/** The 管理员 invites a phone with a role; the member of that phone (now or once registered) sees it. */
export async function inviteToCompany(
  db: Kysely<Database>,
  userId: number,
  request: { phone: string; role: CompanyRole },
  now = Date.now(),
): Promise<CompanyPageData> {
  await refusingDuplicates(
    () =>
      withTransaction(db, async (trx) => {
        const { company } = await lockedCompanyOfAdmin(trx, userId);
        if ((await findPhoneOfUser(trx, userId)) === request.phone) throw new AppError(companyErrors.selfInvite);
        const invitedUserId = await findUserIdByPhone(trx, request.phone);
        const members = await findMembers(trx, company.id);
        if (members.some((member) => member.phone === request.phone)) throw new AppError(companyErrors.alreadyMember);
        // The clock's move, made when it matters: lapsed invitations stop counting and free their phones.
        assertAllowed(companyInvitationLifecycle, 'expire', { state: 'pending' }, clock);
        const lapsed = { from: claimFrom(companyInvitationLifecycle, 'expire'), lapsedBefore: invitationsLapsedBefore(now), now };
        await expireLapsedInvitations(trx, company.id, lapsed);
        const pending = await countPendingInvitations(trx, company.id);
        if (pending >= companyLimits.pendingInvitationsMax) throw new AppError(companyErrors.tooManyInvitations);
        if (members.length + pending >= companyLimits.membersMax) throw new AppError(companyErrors.tooManyMembers);
        await insertInvitation(trx, { companyId: company.id, phone: request.phone, role: request.role, invitedBy: userId }, now);
        if (invitedUserId !== undefined) {
          await sendMessages(trx, [
            { userId: invitedUserId, messageType: MessageType.company, msgContent: companyMessageTexts.invited(company.name, request.role), sendDate: now },
          ]);
        }
      }),
    pendingInvitationIndex,
    companyErrors.alreadyInvited,
  );
  return loadCompanyPage(db, userId);
}

export async function cancelCompanyInvitation(db: Kysely<Database>, userId: number, invitationId: number, now = Date.now()): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company } = await lockedCompanyOfAdmin(trx, userId);
    const invitation = await findInvitation(trx, invitationId);
    if (invitation?.companyId !== company.id) throw new AppError(companyErrors.invitationNotFound);
    await move(trx, invitation, 'cancel', now);
    const invitedUserId = await findUserIdByPhone(trx, invitation.phone);
    if (invitedUserId !== undefined) {
      await sendMessages(trx, [
        { userId: invitedUserId, messageType: MessageType.company, msgContent: companyMessageTexts.invitationCancelled(company.name), sendDate: now },
      ]);
    }
  });
  return loadCompanyPage(db, userId);
}

type InvitationEvent = 'accept' | 'decline' | 'cancel';

/**
 * Moves the invitation by the lifecycle: refused by its state as shown (a lapsed one is 已过期), then
 * one conditional update from the states the event leaves (accept and decline only within the seven
 * days); when a concurrent decision got there first, refused as the invitation stands now.
 */
async function move(
  trx: Transaction<Database>,
  invitation: { id: number; status: CompanyInvitationStatus; createdAt: number },
  event: InvitationEvent,
  now: number,
  isInCompany = false,
): Promise<void> {
  assertAllowed(companyInvitationLifecycle, event, { ...companyInvitationFactsOf(invitation, now), isInCompany }, buyer);
  const from = claimFrom(companyInvitationLifecycle, event);
  const sentAfter = event === 'cancel' ? undefined : invitationsLapsedBefore(now);
  if (
    await moveInvitation(trx, invitation.id, {
      from,
      to: targetOf(companyInvitationLifecycle, event, 'pending'),
      now,
      ...(sentAfter === undefined ? {} : { sentAfter }),
    })
  )
    return;
  const current = await findInvitation(trx, invitation.id);
  throw refusalNow(companyInvitationLifecycle, event, companyInvitationFactsOf(current ?? invitation, now));
}

/** An invitation to the member's own phone; any other answers as one that does not exist. */
async function invitationToMember(trx: Transaction<Database>, userId: number, invitationId: number) {
  const [invitation, phone] = await Promise.all([findInvitation(trx, invitationId), findPhoneOfUser(trx, userId)]);
  if (invitation === undefined || invitation.phone !== phone) throw new AppError(companyErrors.invitationNotFound);
  return invitation;
}

/**
 * Joins the company with the invitation's role. Under the member's lock, the invitation claimed in
 * one statement (a second accept finds it decided) and the one-company index behind it.
 */
export async function acceptCompanyInvitation(db: Kysely<Database>, userId: number, invitationId: number, now = Date.now()): Promise<CompanyPageData> {
  await refusingDuplicates(
    () =>
      withTransaction(db, async (trx) => {
        await lockMember(trx, userId);
        const invitation = await invitationToMember(trx, userId, invitationId);
        await move(trx, invitation, 'accept', now, (await findOpenMembership(trx, userId)) !== undefined);
        await insertMembership(trx, { companyId: invitation.companyId, userId, role: invitation.role }, now);
        const me = (await findMembers(trx, invitation.companyId)).find((member) => member.userId === userId);
        const text = companyMessageTexts.accepted(me ? displayNameOf(me) : invitation.phone, invitation.companyName, invitation.role);
        await messageAdmins(trx, invitation.companyId, text, now, userId);
      }),
    oneCompanyIndex,
    companyErrors.alreadyInCompany,
  );
  return loadCompanyPage(db, userId);
}

export async function declineCompanyInvitation(db: Kysely<Database>, userId: number, invitationId: number, now = Date.now()): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const invitation = await invitationToMember(trx, userId, invitationId);
    await move(trx, invitation, 'decline', now);
    await messageAdmins(trx, invitation.companyId, companyMessageTexts.declined(invitation.phone, invitation.companyName), now, userId);
  });
  return loadCompanyPage(db, userId);
}
