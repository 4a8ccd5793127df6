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

/** The entries a query matches, not ordered (the grid orders and pages them). */
export function auditEntriesQuery(db: Kysely<Database>, query: AuditQuery) {
  return filtered(db, query).selectAll();
}
