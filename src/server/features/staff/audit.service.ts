import type { Kysely } from 'kysely';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { StaffSubject } from '../../../contract/staff-permissions.ts';
import type { Database } from '../../db/database.ts';
import { insertAuditEntry } from './audit.repository.ts';

export interface StaffChange {
  staff: StaffIdentity;
  /** A permission's action, or the desk's own name for the change (setRole, disable, resetTotp…). */
  action: string;
  subject: StaffSubject;
  subjectId: string | number;
  /** The entity before and after the change (null when it did not exist); secrets left out by the caller. */
  before: unknown;
  after: unknown;
  ip: string;
  at?: number;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change: the entry and the
 * change are committed together or not at all.
 */
export async function recordStaffChange(trx: Kysely<Database>, change: StaffChange): Promise<void> {
  await insertAuditEntry(trx, {
    staffId: change.staff.id,
    staffName: change.staff.displayName,
    action: change.action,
    subject: change.subject,
    subjectId: String(change.subjectId),
    beforeJson: change.before === null || change.before === undefined ? null : JSON.stringify(change.before),
    afterJson: change.after === null || change.after === undefined ? null : JSON.stringify(change.after),
    ip: change.ip,
    at: change.at ?? Date.now(),
  });
}
