import type { Db } from '../../../db/create-db.ts';
import { seedHomeContent } from '../home.seed.ts';

/**
 * The home page's demo content (banners, announcements and news columns, recent orders, the
 * display stand, partner brands) for the tests of the pages that show it: home, news, mobile.
 * It is the demo seed itself, so tests can name its announcements and count its lists.
 */
export function insertHomeFixture(db: Db, now = Date.now()): Promise<void> {
  return seedHomeContent(db, now);
}
