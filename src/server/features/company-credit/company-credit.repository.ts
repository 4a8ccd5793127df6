import type { Kysely, Transaction } from 'kysely';
import { CreditEntryKind, StatementStatus } from '../../../contract/company-credit.ts';
import type { CompanyRole } from '../../../contract/company-account.ts';
import type { Database } from '../../db/database.ts';
import type { CompanyCreditEntriesTable, CreditAccountRow, CreditEntryRow, StatementRow } from './company-credit.tables.ts';

/** The SQL of 月结 and 对账单: the credit account, the statements and their lines (company-credit.tables.ts). */

export function findCreditAccount(db: Kysely<Database>, companyId: number): Promise<CreditAccountRow | undefined> {
  return db.selectFrom('companyCreditAccounts').selectAll().where('companyId', '=', companyId).executeTakeFirst();
}

/** Takes the account's row lock (PostgreSQL; SQLite runs one transaction at a time): a charge, a settlement and a month's close of one company run one after another. */
export async function lockCreditAccount(trx: Transaction<Database>, companyId: number): Promise<CreditAccountRow | undefined> {
  await trx
    .updateTable('companyCreditAccounts')
    .set((eb) => ({ companyId: eb.ref('companyId') }))
    .where('companyId', '=', companyId)
    .execute();
  return findCreditAccount(trx, companyId);
}

