import type { Db } from '../../../db/create-db.ts';
import { seedContent } from '../content.seed.ts';

/**
 * The shell's demo content (site configuration, hot keywords, friendly links, the three ads, a
 * sales rep, and the demo member's messages when that member exists) for the tests of pages
 * and shells that show it. It is the demo seed itself, so tests can name what it writes.
 */
export function insertContentFixture(db: Db, now = Date.now()): Promise<void> {
  return seedContent(db, now);
}
