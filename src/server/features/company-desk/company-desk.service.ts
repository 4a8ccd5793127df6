import type { Kysely } from 'kysely';
import { companyCreditErrors } from '../../../contract/company-credit.ts';
import { statementLifecycle } from '../../../contract/company-statement-lifecycle.ts';
import type { CompanyDeskDetail, CompanyDeskList, CompanyDeskRow } from '../../../contract/console/company-desk.ts';
import { allowedEvents } from '../../../contract/lifecycle.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  creditOfCompany,
  grantCredit,
  loadStatementForStaff,
  settleStatement,
  statementsOfCompany,
  withdrawCredit,
} from '../company-credit/company-credit.service.ts';
import { loadCompanyRoster } from '../company-account/company-roster.service.ts';
import { statementFactsOf } from '../company-credit/company-statement.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { staffActorOf, type StaffActor } from '../staff/staff-actor.ts';
import { findCompanyForDesk, searchCompanies, type CompanyDeskRowData } from './company-desk.repository.ts';

/** 企业月结 (console): companies found by name or code, their 月结 granted, changed or withdrawn and statements settled; each change audited. */

function creditLabelOf(row: CompanyDeskRowData): string {
  if (row.isActive === null) return '未开通';
  return row.isActive === 1 ? '已开通' : '已停用';
}

function rowOf(row: CompanyDeskRowData): CompanyDeskRow {
  return {
    companyId: row.companyId,
    name: row.name,
    creditCode: row.creditCode,
    memberCount: row.memberCount,
    onAccountOrderCount: row.onAccountOrderCount,
    creditLabel: creditLabelOf(row),
    limitCents: row.limitCents,
    usedCents: row.usedCents,
  };
}

export async function listCompanyDesk(db: Kysely<Database>, request: { keyword: string; page: number }): Promise<CompanyDeskList> {
  const found = await searchCompanies(db, request.keyword, request.page);
  return { rows: found.rows.map(rowOf), total: found.total, page: request.page, keyword: request.keyword };
}

export async function loadCompanyDesk(db: Kysely<Database>, companyId: number, staff: StaffIdentity, now = Date.now()): Promise<CompanyDeskDetail> {
  const row = await findCompanyForDesk(db, companyId);
  if (!row) throw new AppError(companyCreditErrors.companyMissing);
  const actor = staffActorOf(staff);
  const statements = await Promise.all(
    (await statementsOfCompany(db, companyId)).map(async (statement) => ({
      ...statement,
      lines: (await loadStatementForStaff(db, statement.statementId)).lines,
      actions: allowedEvents(statementLifecycle, statementFactsOf({ ...statement, status: statement.status, dueAt: statement.dueAt }, now), actor),
    })),
  );
  return {
    companyId,
    name: row.name,
    creditCode: row.creditCode,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    memberCount: row.memberCount,
    createdAtStr: formatBeijingTime(row.createdAt),
    credit: await creditOfCompany(db, companyId, now),
    statements,
    roster: await loadCompanyRoster(db, companyId, now),
    canChange: abilityFor(staff.role).can('update', 'CompanyCredit'),
  };
}

const auditedTerms = (row: { isActive: number; limitCents: number; termsDays: number; usedCents: number } | null) =>
  row && { isActive: row.isActive === 1, limitCents: row.limitCents, termsDays: row.termsDays, usedCents: row.usedCents };

export async function grantCompanyCredit(
  db: Kysely<Database>,
  actor: StaffActor,
  request: { companyId: number; limitYuan: number; termsDays: number },
  now = Date.now(),
): Promise<CompanyDeskDetail> {
  await grantCredit(db, { companyId: request.companyId, limitCents: request.limitYuan, termsDays: request.termsDays }, now, async (trx, change) => {
    await recordStaffChange(trx, {
      ...actor,
      action: change.before === null ? 'grantCredit' : 'changeCredit',
      subject: 'CompanyCredit',
      subjectId: request.companyId,
      before: auditedTerms(change.before),
      after: auditedTerms(change.after),
      at: now,
    });
  });
  return loadCompanyDesk(db, request.companyId, actor.staff, now);
}

export async function withdrawCompanyCredit(db: Kysely<Database>, actor: StaffActor, companyId: number, now = Date.now()): Promise<CompanyDeskDetail> {
  await withdrawCredit(db, companyId, now, async (trx, change) => {
    await recordStaffChange(trx, {
      ...actor,
      action: 'withdrawCredit',
      subject: 'CompanyCredit',
      subjectId: companyId,
      before: auditedTerms(change.before),
      after: auditedTerms(change.after),
      at: now,
    });
  });
  return loadCompanyDesk(db, companyId, actor.staff, now);
}

export async function settleCompanyStatement(
  db: Kysely<Database>,
  actor: StaffActor,
  request: { statementId: number; note: string; seen?: 'issued' | 'overdue' | undefined },
  now = Date.now(),
): Promise<CompanyDeskDetail> {
  const settled = await settleStatement(
    db,
    staffActorOf(actor.staff),
    { statementId: request.statementId, note: request.note, ...(request.seen ? { seen: request.seen } : {}) },
    now,
    async (trx, statement) => {
      await recordStaffChange(trx, {
        ...actor,
        action: 'settleStatement',
        subject: 'CompanyCredit',
        subjectId: statement.companyId,
        before: { statementId: statement.id, period: statement.period, status: request.seen ?? null, totalCents: statement.totalCents },
        after: { statementId: statement.id, status: statement.status, note: request.note },
        at: now,
      });
    },
  );
  return loadCompanyDesk(db, settled.companyId, actor.staff, now);
}