export async function insertCreditAccount(
  db: Kysely<Database>,
  account: { companyId: number; limitCents: number; termsDays: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('companyCreditAccounts')
    .values({ ...account, isActive: 1, createdAt: now, updatedAt: now })
    .execute();
}

/** The new terms, unless the limit would fall below what is used now (false then). */
export async function updateCreditTerms(
  db: Kysely<Database>,
  companyId: number,
  terms: { limitCents: number; termsDays: number; isActive: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('companyCreditAccounts')
    .set({ ...terms, updatedAt: now })
    .where('companyId', '=', companyId)
    .where('usedCents', '<=', terms.limitCents)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setCreditActive(db: Kysely<Database>, companyId: number, isActive: boolean, now: number): Promise<void> {
  await db
    .updateTable('companyCreditAccounts')
    .set({ isActive: isActive ? 1 : 0, updatedAt: now })
    .where('companyId', '=', companyId)
    .execute();
}

/** One conditional update: used + amount within the limit, on an active account (false: refused, nothing changed). */
export async function takeCredit(db: Kysely<Database>, companyId: number, amountCents: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('companyCreditAccounts')
    .set((eb) => ({ usedCents: eb('usedCents', '+', amountCents), updatedAt: now }))
    .where('companyId', '=', companyId)
    .where('isActive', '=', 1)
    .where((eb) => eb(eb('usedCents', '+', amountCents), '<=', eb.ref('limitCents')))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves used by `deltaCents` (a refund credited back or a settlement: negative). */
export async function moveUsedCredit(db: Kysely<Database>, companyId: number, deltaCents: number, now: number): Promise<void> {
  await db
    .updateTable('companyCreditAccounts')
    .set((eb) => ({ usedCents: eb('usedCents', '+', deltaCents), updatedAt: now }))
    .where('companyId', '=', companyId)
    .execute();
}

export function findStatementOfPeriod(db: Kysely<Database>, companyId: number, period: string): Promise<StatementRow | undefined> {
  return db.selectFrom('companyStatements').selectAll().where('companyId', '=', companyId).where('period', '=', period).executeTakeFirst();
}

export async function insertOpenStatement(
  db: Kysely<Database>,
  statement: { companyId: number; period: string; termsDays: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('companyStatements')
    .values({ ...statement, status: StatementStatus.open, createdAt: now })
    .onConflict((conflict) => conflict.columns(['companyId', 'period']).doNothing())
    .execute();
}

export function findStatement(db: Kysely<Database>, statementId: number): Promise<StatementRow | undefined> {
  return db.selectFrom('companyStatements').selectAll().where('id', '=', statementId).executeTakeFirst();
}

export function findStatementsOfCompany(db: Kysely<Database>, companyId: number): Promise<(StatementRow & { lineCount: number })[]> {
  return db
    .selectFrom('companyStatements as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('companyCreditEntries as e')
        .whereRef('e.statementId', '=', 's.id')
        .where('e.kind', '!=', CreditEntryKind.settlement)
        .select((count) => count.fn.countAll<number>().as('n'))
        .as('lineCount'),
    )
    .where('s.companyId', '=', companyId)
    .orderBy('s.period', 'desc')
    .execute() as Promise<(StatementRow & { lineCount: number })[]>;
}

/** Moves a statement from one of `from` (the lifecycle's claim) with its changes; false when another got there first. */
export async function moveStatement(
  db: Kysely<Database>,
  statementId: number,
  from: readonly StatementStatus[],
  changes: Partial<Pick<StatementRow, 'status' | 'totalCents' | 'issuedAt' | 'dueAt' | 'overdueAt' | 'settledAt' | 'settleNote'>>,
): Promise<boolean> {
  const result = await db.updateTable('companyStatements').set(changes).where('id', '=', statementId).where('status', 'in', from).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Open statements of months before `period` (the month now): those the clock issues. */
export function findStatementsToClose(db: Kysely<Database>, period: string): Promise<StatementRow[]> {
  return db
    .selectFrom('companyStatements')
    .selectAll()
    .where('status', '=', StatementStatus.open)
    .where('period', '<', period)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Issued statements with something to pay whose due date has passed. */
export function findStatementsPastDue(db: Kysely<Database>, now: number): Promise<StatementRow[]> {
  return db
    .selectFrom('companyStatements')
    .selectAll()
    .where('status', '=', StatementStatus.issued)
    .where('dueAt', '<=', now)
    .where('totalCents', '>', 0)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Whether the company has a statement 逾期, or issued and past its due date before the clock has marked it. */
export async function hasStatementPastDue(db: Kysely<Database>, companyId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('companyStatements')
    .select('id')
    .where('companyId', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('status', '=', StatementStatus.overdue),
        eb.and([eb('status', '=', StatementStatus.issued), eb('dueAt', '<=', now), eb('totalCents', '>', 0)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEntry(db: Kysely<Database>, entry: Omit<CompanyCreditEntriesTable, 'id'>): Promise<void> {
  await db.insertInto('companyCreditEntries').values(entry).execute();
}

export function findChargeOfOrder(db: Kysely<Database>, orderNo: string): Promise<CreditEntryRow | undefined> {
  return db.selectFrom('companyCreditEntries').selectAll().where('kind', '=', CreditEntryKind.charge).where('orderNo', '=', orderNo).executeTakeFirst();
}

export function findEntriesOfStatement(db: Kysely<Database>, statementId: number): Promise<CreditEntryRow[]> {
  return db.selectFrom('companyCreditEntries').selectAll().where('statementId', '=', statementId).orderBy('createdAt').orderBy('id').execute();
}

/** Charges minus refunds of a statement's lines: what the company owes on it. */
export async function sumOfStatementLines(db: Kysely<Database>, statementId: number): Promise<number> {
  const rows = await db
    .selectFrom('companyCreditEntries')
    .select(['kind', (eb) => eb.fn.sum<number>('amountCents').as('total')])
    .where('statementId', '=', statementId)
    .where('kind', '!=', CreditEntryKind.settlement)
    .groupBy('kind')
    .execute();
  return rows.reduce((sum, row) => sum + (row.kind === CreditEntryKind.charge ? 1 : -1) * row.total, 0);
}

/** The company's members of these roles now (who are told of statements). */
export async function findMemberIdsWithRoles(db: Kysely<Database>, companyId: number, roles: readonly CompanyRole[]): Promise<number[]> {
  const rows = await db
    .selectFrom('companyAccountMembers')
    .select('userId')
    .where('companyId', '=', companyId)
    .where('leftAt', 'is', null)
    .where('role', 'in', roles)
    .execute();
  return rows.map((row) => row.userId);
}

export async function findCompanyName(db: Kysely<Database>, companyId: number): Promise<string | undefined> {
  return (await db.selectFrom('companyAccounts').select('name').where('id', '=', companyId).executeTakeFirst())?.name;
}
