import type { Kysely } from 'kysely';
import { lineAmountCents, type PriceTier } from '../../src/contract/pricing.ts';
import type { PurchasingData } from '../../src/contract/purchasing.ts';
import type { Database } from '../../src/server/db/database.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';

/**
 * Parts of a journey's own. Journeys that buy, reprice or restock a part make one here (insertProduct),
 * so no journey alongside sees its stock or price move, and the seeded catalogue stays as seeded for
 * the journeys that only read it (browsing, search, the product pages' demo parts).
 */

type StoreDb = Kysely<Database>;

/** The shelf's two categories: hidden from the shop's menu and catalogue, so the parts added to them change no seeded page. */
export const shelfNames = { first: '端到端测试货架', second: '端到端测试物料' } as const;

export interface Shelf {
  brandId: number;
  categoryFirstId: number;
  categorySecondId: number;
}

/** Makes the shelf (store.setup.ts, once before the journeys): the seed's first brand, two hidden categories. */
export async function makeShelf(storeDb: StoreDb): Promise<Shelf> {
  const existing = await findShelf(storeDb);
  if (existing) return existing;
  const group = await storeDb.selectFrom('categoryGroups').select('id').orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
  const first = await storeDb
    .insertInto('categories')
    .values({ name: shelfNames.first, level: 1, groupId: group.id, parentId: null, sort: 9999, skuCount: 0, isHidden: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeDb
    .insertInto('categories')
    .values({ name: shelfNames.second, level: 2, groupId: null, parentId: first.id, sort: 9999, skuCount: 0, isHidden: 1 })
    .execute();
  const shelf = await findShelf(storeDb);
  if (!shelf) throw new Error('the shelf was not stored');
  return shelf;
}

async function findShelf(storeDb: StoreDb): Promise<Shelf | null> {
  const second = await storeDb
    .selectFrom('categories as c')
    .innerJoin('categories as p', 'p.id', 'c.parentId')
    .select(['c.id as secondId', 'p.id as firstId'])
    .where('c.name', '=', shelfNames.second)
    .where('p.name', '=', shelfNames.first)
    .orderBy('c.id')
    .executeTakeFirst();
  if (!second) return null;
  const brand = await storeDb.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  return { brandId: brand.id, categoryFirstId: second.firstId, categorySecondId: second.secondId };
}

let shelfOfWorker: Promise<Shelf> | null = null;

/** The shelf store.setup.ts made (read once per worker). */
export function shelfOf(storeDb: StoreDb): Promise<Shelf> {
  shelfOfWorker ??= findShelf(storeDb).then((shelf) => {
    if (!shelf) throw new Error('no shelf for the journeys’ parts: store.setup.ts makes it before them');
    return shelf;
  });
  return shelfOfWorker;
}

export interface OrderPart {
  id: number;
  code: string;
  packSize: number;
  /** Two packs, the quantity a journey buys: at or above the first tier's start, costing at least what was asked. */
  quantity: number;
  stock: number;
  /** The line at that quantity, in cents (its tier's price, rounded once). */
  amountCents: number;
}

export interface NewPartOptions {
  /** The line at `quantity` costs at least this (a coupon's threshold, a payment's least amount). */
  minLineCents?: number;
  /** Units in 深圳仓; by default plenty for every order a journey places. */
  stock?: number;
  packSize?: number;
  description?: string;
  /** 采购与合规 (REACH, MSL, packaging, lead time, CAD links…); unsaid by default. */
  purchasing?: Partial<PurchasingData>;
}

let partSequence = 0;

/** A part number no other journey, worker or run of this store has. */
export function uniquePartCode(prefix = 'E2E'): string {
  partSequence += 1;
  return `${prefix}-${String(process.pid % 10_000)}${Date.now().toString(36).toUpperCase()}-${String(partSequence)}`;
}

/**
 * `count` parts of the journey's own on the shelf, in stock in 深圳仓 and priced in two tiers (the
 * second from 1,000 pieces), each line of `quantity` costing at least `minLineCents`. The search
 * index learns of them within its check (the journeys call tickCaches before they search for one).
 */
export async function insertParts(storeDb: StoreDb, count: number, options: NewPartOptions = {}): Promise<OrderPart[]> {
  const shelf = await shelfOf(storeDb);
  const packSize = options.packSize ?? 5;
  const quantity = packSize * 2;
  const stock = options.stock ?? 10_000;
  // ¥1.20 a piece, or what makes the line reach minLineCents (1 cent = 100 in E4).
  const priceE4 = Math.max(12_000, Math.ceil(((options.minLineCents ?? 0) * 100) / quantity));
  const tiers: PriceTier[] = [
    { qtyStart: 1, qtyEnd: 999, priceE4, originalPriceE4: null },
    { qtyStart: 1000, qtyEnd: null, priceE4: Math.round(priceE4 * 0.9), originalPriceE4: null },
  ];
  const parts: OrderPart[] = [];
  for (let index = 0; index < count; index++) {
    const code = uniquePartCode();
    const id = await insertProduct(storeDb, {
      ...options.purchasing,
      ...shelf,
      code,
      package: 'SOT-23',
      description: options.description ?? '端到端测试物料',
      packSize,
      warehouseStock: { SZ: stock },
      prices: tiers.map((tier) => ({ qtyStart: tier.qtyStart, priceE4: tier.priceE4 })),
    });
    parts.push({ id, code, packSize, quantity, stock, amountCents: lineAmountCents(tiers, quantity) });
  }
  return parts;
}
