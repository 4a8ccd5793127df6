import {
  creditEntryKindLabels,
  CreditEntryKind,
  type CompanyCreditView,
  type StatementLineView,
  type StatementView,
} from '../../../contract/company-credit.ts';
import { statementStatusLabels } from '../../../contract/company-statement-lifecycle.ts';
import { formatBeijingDate, formatBeijingTime } from '../../../contract/time.ts';
import type { CreditAccountRow, CreditEntryRow, StatementRow } from './company-credit.tables.ts';

/** Rows as the pages, the desk and the documents show them. */

export function creditViewOf(account: CreditAccountRow, hasOverdue: boolean): CompanyCreditView {
  const isActive = account.isActive === 1;
  return {
    isActive,
    limitCents: account.limitCents,
    usedCents: account.usedCents,
    availableCents: isActive && !hasOverdue ? Math.max(0, account.limitCents - account.usedCents) : 0,
    termsDays: account.termsDays,
    hasOverdue,
  };
}

export function periodLabelOf(period: string): string {
  const [year = '', month = ''] = period.split('-');
  return `${year}年${String(Number(month))}月`;
}

export function statementViewOf(row: StatementRow, lineCount: number): StatementView {
  return {
    statementId: row.id,
    period: row.period,
    periodLabel: periodLabelOf(row.period),
    status: row.status,
    statusLabel: statementStatusLabels[row.status],
    totalCents: row.totalCents,
    lineCount,
    issuedAtStr: row.issuedAt === null ? '' : formatBeijingTime(row.issuedAt),
    dueAt: row.dueAt,
    dueAtStr: row.dueAt === null ? '' : formatBeijingDate(row.dueAt),
    settledAtStr: row.settledAt === null ? '' : formatBeijingTime(row.settledAt),
  };
}

/** A statement's lines (settlements are the statement's state, not a line); refunds negative. */
export function statementLinesOf(entries: readonly CreditEntryRow[]): StatementLineView[] {
  return entries
    .filter((entry) => entry.kind !== CreditEntryKind.settlement)
    .map((entry) => ({
      kind: entry.kind,
      kindLabel: creditEntryKindLabels[entry.kind],
      orderNo: entry.orderNo,
      amountCents: entry.kind === CreditEntryKind.refund ? -entry.amountCents : entry.amountCents,
      atStr: formatBeijingTime(entry.createdAt),
    }));
}
