import type { Insertable, Kysely } from 'kysely';
import { normalizePartNumber } from '../../contract/part-number.ts';
import type { Database } from '../db/database.ts';
import type { ProductsTable } from '../features/catalog/catalog.tables.ts';
import { hashSid, sessionCookieName } from '../http/session.ts';
import { insertSession } from '../http/session.repository.ts';
import type { TestBrowser } from './test-app.ts';

/**
 * Rows the data tests (Vitest) and the journeys (Playwright) write directly: a part with its
 * price tiers, a member, a member's session. One place knows the columns; fixtures say only
 * what their case is about.
 *
 * Playwright imports this file too, so it holds no runtime import of the app (TestBrowser is a type).
 */

/** A price tier: `qtyEnd` is the next tier's start less one, the last tier has none. */
export interface NewPriceTier {
  qtyStart: number;
  priceE4: number;
  originalPriceE4?: number | null;
}

export interface NewProductParam {
  attributeId: number;
  valueText: string;
  valueNum?: number | null;
}

type ProductColumns = Omit<Insertable<ProductsTable>, 'id' | 'firstTierPriceE4'>;
type RequiredColumns = 'brandId' | 'categoryFirstId' | 'categorySecondId';

export type NewProduct = Pick<ProductColumns, RequiredColumns> &
  Partial<Omit<ProductColumns, RequiredColumns>> & {
    /** Default: one tier of ¥1 from 1 piece. Pass [] for a part without prices. */
    prices?: NewPriceTier[];
    params?: NewProductParam[];
    /** Units per warehouse code ({ SZ: 70, JS: 30 }); `stock` becomes their sum. Default: all of `stock` in 深圳仓 (SZ). */
    warehouseStock?: Record<string, number>;
  };

let productSequence = 0;

/**
 * Writes a `products` row, its `product_prices` and (when given) its `product_params`.
 * `codeNorm` follows `code` as the catalogue writes it; `first_tier_price_e4` is left to the
 * triggers on product_prices (migration 0010), so it is what production would hold.
 * Category sku counts are the caller's: a fixture sets them once all its parts are in.
 */
