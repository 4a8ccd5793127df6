import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { companyProseSeedPages } from './company-prose-seed.data.ts';
import { helpSeedPages } from './help-seed.data.ts';
import { helpTextOf, sanitizeHelpHtml } from './help-html.ts';
import { insertMissingHelpPages } from './help.repository.ts';

/**
 * The help articles and company pages' prose every store needs (not demo data): each one missing is added, one already
 * there (perhaps edited by staff) is left as it is. Safe to run at every start.
 */
export async function seedHelpPages(db: Kysely<Database>, now = Date.now()): Promise<number> {
  return insertMissingHelpPages(
    db,
    [...helpSeedPages, ...companyProseSeedPages].map((page) => {
      const bodyHtml = sanitizeHelpHtml(page.bodyHtml);
      return { ...page, bodyHtml, bodyText: helpTextOf(bodyHtml), updatedAt: now };
    }),
  );
}
