import type { Kysely, Transaction } from 'kysely';
import { companyCreditErrors, CreditEntryKind, type OnAccountOffer } from '../../../contract/company-credit.ts';
import { companyAbilityFor } from '../../../contract/company-account-permissions.ts';
import { beijingMonthOf, nextBeijingMonth } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { membershipOf } from '../company-account/company-account.service.ts';
import {
  findChargeOfOrder,
  findCreditAccount,
  findStatementOfPeriod,
  hasStatementPastDue,
  insertEntry,
  insertOpenStatement,
  lockCreditAccount,
  moveUsedCredit,
  takeCredit,
} from './company-credit.repository.ts';
import type { StatementRow } from './company-credit.tables.ts';
import { StatementStatus } from '../../../contract/company-credit.ts';

/**
 * Paying on account (月结支付) and refunds credited back: what the payment feature asks of 月结. A charge is
 * checked and taken in one transaction under the account's lock, and used credit moves only by a conditional
 * update within the limit (decision 0007), so two buyers charging the last credit at once leave one refused.
 */

export interface OnAccountCharge {
  userId: number;
  orderNo: string;
  amountCents: number;
  now: number;
}

/**
 * The open statement of the month now, made if need be. A month the clock has just closed (this charge waited on
 * the account's lock behind the close) gives its lines to the next month's statement.
 */
async function openStatementFor(trx: Transaction<Database>, companyId: number, termsDays: number, now: number): Promise<StatementRow> {
  let period = beijingMonthOf(now);
  for (;;) {
    await insertOpenStatement(trx, { companyId, period, termsDays }, now);
    const statement = await findStatementOfPeriod(trx, companyId, period);
    if (statement?.status === StatementStatus.open) return statement;
    period = nextBeijingMonth(period);
  }
}

/** The company of a member whose role may pay on account; refused in Chinese otherwise. */
async function chargingCompanyOf(db: Transaction<Database>, userId: number): Promise<number> {
  const membership = await membershipOf(db, userId);
  if (membership === null) throw new AppError(companyCreditErrors.notGranted);
  if (!companyAbilityFor(membership.role).can('create', 'CompanyCredit')) throw new AppError(companyCreditErrors.roleMayNotCharge);
  return membership.companyId;
}

/**
 * Charges an order to the member's company, in the caller's transaction (the payment's: the order is paid and
 * charged together or not at all): refused (notGranted, overdue, overLimit, roleMayNotCharge), which rolls the
 * caller back, or the charge line on this month's statement and the credit used. An order already charged answers
 * alreadyCharged.
 */
export async function chargeOnAccount(trx: Transaction<Database>, charge: OnAccountCharge): Promise<'charged' | 'alreadyCharged'> {
  const companyId = await chargingCompanyOf(trx, charge.userId);
  const account = await lockCreditAccount(trx, companyId);
  if (account?.isActive !== 1) throw new AppError(companyCreditErrors.notGranted);
  if (await findChargeOfOrder(trx, charge.orderNo)) return 'alreadyCharged';
  if (await hasStatementPastDue(trx, companyId, charge.now)) throw new AppError(companyCreditErrors.overdue);
  if (!(await takeCredit(trx, companyId, charge.amountCents, charge.now))) throw new AppError(companyCreditErrors.overLimit);
  const statement = await openStatementFor(trx, companyId, account.termsDays, charge.now);
  await insertEntry(trx, {
    companyId,
    statementId: statement.id,
    kind: CreditEntryKind.charge,
    orderNo: charge.orderNo,
    refNo: '',
    amountCents: charge.amountCents,
    userId: charge.userId,
    createdAt: charge.now,
  });
  return 'charged';
}

/**
 * A refund of an order paid on account succeeded (called in the refund's own transaction): the amount goes back
 * to the company's credit and is a negative line of this month's statement. Orders not charged on account: nothing.
 */
export async function creditRefundOnAccount(
  trx: Transaction<Database>,
  refund: { orderNo: string; refundNo: string; amountCents: number },
  now: number,
): Promise<void> {
  const charge = await findChargeOfOrder(trx, refund.orderNo);
  if (!charge) return;
  const account = await lockCreditAccount(trx, charge.companyId);
  const statement = await openStatementFor(trx, charge.companyId, account?.termsDays ?? 30, now);
  await insertEntry(trx, {
    companyId: charge.companyId,
    statementId: statement.id,
    kind: CreditEntryKind.refund,
    orderNo: refund.orderNo,
    refNo: refund.refundNo,
    amountCents: refund.amountCents,
    userId: null,
    createdAt: now,
  });
  await moveUsedCredit(trx, charge.companyId, -refund.amountCents, now);
}

/** 月结支付 at the cashier: shown to a member of a company with 月结 whose role may use it, with why it cannot pay this order now. */
export async function onAccountOfferFor(db: Kysely<Database>, userId: number, amountCents: number, now: number): Promise<OnAccountOffer | null> {
  const membership = await membershipOf(db, userId);
  if (membership === null || !companyAbilityFor(membership.role).can('create', 'CompanyCredit')) return null;
  const account = await findCreditAccount(db, membership.companyId);
  if (account?.isActive !== 1) return null;
  if (await hasStatementPastDue(db, membership.companyId, now)) return { availableCents: 0, refusal: companyCreditErrors.overdue.msg };
  const availableCents = Math.max(0, account.limitCents - account.usedCents);
  return { availableCents, refusal: amountCents > availableCents ? companyCreditErrors.overLimit.msg : null };
}
