import type { Kysely } from 'kysely';
import type { SiteFacts } from '../../../contract/site-facts.ts';
import type { WarehouseFact } from '../../../contract/warehouse.ts';
import { createMemoCache } from '../../cache/memo-cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { countPartsInStock } from '../catalog/parts-in-stock.service.ts';
import { loadPickupAddressSetting, loadSiteSettingFacts } from '../content/site-settings.service.ts';
import { listWarehouseFacts } from '../warehouse/warehouse-facts.service.ts';

/**
 * The one place the site's facts are gathered (contract/site-facts.ts): the warehouses from the
 * warehouse feature's table, the hotline, service hours, pickup address and free-shipping threshold
 * from the site settings, the count of parts in stock from the catalogue. Every page that states one
 * reads it from here, and the placeholders in staff-written text are filled from the same object.
 */

export type HeldFacts = Omit<SiteFacts, 'partsInStock'>;

/** The pickup address staff set, else the address of the first warehouse that offers pickup, else '' (none). */
export function pickupAddressOf(setting: string, warehouses: readonly WarehouseFact[]): string {
  const pickup = warehouses.find((warehouse) => warehouse.isPickup);
  return setting || (pickup ? `${pickup.address}（${pickup.name}）` : '');
}

/** Where 上门自提 orders are collected, for checkout's carriers ('' when nowhere). */
export async function loadPickupAddress(db: Kysely<Database>): Promise<string> {
  const [setting, warehouses] = await Promise.all([loadPickupAddressSetting(db), listWarehouseFacts(db)]);
  return pickupAddressOf(setting, warehouses);
}

/** The settings and warehouses as they are now. */
export async function readHeldFacts(db: Kysely<Database>, config: Pick<Config, 'siteName' | 'hotline'>): Promise<HeldFacts> {
  const [settings, warehouses] = await Promise.all([loadSiteSettingFacts(db, config.hotline), listWarehouseFacts(db)]);
  return {
    siteName: config.siteName,
    hotline: settings.hotline,
    serviceHours: settings.serviceHours,
    pickupAddress: pickupAddressOf(settings.pickupAddress, warehouses),
    warehouses,
    freeShippingThresholdCents: settings.freeShippingThresholdCents,
  };
}

/** Counting reads every part, and stock moves with every order: a figure a few minutes old is what a "现货 N种" claim needs. */
export const partsInStockTtlMs = 5 * 60_000;

export interface SiteFactsSource {
  load(): Promise<SiteFacts>;
}

/**
 * The settings and warehouses are read with each page (two small reads, like checkout reads the threshold),
 * so a staff edit shows at once; only the count, which reads the whole catalogue, is kept a while.
 */
export function createSiteFactsSource(deps: Pick<ServiceDeps, 'db' | 'config'>): SiteFactsSource {
  // On its TTL alone: a price import moves the products' version every batch, and recounting every part each time would cost more than it tells.
  const counted = createMemoCache<'partsInStock', { count: number }>({ ttlMs: partsInStockTtlMs, maxEntries: 1 });
  return {
    async load() {
      const [facts, partsInStock] = await Promise.all([
        readHeldFacts(deps.db, deps.config),
        counted.get('partsInStock', async () => ({ count: await countPartsInStock(deps.db) })),
      ]);
      return { ...facts, partsInStock: partsInStock.count };
    },
  };
}

const sources = new WeakMap<object, SiteFactsSource>();

/** The app's one source of site facts (keyed by its database), so every page shares its caches. */
export function siteFactsOf(deps: Pick<ServiceDeps, 'db' | 'config'>): SiteFactsSource {
  let source = sources.get(deps.db);
  if (!source) {
    source = createSiteFactsSource(deps);
    sources.set(deps.db, source);
  }
  return source;
}