export async function insertProduct(db: Kysely<Database>, product: NewProduct): Promise<number> {
  const { prices = [{ qtyStart: 1, priceE4: 10_000 }], params = [], warehouseStock, ...columns } = product;
  if (warehouseStock) columns.stock = Object.values(warehouseStock).reduce((sum, quantity) => sum + quantity, 0);
  productSequence += 1;
  const code = columns.code ?? `TEST-PART-${productSequence}`;
  const now = Date.now();
  const { id } = await db
    .insertInto('products')
    .values({
      code,
      codeNorm: normalizePartNumber(code),
      package: '0603',
      description: '测试物料',
      lifecycle: 'active',
      isRohs: 1,
      datasheetUrl: null,
      stock: 100,
      packSize: 1,
      imagePath: null,
      label: null,
      isSpecialOffer: 0,
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeWarehouseStock(db, id, warehouseStock ?? { SZ: columns.stock ?? 100 });
  if (prices.length > 0) {
    await db
      .insertInto('productPrices')
      .values(
        prices.map((tier, i) => {
          const next = prices[i + 1];
          return {
            productId: id,
            qtyStart: tier.qtyStart,
            qtyEnd: next ? next.qtyStart - 1 : null,
            priceE4: tier.priceE4,
            originalPriceE4: tier.originalPriceE4 ?? null,
          };
        }),
      )
      .execute();
  }
  if (params.length > 0) {
    await db
      .insertInto('productParams')
      .values(params.map((param) => ({ productId: id, attributeId: param.attributeId, valueText: param.valueText, valueNum: param.valueNum ?? null })))
      .execute();
  }
  return id;
}

async function writeWarehouseStock(db: Kysely<Database>, productId: number, byCode: Record<string, number>): Promise<void> {
  const warehouses = await db.selectFrom('warehouses').select(['id', 'code']).execute();
  const rows = Object.entries(byCode).map(([code, quantity]) => {
    const warehouse = warehouses.find((row) => row.code === code);
    if (!warehouse) throw new Error(`no warehouse ${code}`);
    return { productId, warehouseId: warehouse.id, quantity };
  });
  if (rows.length > 0) await db.insertInto('productWarehouseStock').values(rows).execute();
}

/**
 * Sets a part's stock as an outside writer would, keeping products.stock equal to its warehouses'
 * sum: everything in 深圳仓 unless split by code. For tests that need a given figure, not the stock form.
 */
export async function setTestStock(db: Kysely<Database>, productId: number, stock: number | Record<string, number>): Promise<void> {
  const byCode = typeof stock === 'number' ? { SZ: stock } : stock;
  const total = Object.values(byCode).reduce((sum, quantity) => sum + quantity, 0);
  await db.deleteFrom('productWarehouseStock').where('productId', '=', productId).execute();
  await writeWarehouseStock(db, productId, byCode);
  await db.updateTable('products').set({ stock: total, updatedAt: Date.now() }).where('id', '=', productId).execute();
}

export interface NewMember {
  userId: number;
  phone: string;
  userNumber: string;
}

let memberSequence = 0;

export interface MemberFields {
  nickName?: string;
  userNumber?: string;
  phone?: string;
}

/**
 * A member row as registration leaves it, without a password. Unless given, phones start with
 * 147, which the tests' own registrations (139…, 13…) and the demo member never use, and user
 * numbers with T, which registration (U + Beijing date + id) never gives; the process id keeps
 * Playwright's workers, which share one store, apart.
 */
export async function createMember(db: Kysely<Database>, fields: MemberFields = {}): Promise<NewMember> {
  memberSequence += 1;
  const digits = `${String(process.pid % 10_000).padStart(4, '0')}${String(memberSequence % 10_000).padStart(4, '0')}`;
  const phone = fields.phone ?? `147${digits}`;
  const userNumber = fields.userNumber ?? `T26${digits}`;
  const row = await db
    .insertInto('users')
    .values({ phone, userNumber, nickName: fields.nickName ?? '', passwordHash: null, userImgPath: null, inviter: null, createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: row.id, phone, userNumber };
}

/** A day: long enough for any test, like the session a login stores. */
const sessionLifetimeMs = 86_400_000;

/** Stores the session a login would store for this sid (hashed as the server hashes it). */
export async function startMemberSession(db: Kysely<Database>, sid: string, userId: number): Promise<void> {
  const now = Date.now();
  await insertSession(db, { id: hashSid(sid), userId, createdAt: now, expiresAt: now + sessionLifetimeMs });
}

/** Signs the browser's current sid in as the member, visiting a page first if it has none yet. */
export async function signIn(browser: TestBrowser, db: Kysely<Database>, userId: number): Promise<void> {
  if (!browser.cookie(sessionCookieName)) await browser.get('/no/such/page');
  const sid = browser.cookie(sessionCookieName);
  if (!sid) throw new Error('no sid cookie');
  await startMemberSession(db, sid, userId);
}

/**
 * Replaces a part's price tiers as a price import or the product form would (the first-tier price follows
 * by trigger): for tests and journeys that need a part's price to move.
 */
export async function setTestPrices(db: Kysely<Database>, productId: number, prices: readonly NewPriceTier[]): Promise<void> {
  await db.deleteFrom('productPrices').where('productId', '=', productId).execute();
  if (prices.length > 0) {
    await db
      .insertInto('productPrices')
      .values(
        prices.map((tier, i) => {
          const next = prices[i + 1];
          return {
            productId,
            qtyStart: tier.qtyStart,
            qtyEnd: next ? next.qtyStart - 1 : null,
            priceE4: tier.priceE4,
            originalPriceE4: tier.originalPriceE4 ?? null,
          };
        }),
      )
      .execute();
  }
  await db.updateTable('products').set({ updatedAt: Date.now() }).where('id', '=', productId).execute();
}
