import type { Kysely } from 'kysely';
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
