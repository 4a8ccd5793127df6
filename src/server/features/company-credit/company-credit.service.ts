import type { Kysely } from 'kysely';
import { companyAbilityFor } from '../../../contract/company-account-permissions.ts';
import {
  companyCreditErrors,
  type CompanyCreditView,
  type CompanyStatementsPageData,
  type StatementLineView,
  type StatementView,
} from '../../../contract/company-credit.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { membershipOf } from '../company-account/company-account.service.ts';
import {
  findCompanyName,
  findCreditAccount,
  findEntriesOfStatement,
  findStatement,
  findStatementsOfCompany,
  hasStatementPastDue,
  insertCreditAccount,
  lockCreditAccount,
  setCreditActive,
  updateCreditTerms,
} from './company-credit.repository.ts';
import type { CreditAccountRow } from './company-credit.tables.ts';
import { creditViewOf, statementLinesOf, statementViewOf } from './company-credit-views.ts';

export { chargeOnAccount, creditRefundOnAccount, onAccountOfferFor } from './company-credit-charge.service.ts';
export { runStatementClock, settleStatement } from './company-statement.service.ts';

/** A company's 月结 now; null when never granted. */
export async function creditOfCompany(db: Kysely<Database>, companyId: number, now: number): Promise<CompanyCreditView | null> {
  const account = await findCreditAccount(db, companyId);
  return account ? creditViewOf(account, await hasStatementPastDue(db, companyId, now)) : null;
}

export async function statementsOfCompany(db: Kysely<Database>, companyId: number): Promise<StatementView[]> {
  return (await findStatementsOfCompany(db, companyId)).map((row) => statementViewOf(row, row.lineCount));
}

export interface CreditTerms {
  companyId: number;
  limitCents: number;
  termsDays: number;
}

/**
 * Staff grant 月结 or change its terms (额度, 账期): a new limit below what is used now is refused. Answers the
 * account before and after, in the transaction where the caller records its audit.
 */
export async function grantCredit(
  db: Kysely<Database>,
  terms: CreditTerms,
  now: number,
  alongside?: AlongsideChange<{ before: CreditAccountRow | null; after: CreditAccountRow }>,
): Promise<CreditAccountRow> {
  return withTransaction(db, async (trx) => {
    if ((await findCompanyName(trx, terms.companyId)) === undefined) throw new AppError(companyCreditErrors.companyMissing);
    const before = (await lockCreditAccount(trx, terms.companyId)) ?? null;
    if (before === null) await insertCreditAccount(trx, terms, now);
    else if (!(await updateCreditTerms(trx, terms.companyId, { limitCents: terms.limitCents, termsDays: terms.termsDays, isActive: 1 }, now))) {
      throw new AppError(companyCreditErrors.limitBelowUsed);
    }
    const after = await findCreditAccount(trx, terms.companyId);
    if (!after) throw new AppError(companyCreditErrors.companyMissing);
    await alongside?.(trx, { before, after });
    return after;
  });
}

/** Staff withdraw 月结: no new charges; statements, refunds credited back and settlements go on as before. */
export async function withdrawCredit(
  db: Kysely<Database>,
  companyId: number,
  now: number,
  alongside?: AlongsideChange<{ before: CreditAccountRow | null; after: CreditAccountRow }>,
): Promise<CreditAccountRow> {
  return withTransaction(db, async (trx) => {
    const before = await lockCreditAccount(trx, companyId);
    if (!before) throw new AppError(companyCreditErrors.notGranted);
    await setCreditActive(trx, companyId, false, now);
    const after = { ...before, isActive: 0, updatedAt: now };
    await alongside?.(trx, { before, after });
    return after;
  });
}

/** /user/company/statements: the company's 月结 and statements, for the roles that read them (管理员, 财务). */
export async function loadStatementsPage(db: Kysely<Database>, userId: number, now: number): Promise<CompanyStatementsPageData> {
  const membership = await membershipOf(db, userId);
  if (membership === null) return { companyName: null, maySee: false, credit: null, statements: [] };
  const companyName = (await findCompanyName(db, membership.companyId)) ?? null;
  if (!companyAbilityFor(membership.role).can('read', 'CompanyStatement')) return { companyName, maySee: false, credit: null, statements: [] };
  const [credit, statements] = await Promise.all([creditOfCompany(db, membership.companyId, now), statementsOfCompany(db, membership.companyId)]);
  return { companyName, maySee: true, credit, statements };
}

/** The company page's 月结 box (管理员, 财务): null for other roles and companies without 月结. */
export async function creditOfMember(db: Kysely<Database>, userId: number, now: number): Promise<CompanyCreditView | null> {
  const membership = await membershipOf(db, userId);
  if (membership === null || !companyAbilityFor(membership.role).can('read', 'CompanyStatement')) return null;
  return creditOfCompany(db, membership.companyId, now);
}

export interface StatementDocument {
  companyName: string;
  statement: StatementView;
  lines: StatementLineView[];
  termsDays: number;
}

/** One statement with its lines for its company's 管理员 or 财务 (another company's is not found, as if absent). */
export async function loadStatementDocument(db: Kysely<Database>, userId: number, statementId: number): Promise<StatementDocument> {
  const membership = await membershipOf(db, userId);
  const row = await findStatement(db, statementId);
  if (membership === null || row?.companyId !== membership.companyId) throw new AppError(companyCreditErrors.statementMissing);
  if (!companyAbilityFor(membership.role).can('read', 'CompanyStatement')) throw new AppError(companyCreditErrors.statementMissing);
  const lines = statementLinesOf(await findEntriesOfStatement(db, statementId));
  return { companyName: (await findCompanyName(db, row.companyId)) ?? '', statement: statementViewOf(row, lines.length), lines, termsDays: row.termsDays };
}

/** One statement with its lines for staff. */
export async function loadStatementForStaff(db: Kysely<Database>, statementId: number): Promise<StatementDocument> {
  const row = await findStatement(db, statementId);
  if (!row) throw new AppError(companyCreditErrors.statementMissing);
  const lines = statementLinesOf(await findEntriesOfStatement(db, statementId));
  return { companyName: (await findCompanyName(db, row.companyId)) ?? '', statement: statementViewOf(row, lines.length), lines, termsDays: row.termsDays };
}
