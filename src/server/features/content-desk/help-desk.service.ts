import type { Kysely } from 'kysely';
import type { AdminHelpPage } from '../../../contract/admin-content.ts';
import type { Database } from '../../db/database.ts';
import { saveHelpPage, type HelpPageInput } from '../help/help.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

type Db = Kysely<Database>;

const columns = ['slug', 'title', 'description', 'groupName', 'sort', 'bodyHtml', 'updatedAt'] as const;

/** Help articles by group, and the company pages' prose (group 公司页面). */
export async function listAdminHelpPages(db: Db): Promise<AdminHelpPage[]> {
  const rows = await db.selectFrom('helpPages').select(columns).orderBy('groupName').orderBy('sort').orderBy('id').execute();
  return rows;
}

/** Through the help feature's saveHelpPage (its sanitiser and rules), in one transaction with the audit entry. */
export async function saveAdminHelpPage(db: Db, actor: StaffActor, input: HelpPageInput, now = Date.now()): Promise<AdminHelpPage> {
  return db.transaction().execute(async (trx) => {
    const beforeRow = await trx.selectFrom('helpPages').select(columns).where('slug', '=', input.slug).executeTakeFirst();
    await saveHelpPage(trx, input, now);
    const after = await trx.selectFrom('helpPages').select(columns).where('slug', '=', input.slug).executeTakeFirstOrThrow();
    const before = beforeRow ?? null;
    await recordStaffChange(trx, {
      ...actor,
      action: before ? 'update' : 'create',
      subject: 'Content',
      subjectId: `help:${input.slug}`,
      before,
      after,
      at: now,
    });
    return after;
  });
}
