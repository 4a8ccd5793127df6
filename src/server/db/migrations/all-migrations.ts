import type { MigrationFactory } from './migration-helpers.ts';
import { sessionsMigration } from './0001-sessions.ts';
import { accountsMigration } from './0002-accounts.ts';
import { catalogMigration } from './0003-catalog.ts';
import { cartFavoritesMigration } from './0004-cart-favorites.ts';
import { accountSecurityMigration } from './0005-account-security.ts';
import { shellContentMigration } from './0006-shell-content.ts';
import { homeContentMigration } from './0007-home-content.ts';
import { searchMigration } from './0008-search.ts';
import { catalogIndexesMigration } from './0009-catalog-indexes.ts';
import { firstTierPriceMigration } from './0010-first-tier-price.ts';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const allMigrations: Record<string, MigrationFactory> = {
  '0001-sessions': sessionsMigration,
  '0002-accounts': accountsMigration,
  '0003-catalog': catalogMigration,
  '0004-cart-favorites': cartFavoritesMigration,
  '0005-account-security': accountSecurityMigration,
  '0006-shell-content': shellContentMigration,
  '0007-home-content': homeContentMigration,
  '0008-search': searchMigration,
  '0009-catalog-indexes': catalogIndexesMigration,
  '0010-first-tier-price': firstTierPriceMigration,
};
