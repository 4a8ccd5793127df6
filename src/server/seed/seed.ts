import type { SeedOptions } from './seed-options.ts';
import type { Db } from '../db/create-db.ts';
import { seedCatalog } from './catalog-seed.ts';
import { seedContent } from '../features/content/content.seed.ts';
import { seedDemoMembers } from '../features/account/account.seed.ts';
import { seedHomeContent } from '../features/home/home.seed.ts';

/** First start: an empty store gets the deterministic demo catalogue and content. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.kysely.selectFrom('categoryGroups').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemoData(db, options);
  return true;
}

/** Catalogue first (content and members refer to its products and brands). */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const started = Date.now();
  await seedCatalog(db, options);
  await seedDemoMembers(db);
  await seedContent(db);
  await seedHomeContent(db);
  options.logger?.info({ skus: options.skus, ms: Date.now() - started }, 'demo data seeded');
}
