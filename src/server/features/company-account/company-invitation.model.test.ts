import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../../contract/company-account.ts';
import { companyInvitationStatuses, isInvitationLapsed, type CompanyInvitationStatus } from '../../../contract/company-invitation-lifecycle.ts';
import { dayMs } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { createCompany } from './company-account.service.ts';
import { acceptCompanyInvitation, cancelCompanyInvitation, declineCompanyInvitation, inviteToCompany } from './company-invitation.service.ts';
import { changeCompanyMemberRole, removeCompanyMember } from './company-members.service.ts';
import { uniqueCreditCode } from './testing/company-fixture.ts';

/**
 * The company invitation lifecycle (docs/decisions/0018-lifecycles.md) under generated sequences of
 * two companies' 管理员 (invite, withdraw, change a role, remove a member), three invitees (accept,
 * decline, accept two companies' invitations at once) and the clock (days pass: invitations lapse
 * after seven). After every step the database agrees with the model and the invariants hold: a
 * member in at most one company, every company keeps a 管理员, accepted only while pending and
 * within the seven days. COMPANY_INVITATION_MODEL_RUNS sets how many sequences.
 */

const runs = Number(process.env.COMPANY_INVITATION_MODEL_RUNS ?? 15);
const roles: readonly CompanyRole[] = ['buyer', 'approver', 'finance', 'admin'];

interface ModelInvitation {
  id: number;
  company: number;
  invitee: number;
  role: CompanyRole;
  status: CompanyInvitationStatus;
  createdAt: number;
}

interface Model {
  now: number;
  invitations: ModelInvitation[];
  /** Each invitee's company (index), or null. */
  memberOf: (number | null)[];
}

interface Real {
  admins: SignedInMember[];
  companyIds: number[];
  invitees: SignedInMember[];
}

type Command = fc.AsyncCommand<Model, Real>;

