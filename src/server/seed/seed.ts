import type { SeedOptions } from './seed-options.ts';
import type { Db } from '../db/create-db.ts';
import { seedCatalog } from './catalog-seed.ts';
import { seedContent } from '../features/content/content.seed.ts';
import { seedDemoMembers } from '../features/account/account.seed.ts';
import { seedHomeContent } from '../features/home/home.seed.ts';
import { seedOrders } from '../features/order/order.seed.ts';
import { seedCompanyRegister, topUpDemoCompanyRegister } from '../features/invoice/company.seed.ts';
import { demoMember } from '../features/account/account.seed.ts';
import { seedCoupons } from '../features/coupon/coupon.seed.ts';
import { seedComplaints } from '../features/complaint/complaint.seed.ts';
import { seedHelpPages } from '../features/help/help.seed.ts';

/** First start: an empty store gets the deterministic demo catalogue and content. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.kysely.selectFrom('categoryGroups').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemoData(db, options);
  return true;
}

/**
 * Every later start of a store that carries the demo data (its demo member is there): demo reference
 * data added to the seed since the store was created — today the company register. A store without
 * the demo data (a real catalogue) gets nothing.
 */
export async function topUpDemoData(db: Db, options: Pick<SeedOptions, 'logger'>): Promise<void> {
  // The help articles are the store's own pages, not demo data: any store gets those it lacks.
  const helpPages = await seedHelpPages(db.kysely);
  if (helpPages > 0) options.logger?.info({ helpPages }, 'help pages added');
  const hasDemoData = await db.kysely.selectFrom('users').select('id').where('phone', '=', demoMember.phone).executeTakeFirst();
  if (!hasDemoData) return;
  if (await topUpDemoCompanyRegister(db.kysely)) options.logger?.info('demo company register added');
}

/** Catalogue first (content and members refer to its products and brands). */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const started = Date.now();
  await seedCatalog(db, options);
  await seedDemoMembers(db);
  await seedContent(db);
  await seedHomeContent(db);
  await seedOrders(db);
  await seedCompanyRegister(db.kysely);
  await seedCoupons(db);
  await seedComplaints(db);
  await seedHelpPages(db.kysely);
  options.logger?.info({ skus: options.skus, ms: Date.now() - started }, 'demo data seeded');
}
