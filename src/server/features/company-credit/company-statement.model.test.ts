import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatementStatus } from '../../../contract/company-credit.ts';
import { statementLifecycle } from '../../../contract/company-statement-lifecycle.ts';
import { dayMs } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { refundOrder } from '../payment/order-refund-workflow.service.ts';
import { payOnAccount } from '../payment/payment-on-account.service.ts';
import { refundContextOf } from '../payment/payment-refund.service.ts';
import type { PaymentContext } from '../payment/payment.service.ts';
import { insertUnpaidOrder, testPaymentContext } from '../payment/testing/payment-fixtures.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { grantCredit, runStatementClock, settleStatement } from './company-credit.service.ts';
import { creditCompany, type CreditCompany } from './testing/credit-fixture.ts';

/**
 * The 对账单 lifecycle and 月结's credit proven by generated sequences of buyer (charge an order on account, refund part
 * of one), staff (settle a statement, change the limit) and clock (days pass, the statements' clock runs) actions, run
 * one after another and in concurrent pairs. After every step: used credit = charges − refunds − settlements and never
 * above the limit; a charge taken only while no statement was overdue; every on-account payment on exactly one
 * statement and its order paid; each statement moved only as its lifecycle allows; an issued statement's total is its
 * lines' sum. Every state is reached. STATEMENT_MODEL_RUNS raises the number of sequences.
 */

const runs = Number(process.env.STATEMENT_MODEL_RUNS ?? 8);
const timeoutMs = 240_000;

