import type { Kysely } from 'kysely';
import { contactMessageStatusLabels } from '../../../contract/contact.ts';
import { memberDeskErrors, supplierDocumentHref, type ContactDeskRow, type SupplierDeskDetail, type SupplierDeskRow } from '../../../contract/member-desk.ts';
import { supplierApplicationStatusLabels, SupplierDecision, type SupplierApplicationStatus } from '../../../contract/supplier.ts';
import type { GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { markContactMessageHandled } from '../contact/contact.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { findSupplierApplication, reviewSupplierApplication } from '../supplier/supplier.service.ts';
import { openLocalUpload, uploadUrl } from '../upload/upload.service.ts';
import type { StaffActor } from './member-desk.service.ts';
import {
  findContactMessageRow,
  findContactMessagesPage,
  findSupplierApplicationsForExport,
  findSupplierApplicationsPage,
  findSupplierDocument,
  type ContactFilters,
  type SupplierFilters,
} from './service-desk.repository.ts';

type ContactRow = NonNullable<Awaited<ReturnType<typeof findContactMessageRow>>>;

function contactRowOf(row: ContactRow): ContactDeskRow {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    message: row.message,
    status: row.status,
    statusLabel: contactMessageStatusLabels[row.status],
    createdAt: row.createdAt,
    handledAt: row.handledAt,
    handledBy: row.handledBy,
    handledNote: row.handledNote,
    createdAtStr: formatBeijingTime(row.createdAt),
    handledAtStr: row.handledAt === null ? '' : formatBeijingTime(row.handledAt),
  };
}

export async function listContactDesk(db: Kysely<Database>, grid: GridQuery<'created', ContactFilters>): Promise<GridPage<ContactDeskRow>> {
  const page = await findContactMessagesPage(db, grid);
  return { ...page, rows: page.rows.map(contactRowOf) };
}

/** 标记已处理 with a note, through the contact feature's once-only mark, audited in the same transaction. */
export async function markContactHandled(db: Kysely<Database>, actor: StaffActor, id: number, note: string, now = Date.now()): Promise<ContactDeskRow> {
  return withTransaction(db, async (trx) => {
    await markContactMessageHandled(trx, { id, handledBy: actor.staff.displayName, note, now });
    const row = await findContactMessageRow(trx, id);
    if (!row) throw new AppError(memberDeskErrors.memberMissing);
    await recordStaffChange(trx, {
      ...actor,
      action: 'markHandled',
      subject: 'ContactMessage',
      subjectId: id,
      before: { status: 'new' },
      after: { status: 'handled', note: row.handledNote },
    });
    return contactRowOf(row);
  });
}

function supplierRowOf(row: {
  id: number;
  applicationNo: string;
  companyName: string;
  contactName: string;
  phone: string;
  status: string;
  createdAt: number;
  reviewer: string;
}): SupplierDeskRow {
  return {
    id: row.id,
    applicationNo: row.applicationNo,
    companyName: row.companyName,
    contactName: row.contactName,
    phone: row.phone,
    status: row.status,
    statusLabel: supplierApplicationStatusLabels[row.status as SupplierApplicationStatus],
    createdAtStr: formatBeijingTime(row.createdAt),
    reviewer: row.reviewer,
  };
}

export async function listSupplierDesk(db: Kysely<Database>, grid: GridQuery<'created', SupplierFilters>): Promise<GridPage<SupplierDeskRow>> {
  const page = await findSupplierApplicationsPage(db, grid);
  return { ...page, rows: page.rows.map(supplierRowOf) };
}

/** The supplier applications grid's rows for its Excel export. */
export async function exportSupplierDesk(
  db: Kysely<Database>,
  grid: Pick<GridQuery<'created', SupplierFilters>, 'sort' | 'filters'>,
): Promise<SupplierDeskRow[]> {
  return (await findSupplierApplicationsForExport(db, grid)).map(supplierRowOf);
}

/** An application with its documents at the console's own address (staff only), never the upload's public one. */
export async function loadSupplierDesk(deps: Pick<ServiceDeps, 'db' | 'config'>, id: number): Promise<SupplierDeskDetail> {
  const application = await findSupplierApplication(deps, id);
  return { ...application, documents: application.documents.map((document, position) => ({ ...document, url: supplierDocumentHref(id, position) })) };
}

/** 通过/驳回 through the supplier feature's once-only review (the applicant reads the result by 查询进度), audited with it. */
export async function reviewSupplierDesk(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  actor: StaffActor,
  review: { id: number; decision: SupplierDecision; reason: string },
  now = Date.now(),
): Promise<SupplierDeskRow> {
  return withTransaction(deps.db, async (trx) => {
    const summary = await reviewSupplierApplication(trx, {
      applicationId: review.id,
      decision: review.decision,
      reason: review.reason,
      reviewer: actor.staff.displayName,
      now,
    });
    const after = await findSupplierApplication({ db: trx, config: deps.config }, review.id);
    await recordStaffChange(trx, {
      ...actor,
      action: review.decision === SupplierDecision.approve ? 'approve' : 'reject',
      subject: 'SupplierApplication',
      subjectId: review.id,
      before: { status: 'pending' },
      after: { status: summary.status, reason: summary.reason },
    });
    return supplierRowOf({ ...after, reviewer: after.reviewer });
  });
}

/** A document of an application for staff: a local file to stream, or the object store's address; null when there is none. */
export async function openSupplierDocument(deps: Pick<ServiceDeps, 'db' | 'config'>, applicationId: number, position: number) {
  const document = await findSupplierDocument(deps.db, applicationId, position);
  if (!document) return null;
  if (document.provider === 'qiniu') return { kind: 'redirect' as const, url: uploadUrl(deps.config, { key: document.uploadKey, provider: 'qiniu' }) };
  const file = await openLocalUpload(deps.config, document.uploadKey);
  if (!file) return null;
  return { kind: 'file' as const, file };
}
