import type { Kysely } from 'kysely';
import type { AdminHelpPage } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { findHelpPageForStaff, findHelpPagesForStaff } from './help.repository.ts';
import { saveHelpPage, type HelpPageInput } from './help.service.ts';

export type { HelpPageInput } from './help.service.ts';

/** What staff do to the help centre and the company pages' prose (the console's content desk calls these). */

/** Help articles by group, and the company pages' prose (group 公司页面). */
export function listHelpPagesForStaff(db: Kysely<Database>): Promise<AdminHelpPage[]> {
  return findHelpPagesForStaff(db);
}

/** An article before a change (null: it is new) and after it. */
export interface HelpPageChange {
  before: AdminHelpPage | null;
  after: AdminHelpPage;
}

/** saveHelpPage (its sanitiser and rules) in one transaction with the work the caller adds alongside (its audit entry). */
export async function saveHelpPageByStaff(
  db: Kysely<Database>,
  input: HelpPageInput,
  alongside: AlongsideChange<HelpPageChange>,
  now = Date.now(),
): Promise<AdminHelpPage> {
  return withTransaction(db, async (trx) => {
    const before = (await findHelpPageForStaff(trx, input.slug)) ?? null;
    await saveHelpPage(trx, input, now);
    const after = await findHelpPageForStaff(trx, input.slug);
    if (!after) throw new Error(`help page ${input.slug} vanished in its own transaction`);
    await alongside(trx, { before, after });
    return after;
  });
}
