import type { Kysely, Transaction } from 'kysely';
import { StatementStatus } from '../../../contract/company-credit.ts';
import { statementLifecycle, type StatementFacts } from '../../../contract/company-statement-lifecycle.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { formatCents } from '../../../contract/money.ts';
import { beijingMonthOf, dayMs, formatBeijingDate, nextBeijingMonth, startOfBeijingMonth } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { sendMessages } from '../message/message.service.ts';
import { companyCreditErrors, CreditEntryKind } from '../../../contract/company-credit.ts';
import {
  findCompanyName,
  findMemberIdsWithRoles,
  findStatement,
  findStatementsPastDue,
  findStatementsToClose,
  insertEntry,
  lockCreditAccount,
  moveStatement,
  moveUsedCredit,
  sumOfStatementLines,
} from './company-credit.repository.ts';
import type { StatementRow } from './company-credit.tables.ts';
import { periodLabelOf } from './company-credit-views.ts';

/**
 * The 对账单's moves (contract/company-statement-lifecycle.ts): the clock issues each company's month when it
 * ends and marks an unpaid one 逾期 past its due date; staff settle one when the company's transfer arrives.
 * Each move is a conditional update from the states the lifecycle claims, under the company's account lock.
 */

export function statementFactsOf(
  row: Pick<StatementRow, 'status' | 'period' | 'totalCents' | 'dueAt'>,
  now: number,
  totalCents = row.totalCents,
): StatementFacts {
  return {
    state: row.status,
    isPeriodOver: startOfBeijingMonth(nextBeijingMonth(row.period)) <= now,
    totalCents,
    isPastDue: row.dueAt !== null && row.dueAt <= now,
  };
}

/** A 企业账户 message to the company's 管理员 and 财务. */
async function tellFinance(trx: Transaction<Database>, companyId: number, text: string, now: number): Promise<void> {
  const userIds = await findMemberIdsWithRoles(trx, companyId, ['admin', 'finance']);
  await sendMessages(
    trx,
    userIds.map((userId) => ({ userId, messageType: MessageType.company, msgContent: text, sendDate: now })),
  );
}

/** Issues (or closes, with nothing to pay) one statement whose month has ended; false when another process did. */
async function closeStatement(db: Kysely<Database>, row: StatementRow, now: number): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await lockCreditAccount(trx, row.companyId);
    const totalCents = await sumOfStatementLines(trx, row.id);
    const facts = statementFactsOf(row, now, totalCents);
    const event = totalCents > 0 ? 'issue' : 'closeEmpty';
    assertAllowed(statementLifecycle, event, facts);
    if (event === 'closeEmpty') {
      return moveStatement(trx, row.id, claimFrom(statementLifecycle, event), { status: StatementStatus.settled, totalCents, settledAt: now });
    }
    const issuedAt = startOfBeijingMonth(nextBeijingMonth(row.period));
    const dueAt = issuedAt + row.termsDays * dayMs;
    const isMoved = await moveStatement(trx, row.id, claimFrom(statementLifecycle, event), { status: StatementStatus.issued, totalCents, issuedAt, dueAt });
    if (isMoved) {
      const name = (await findCompanyName(trx, row.companyId)) ?? '';
      const text = `${name}${periodLabelOf(row.period)}对账单已出账，应付${formatCents(totalCents)}，请于${formatBeijingDate(dueAt)}前结清。`;
      await tellFinance(trx, row.companyId, text, now);
    }
    return isMoved;
  });
}

async function markOverdue(db: Kysely<Database>, row: StatementRow, now: number): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    assertAllowed(statementLifecycle, 'becomeOverdue', statementFactsOf(row, now));
    const isMoved = await moveStatement(trx, row.id, claimFrom(statementLifecycle, 'becomeOverdue'), { status: StatementStatus.overdue, overdueAt: now });
    if (isMoved) {
      const text = `${periodLabelOf(row.period)}对账单应付${formatCents(row.totalCents)}已逾期，月结支付已暂停，请尽快结清。`;
      await tellFinance(trx, row.companyId, text, now);
    }
    return isMoved;
  });
}

/** The clock's pass: every month that has ended is issued, every issued statement past due becomes 逾期. */
export async function runStatementClock(db: Kysely<Database>, now: number): Promise<{ issued: number; overdue: number }> {
  let issued = 0;
  for (const row of await findStatementsToClose(db, beijingMonthOf(now))) if (await closeStatement(db, row, now)) issued += 1;
  let overdue = 0;
  for (const row of await findStatementsPastDue(db, now)) if (await markOverdue(db, row, now)) overdue += 1;
  return { issued, overdue };
}

/**
 * Staff recorded the company's transfer for a statement (登记结清): 已出账 or 逾期 → 已结清 once, its amount off the
 * used credit, a settlement entry, and the caller's audit in the same transaction.
 */
export async function settleStatement(
  db: Kysely<Database>,
  actor: Actor,
  request: { statementId: number; note: string; seen?: StatementStatus },
  now: number,
  alongside?: AlongsideChange<StatementRow>,
): Promise<StatementRow> {
  return withTransaction(db, async (trx) => {
    const row = await findStatement(trx, request.statementId);
    if (!row) throw new AppError(companyCreditErrors.statementMissing);
    assertAllowed(statementLifecycle, 'settle', statementFactsOf(row, now), actor);
    await lockCreditAccount(trx, row.companyId);
    const isMoved = await moveStatement(trx, row.id, claimFrom(statementLifecycle, 'settle', request.seen), {
      status: StatementStatus.settled,
      settledAt: now,
      settleNote: request.note,
    });
    if (!isMoved) {
      const current = (await findStatement(trx, row.id)) ?? row;
      throw refusalNow(statementLifecycle, 'settle', statementFactsOf(current, now), request.seen);
    }
    await insertEntry(trx, {
      companyId: row.companyId,
      statementId: row.id,
      kind: CreditEntryKind.settlement,
      orderNo: '',
      refNo: row.period,
      amountCents: row.totalCents,
      userId: null,
      createdAt: now,
    });
    await moveUsedCredit(trx, row.companyId, -row.totalCents, now);
    const settled = { ...row, status: StatementStatus.settled, settledAt: now, settleNote: request.note };
    await alongside?.(trx, settled);
    return settled;
  });
}
