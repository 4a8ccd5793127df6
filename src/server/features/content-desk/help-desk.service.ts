import type { Kysely } from 'kysely';
import type { AdminHelpPage } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import { listHelpPagesForStaff, saveHelpPageByStaff, type HelpPageInput } from '../help/help-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

/** Help articles by group, and the company pages' prose (group 公司页面). */
export const listAdminHelpPages = (db: Kysely<Database>): Promise<AdminHelpPage[]> => listHelpPagesForStaff(db);

/** Through the help feature's saveHelpPage (its sanitiser and rules), in one transaction with the audit entry. */
export function saveAdminHelpPage(db: Kysely<Database>, actor: StaffActor, input: HelpPageInput, now = Date.now()): Promise<AdminHelpPage> {
  return saveHelpPageByStaff(
    db,
    input,
    async (trx, { before, after }) => {
      await recordStaffChange(trx, {
        ...actor,
        action: before ? 'update' : 'create',
        subject: 'Content',
        subjectId: `help:${input.slug}`,
        before,
        after,
        at: now,
      });
    },
    now,
  );
}
