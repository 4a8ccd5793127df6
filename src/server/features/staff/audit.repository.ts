import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The audit log is only ever appended to: this file has no update or delete, and the database's triggers refuse them. */
export interface AuditEntry {
  staffId: number;
  staffName: string;
  action: string;
  subject: string;
  subjectId: string;
  beforeJson: string | null;
  afterJson: string | null;
  ip: string;
  at: number;
}

export async function insertAuditEntry(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('auditLog').values(entry).execute();
}

export interface AuditQuery {
  staffName?: string;
  subject?: string;
  fromMs?: number;
  toMs?: number;
}

function filtered(db: Kysely<Database>, query: AuditQuery) {
  let select = db.selectFrom('auditLog');
  if (query.staffName) {
    const pattern = `%${query.staffName.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    select = select.where(sql<boolean>`staff_name like ${pattern} escape '\\'`);
  }
  if (query.subject) select = select.where('subject', '=', query.subject);
  if (query.fromMs !== undefined) select = select.where('at', '>=', query.fromMs);
  if (query.toMs !== undefined) select = select.where('at', '<', query.toMs);
  return select;
}

export async function countAuditEntries(db: Kysely<Database>, query: AuditQuery): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Newest first. */
export function findAuditEntries(db: Kysely<Database>, query: AuditQuery, limit: number, offset: number) {
  return filtered(db, query).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
