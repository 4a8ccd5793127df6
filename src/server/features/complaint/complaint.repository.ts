import type { Insertable, Kysely } from 'kysely';
import { complaintStatuses, openComplaintStatuses, type ComplaintStatus } from '../../../contract/complaint.ts';
import type { Database } from '../../db/database.ts';
import type { ComplaintChanges, ComplaintPhotosTable, ComplaintRepliesTable, ComplaintReplyRow, ComplaintRow, ComplaintsTable } from './complaint.tables.ts';

/** Complaints, their photos and replies: the only SQL of the complaint feature. */

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
function isUniqueViolation(error: unknown): error is { code: string; message: string } {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/** The line already has an open complaint (complaints_open_line), as either engine words it. */
export function isOpenLineConflict(error: unknown): boolean {
  return isUniqueViolation(error) && /complaints_open_line|complaints\.order_line_id/.test(error.message);
}

/** The complaint number was drawn before (complaint_no's unique index): draw another. */
export function isComplaintNoConflict(error: unknown): boolean {
  return isUniqueViolation(error) && error.message.includes('complaint_no');
}

export async function insertComplaint(trx: Kysely<Database>, complaint: Omit<Insertable<ComplaintsTable>, 'id'>): Promise<number> {
  const row = await trx.insertInto('complaints').values(complaint).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertComplaintPhotos(trx: Kysely<Database>, photos: Omit<Insertable<ComplaintPhotosTable>, 'id'>[]): Promise<void> {
  if (photos.length > 0) await trx.insertInto('complaintPhotos').values(photos).execute();
}

export async function insertComplaintReply(trx: Kysely<Database>, reply: Omit<Insertable<ComplaintRepliesTable>, 'id'>): Promise<void> {
  await trx.insertInto('complaintReplies').values(reply).execute();
}

export function findComplaintById(db: Kysely<Database>, id: number): Promise<ComplaintRow | undefined> {
  return db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findComplaintPage(
  db: Kysely<Database>,
  userId: number,
  status: ComplaintStatus | null,
  offset: number,
  limit: number,
): Promise<ComplaintRow[]> {
  let query = db.selectFrom('complaints').selectAll().where('userId', '=', userId);
  if (status !== null) query = query.where('status', '=', status);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countComplaintsByStatus(db: Kysely<Database>, userId: number): Promise<Record<ComplaintStatus, number>> {
  const rows = await db
    .selectFrom('complaints')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('userId', '=', userId)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(complaintStatuses.map((status) => [status, 0])) as Record<ComplaintStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export function findComplaintPhotos(db: Kysely<Database>, complaintIds: readonly number[]) {
  if (complaintIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('complaintPhotos')
    .select(['complaintId', 'uploadKey', 'provider'])
    .where('complaintId', 'in', complaintIds)
    .orderBy('complaintId')
    .orderBy('position')
    .execute();
}

export function findComplaintReplies(db: Kysely<Database>, complaintId: number): Promise<ComplaintReplyRow[]> {
  return db.selectFrom('complaintReplies').selectAll().where('complaintId', '=', complaintId).orderBy('at').orderBy('id').execute();
}

/** The open complaint of each line that has one. */
export async function findOpenComplaintsOfLines(db: Kysely<Database>, lineIds: readonly number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('complaints')
    .select(['id', 'orderLineId'])
    .where('orderLineId', 'in', [...new Set(lineIds)])
    .where('status', 'in', openComplaintStatuses)
    .execute();
  return new Map(rows.map((row) => [row.orderLineId, row.id]));
}

/** What a conditional move asks of the row besides its state. */
export interface ComplaintClaimCondition {
  /** The refund a retry sends again is still the complaint's. */
  refundNo?: string;
  /** The clock: authorised at or before this time (still overdue when the update runs). */
  returnAuthorisedBy?: number;
}

/**
 * One conditional update: the complaint moves only from one of `from` (and as `condition` says), so
 * of racing changes (the member withdraws while staff resolve) exactly one wins. True when this one
 * moved it. `status` undefined keeps the state (an event to 'same').
 */
export async function claimComplaintStatus(
  trx: Kysely<Database>,
  id: number,
  from: readonly ComplaintStatus[],
  set: { status?: ComplaintStatus } & ComplaintChanges,
  now: number,
  condition: ComplaintClaimCondition = {},
): Promise<boolean> {
  if (from.length === 0) return false;
  let query = trx
    .updateTable('complaints')
    .set({ ...set, updatedAt: now })
    .where('id', '=', id)
    .where('status', 'in', from);
  if (condition.refundNo !== undefined) query = query.where('refundNo', '=', condition.refundNo);
  if (condition.returnAuthorisedBy !== undefined) query = query.where('returnAuthorisedAt', '<=', condition.returnAuthorisedBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Authorised returns not sent back by `authorisedBy`, oldest first (the clock closes them). */
export async function findOverdueReturns(db: Kysely<Database>, authorisedBy: number, limit: number): Promise<ComplaintRow[]> {
  return db
    .selectFrom('complaints')
    .selectAll()
    .where('status', '=', 'returnAuthorised')
    .where('returnAuthorisedAt', '<=', authorisedBy)
    .orderBy('returnAuthorisedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A reply touches the complaint only while it is in one of `statuses`; false when it was not. */
export async function touchComplaint(trx: Kysely<Database>, id: number, statuses: readonly ComplaintStatus[], now: number): Promise<boolean> {
  const result = await trx.updateTable('complaints').set({ updatedAt: now }).where('id', '=', id).where('status', 'in', statuses).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
