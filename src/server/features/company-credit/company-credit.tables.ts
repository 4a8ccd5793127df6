import type { Generated, Selectable } from 'kysely';
import type { CreditEntryKind, StatementStatus } from '../../../contract/company-credit.ts';

/** A company's 月结 (migration 0064, decision 0030): written only by company-credit.repository.ts. */
export interface CompanyCreditAccountsTable {
  companyId: number;
  /** 1 while granted; 0 once withdrawn (its statements stay, new charges are refused). */
  isActive: number;
  limitCents: number;
  termsDays: number;
  /** Charges − refunds credited back − settlements: moved only by conditional updates. */
  usedCents: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

/** One company's 对账单 of one Beijing month (its states: contract/company-statement-lifecycle.ts). */
export interface CompanyStatementsTable {
  id: Generated<number>;
  companyId: number;
  /** yyyy-MM */
  period: string;
  status: StatementStatus;
  /** The lines' sum, fixed when issued. */
  totalCents: Generated<number>;
  /** The company's terms when the statement began (due = issue + terms). */
  termsDays: number;
  issuedAt: number | null;
  dueAt: number | null;
  overdueAt: number | null;
  settledAt: number | null;
  settleNote: Generated<string>;
  createdAt: number;
}

/** A line of a statement: a charge (an order paid on account), a refund credited back, or the settlement. */
export interface CompanyCreditEntriesTable {
  id: Generated<number>;
  companyId: number;
  statementId: number;
  kind: CreditEntryKind;
  orderNo: string;
  /** The refund's number for refunds; the statement's period for a settlement; '' for charges. */
  refNo: string;
  /** Always positive; the kind says which way it moves the balance. */
  amountCents: number;
  /** Who paid on account (charges); null otherwise. */
  userId: number | null;
  createdAt: number;
}

export type CreditAccountRow = Selectable<CompanyCreditAccountsTable>;
export type StatementRow = Selectable<CompanyStatementsTable>;
export type CreditEntryRow = Selectable<CompanyCreditEntriesTable>;

export interface CompanyCreditTables {
  companyCreditAccounts: CompanyCreditAccountsTable;
  companyStatements: CompanyStatementsTable;
  companyCreditEntries: CompanyCreditEntriesTable;
}