type Action =
  | { kind: 'charge'; buyer: number; amountCents: number }
  | { kind: 'refund'; pick: number; amountCents: number }
  | { kind: 'settle'; pick: number }
  | { kind: 'limit'; limitCents: number }
  | { kind: 'clock'; days: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('charge' as const), buyer: fc.nat(1), amountCents: fc.integer({ min: 1_000, max: 9_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(20), amountCents: fc.integer({ min: 100, max: 2_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limit' as const), limitCents: fc.integer({ min: 5_000, max: 40_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 5, max: 40 }) }) },
);

const allowedMoves = new Set(
  statementLifecycle.eventNames.flatMap((event) => {
    const spec = statementLifecycle.events[event];
    return spec.from.map((from) => `${from}>${spec.to === 'same' ? from : spec.to}`);
  }),
);
// One clock pass may issue a month and mark it overdue: a step may take several moves of the table.
for (const first of [...allowedMoves]) {
  for (const second of [...allowedMoves]) {
    const [from, via] = first.split('>');
    const [again, to] = second.split('>');
    if (via === again) allowedMoves.add(`${from ?? ''}>${to ?? ''}`);
  }
}
const reached = new Set<string>();

describe('对账单 and 月结 model', () => {
  const t = useTestApp();

  interface Run {
    company: CreditCompany;
    now: number;
    orders: string[];
    refundSerial: number;
    lastStates: Map<number, StatementStatus>;
  }

  const ctxOf = (): PaymentContext => testPaymentContext(t.deps);

  /** Expected refusals of the domain are the actors' business; anything else fails the run. */
  async function tolerated(work: Promise<unknown>): Promise<boolean> {
    try {
      await work;
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  async function hasOverdue(run: Run): Promise<boolean> {
    const rows = await t.db.kysely.selectFrom('companyStatements').selectAll().where('companyId', '=', run.company.companyId).execute();
    return rows.some((row) => row.status === 'overdue' || (row.status === 'issued' && row.totalCents > 0 && row.dueAt !== null && row.dueAt <= run.now));
  }

  /** `mayCheckHold`: no settlement runs beside this step, so the overdue read before the charge still holds when it is taken. */
  async function perform(run: Run, step: Action, mayCheckHold = true): Promise<void> {
    const db = t.db.kysely;
    switch (step.kind) {
      case 'charge': {
        const buyer = run.company.members.buyer[step.buyer] ?? run.company.admin;
        const orderNo = await insertUnpaidOrder(db, buyer.userId, { payableCents: step.amountCents, expiresAt: run.now + 30 * 60_000 });
        const wasOverdue = await hasOverdue(run);
        if (await tolerated(payOnAccount(ctxOf(), buyer.userId, orderNo, run.now))) {
          if (mayCheckHold) expect(wasOverdue).toBe(false);
          run.orders.push(orderNo);
        }
        return;
      }
      case 'refund': {
        const orderNo = run.orders[step.pick % Math.max(1, run.orders.length)];
        if (!orderNo) return;
        run.refundSerial += 1;
        const request = {
          orderNo,
          refundNo: `MR${orderNo.slice(-8)}${String(run.refundSerial)}`,
          amountCents: step.amountCents,
          reason: '模型退款',
          now: run.now,
        };
        await tolerated(refundOrder(refundContextOf({ db, logger: t.deps.logger, config: t.deps.config }), request));
        return;
      }
      case 'settle': {
        const open = await db
          .selectFrom('companyStatements')
          .selectAll()
          .where('companyId', '=', run.company.companyId)
          .where('status', 'in', ['issued', 'overdue'])
          .execute();
        const target = open[step.pick % Math.max(1, open.length)];
        if (target) await tolerated(settleStatement(db, staffActorOf({ role: 'finance' }), { statementId: target.id, note: '' }, run.now));
        return;
      }
      case 'limit':
        await tolerated(grantCredit(db, { companyId: run.company.companyId, limitCents: step.limitCents, termsDays: 15 }, run.now));
        return;
      case 'clock':
        run.now += step.days * dayMs;
        await runStatementClock(db, run.now);
        return;
    }
  }

  async function check(run: Run): Promise<void> {
    const db = t.db.kysely;
    const companyId = run.company.companyId;
    const account = await db.selectFrom('companyCreditAccounts').selectAll().where('companyId', '=', companyId).executeTakeFirstOrThrow();
    const entries = await db.selectFrom('companyCreditEntries').selectAll().where('companyId', '=', companyId).execute();
    const sum = (kind: string) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountCents, 0);
    expect(account.usedCents).toBe(sum('charge') - sum('refund') - sum('settlement'));
    expect(account.usedCents).toBeLessThanOrEqual(account.limitCents);
    const statements = await db.selectFrom('companyStatements').selectAll().where('companyId', '=', companyId).execute();
    const statementIds = new Set(statements.map((row) => row.id));
    const charges = entries.filter((entry) => entry.kind === 'charge');
    for (const charge of charges) expect(statementIds.has(charge.statementId)).toBe(true);
    expect(new Set(charges.map((charge) => charge.orderNo)).size).toBe(charges.length);
    const paidOnAccount = await db
      .selectFrom('orders')
      .select('orderNo')
      .where('paymentMethod', '=', 'onAccount')
      .where('orderNo', 'in', [...run.orders, ''])
      .execute();
    expect(paidOnAccount.map((row) => row.orderNo).sort()).toEqual(charges.map((charge) => charge.orderNo).sort());
    for (const row of statements) {
      reached.add(row.status);
      const before = run.lastStates.get(row.id) ?? StatementStatus.open;
      if (before !== row.status) expect(allowedMoves.has(`${before}>${row.status}`)).toBe(true);
      run.lastStates.set(row.id, row.status);
      if (row.status !== 'open') {
        const lines = entries.filter((entry) => entry.statementId === row.id && entry.kind !== 'settlement');
        expect(row.totalCents).toBe(lines.reduce((total, entry) => total + (entry.kind === 'charge' ? entry.amountCents : -entry.amountCents), 0));
      }
    }
  }

  async function newRun(): Promise<Run> {
    const company = await creditCompany(t, { limitCents: 20_000, termsDays: 15, buyers: 2 });
    return { company, now: Date.now(), orders: [], refundSerial: 0, lastStates: new Map() };
  }

  it(
    'keeps the invariants over sequences of actions, one at a time',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), async (steps) => {
          const run = await newRun();
          for (const step of steps) {
            await perform(run, step);
            await check(run);
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
    },
    timeoutMs,
  );

  it(
    'keeps the invariants when actions run two at a time',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(action, action), { minLength: 3, maxLength: 10 }), async (pairs) => {
          const run = await newRun();
          for (const [first, second] of pairs) {
            // The clock moves the run's time: it goes alone, so the buyer's overdue check reads the same moment.
            if (first.kind === 'clock' || second.kind === 'clock') {
              await perform(run, first);
              await perform(run, second);
            } else {
              const hasSettle = first.kind === 'settle' || second.kind === 'settle';
              await Promise.all([perform(run, first, !hasSettle), perform(run, second, !hasSettle)]);
            }
            await check(run);
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
      expect([...reached].sort()).toEqual([...statementLifecycle.stateNames].sort());
    },
    timeoutMs,
  );
});