describe('company invitations under random sequences of actions', () => {
  const t = useTestApp();
  const reached = new Set<CompanyInvitationStatus>();
  let clock = Date.now();

  /** Runs the action; a refusal must be an AppError in Chinese and expected by the model. */
  async function outcome(work: () => Promise<unknown>, isAllowed: boolean, label: string): Promise<boolean> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      expect(isAllowed, `${label} refused: ${error.msg}`).toBe(false);
      expect(error.msg).toMatch(/[\u4e00-\u9fff]/);
      return false;
    }
    expect(isAllowed, `${label} succeeded`).toBe(true);
    return true;
  }

  const isLive = (model: Model, invitation: ModelInvitation) => invitation.status === 'pending' && !isInvitationLapsed(invitation.createdAt, model.now);

  async function checkInvariants(model: Model, real: Real): Promise<void> {
    const db = t.db.kysely;
    const rows = await db.selectFrom('companyAccountInvitations').selectAll().where('companyId', 'in', real.companyIds).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.status])).toEqual(model.invitations.map((one) => [one.id, one.status]));
    for (const row of rows) {
      reached.add(row.status);
      if (row.status === 'accepted') expect(row.decidedAt ?? Infinity, 'accepted within the seven days').toBeLessThan(row.createdAt + 7 * dayMs);
    }
    const userIds = real.invitees.map((one) => one.userId);
    const open = await db
      .selectFrom('companyAccountMembers')
      .select(['userId', 'companyId', 'role'])
      .where('leftAt', 'is', null)
      .where('companyId', 'in', real.companyIds)
      .execute();
    for (const [index, userId] of userIds.entries()) {
      const mine = open.filter((row) => row.userId === userId);
      expect(mine.length, 'in at most one company').toBeLessThanOrEqual(1);
      const expected = model.memberOf[index] ?? null;
      expect(mine[0]?.companyId ?? null).toBe(expected === null ? null : real.companyIds[expected]);
    }
    for (const companyId of real.companyIds)
      expect(
        open.some((row) => row.companyId === companyId && row.role === 'admin'),
        'keeps a 管理员',
      ).toBe(true);
  }

  function checked(label: string, run: (model: Model, real: Real) => Promise<void>): Command {
    return {
      check: () => true,
      async run(model, real) {
        await run(model, real);
        await checkInvariants(model, real);
      },
      toString: () => label,
    };
  }

  const inviteCommand = (company: number, invitee: number, role: CompanyRole) =>
    checked(`admin ${String(company)} invites ${String(invitee)} as ${role}`, async (model, real) => {
      const isAllowed =
        model.memberOf[invitee] !== company && !model.invitations.some((one) => one.company === company && one.invitee === invitee && isLive(model, one));
      const phone = real.invitees[invitee]?.phone ?? '';
      if (!(await outcome(() => inviteToCompany(t.db.kysely, real.admins[company]?.userId ?? 0, { phone, role }, model.now), isAllowed, 'invite'))) return;
      for (const one of model.invitations) if (one.company === company && one.status === 'pending' && !isLive(model, one)) one.status = 'expired';
      const row = await t.db.kysely
        .selectFrom('companyAccountInvitations')
        .select('id')
        .where('phone', '=', phone)
        .where('status', '=', 'pending')
        .where('companyId', '=', real.companyIds[company] ?? 0)
        .executeTakeFirstOrThrow();
      model.invitations.push({ id: row.id, company, invitee, role, status: 'pending', createdAt: model.now });
    });

  const decideCommand = (pick: number, decision: 'accept' | 'decline' | 'cancel') =>
    checked(`${decision} invitation #${String(pick)}`, async (model, real) => {
      const invitation = model.invitations[pick % Math.max(1, model.invitations.length)];
      if (!invitation) return;
      const invitee = real.invitees[invitation.invitee]?.userId ?? 0;
      const admin = real.admins[invitation.company]?.userId ?? 0;
      const db = t.db.kysely;
      if (decision === 'cancel') {
        if (
          await outcome(
            () => cancelCompanyInvitation(db, admin, invitation.id, model.now),
            invitation.status === 'pending' || invitation.status === 'expired',
            'cancel',
          )
        )
          invitation.status = 'cancelled';
      } else if (decision === 'decline') {
        if (await outcome(() => declineCompanyInvitation(db, invitee, invitation.id, model.now), isLive(model, invitation), 'decline'))
          invitation.status = 'declined';
      } else {
        const isAllowed = isLive(model, invitation) && model.memberOf[invitation.invitee] === null;
        if (!(await outcome(() => acceptCompanyInvitation(db, invitee, invitation.id, model.now), isAllowed, 'accept'))) return;
        invitation.status = 'accepted';
        model.memberOf[invitation.invitee] = invitation.company;
      }
    });

  /** One invitee accepts two companies' invitations at the same moment: at most one can win. */
  const racingAcceptCommand = (invitee: number) =>
    checked(`invitee ${String(invitee)} accepts two at once`, async (model, real) => {
      const live = model.invitations.filter((one) => one.invitee === invitee && isLive(model, one));
      const [first, second] = [live.find((one) => one.company === 0), live.find((one) => one.company === 1)];
      if (!first || !second) return;
      const userId = real.invitees[invitee]?.userId ?? 0;
      const results = await Promise.allSettled([first, second].map((one) => acceptCompanyInvitation(t.db.kysely, userId, one.id, model.now)));
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AppError);
      const winners = [first, second].filter((_, index) => results[index]?.status === 'fulfilled');
      expect(winners.length).toBe(model.memberOf[invitee] === null ? 1 : 0);
      for (const winner of winners) {
        winner.status = 'accepted';
        model.memberOf[invitee] = winner.company;
      }
    });

  const memberCommand = (company: number, invitee: number, change: CompanyRole | 'remove') =>
    checked(`admin ${String(company)} ${change === 'remove' ? 'removes' : `makes ${change}`} ${String(invitee)}`, async (model, real) => {
      const admin = real.admins[company]?.userId ?? 0;
      const userId = real.invitees[invitee]?.userId ?? 0;
      const isAllowed = model.memberOf[invitee] === company;
      const work =
        change === 'remove'
          ? () => removeCompanyMember(t.db.kysely, admin, userId, model.now)
          : () => changeCompanyMemberRole(t.db.kysely, admin, { userId, role: change }, model.now);
      if ((await outcome(work, isAllowed, 'member change')) && change === 'remove') model.memberOf[invitee] = null;
    });

  const clockCommand = (days: number) =>
    checked(`${String(days)} days pass`, async (model) => {
      model.now += days * dayMs;
      return Promise.resolve();
    });

  const company = fc.nat({ max: 1 });
  const invitee = fc.nat({ max: 2 });
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(company, invitee, fc.constantFrom(...roles)).map(([c, i, role]) => inviteCommand(c, i, role)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.nat({ max: 30 }), fc.constantFrom('accept' as const, 'accept' as const, 'decline' as const, 'cancel' as const))
        .map(([pick, decision]) => decideCommand(pick, decision)),
    },
    { weight: 1, arbitrary: invitee.map(racingAcceptCommand) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(company, invitee, fc.constantFrom<CompanyRole | 'remove'>('remove', 'remove', 'buyer', 'admin'))
        .map(([c, i, change]) => memberCommand(c, i, change)),
    },
    { weight: 2, arbitrary: fc.constantFrom(1, 3, 8).map(clockCommand) },
  );

  it(`moves invitations and memberships as the model says, over ${String(runs)} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands: 40, size: 'max' }), async (sequence) => {
        clock += 60 * dayMs;
        const admins = [await t.member(), await t.member()];
        const companyIds: number[] = [];
        for (const admin of admins) {
          const page = await createCompany(
            t.db.kysely,
            admin.userId,
            { name: '模型测试电子有限公司', creditCode: uniqueCreditCode(), contactName: '', contactPhone: '' },
            clock,
          );
          companyIds.push(page.company?.companyId ?? 0);
        }
        const real: Real = { admins, companyIds, invitees: [await t.member(), await t.member(), await t.member()] };
        const model: Model = { now: clock, invitations: [], memberOf: [null, null, null] };
        await fc.asyncModelRun(() => ({ model, real }), sequence);
        clock = Math.max(clock, model.now);
      }),
      { numRuns: runs, endOnFailure: true },
    );
    if (runs >= 10) expect([...reached].sort()).toEqual([...companyInvitationStatuses].sort());
  }, 600_000);
});
