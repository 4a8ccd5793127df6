import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { seedHelpPages } from '../help.seed.ts';

/** The help articles and company pages' prose every store starts with, for the tests of other features' pages that show them. */
export function insertHelpFixture(db: Kysely<Database>): Promise<number> {
  return seedHelpPages(db);
}
