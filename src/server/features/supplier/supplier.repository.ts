import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SupplierApplicationRow, SupplierApplicationsTable, SupplierDocumentRow, SupplierDocumentsTable } from './supplier.tables.ts';

/** Supplier applications and their documents: the only SQL of the supplier feature. */

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
function isUniqueViolation(error: unknown): error is { code: string; message: string } {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/** The phone already has a pending application (supplier_applications_pending_phone), as either engine words it. */
export function isPendingPhoneConflict(error: unknown): boolean {
  return isUniqueViolation(error) && /supplier_applications_pending_phone|supplier_applications\.phone/.test(error.message);
}

/** The application number was drawn before: draw another. */
export function isApplicationNoConflict(error: unknown): boolean {
  return isUniqueViolation(error) && error.message.includes('application_no');
}

export async function insertApplication(db: Kysely<Database>, row: Omit<Insertable<SupplierApplicationsTable>, 'id'>): Promise<number> {
  const inserted = await db.insertInto('supplierApplications').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertDocuments(db: Kysely<Database>, rows: Omit<Insertable<SupplierDocumentsTable>, 'id'>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('supplierDocuments').values(rows).execute();
}

export async function findApplication(db: Kysely<Database>, id: number): Promise<SupplierApplicationRow | undefined> {
  return db.selectFrom('supplierApplications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasPendingApplication(db: Kysely<Database>, phone: string): Promise<boolean> {
  const row = await db.selectFrom('supplierApplications').select('id').where('phone', '=', phone).where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}

export async function findApplicationsOfPhone(db: Kysely<Database>, phone: string, limit: number): Promise<SupplierApplicationRow[]> {
  return db.selectFrom('supplierApplications').selectAll().where('phone', '=', phone).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findDocuments(db: Kysely<Database>, applicationId: number): Promise<SupplierDocumentRow[]> {
  return db.selectFrom('supplierDocuments').selectAll().where('applicationId', '=', applicationId).orderBy('position').execute();
}

/** Decides a pending application in one conditional update: of concurrent reviews exactly one changes the row. */
export async function claimReview(
  db: Kysely<Database>,
  review: { id: number; status: 'approved' | 'rejected'; reason: string; reviewer: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('supplierApplications')
    .set({ status: review.status, reason: review.reason, reviewer: review.reviewer, reviewedAt: review.now })
    .where('id', '=', review.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
