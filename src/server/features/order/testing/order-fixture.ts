import type { Kysely } from 'kysely';
import { addressCalls } from '../../../../contract/address-calls.ts';
import { cartCalls } from '../../../../contract/cart-calls.ts';
import type { Envelope } from '../../../../contract/envelope.ts';
import { ShortfallChoice, type PlacedOrder, type SettlementPricing } from '../../../../contract/order.ts';
import { orderCalls } from '../../../../contract/order-calls.ts';
import type { OrderConfig } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import type { Db } from '../../../db/create-db.ts';
import { insertProduct, type NewProduct } from '../../../testing/factories.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import { insertCatalogFixture } from '../../catalog/testing/catalog-fixture.ts';
import { previewCheckout } from '../checkout.service.ts';
import { placeOrder } from '../order-placement.service.ts';

/** Where the order tests' parts belong: the catalogue fixture's YAGEO chip resistors. */
export interface OrderCatalog {
  brandId: number;
  categoryFirstId: number;
  categorySecondId: number;
}

export async function insertOrderCatalog(db: Db): Promise<OrderCatalog> {
  const catalog = await insertCatalogFixture(db);
  return { brandId: catalog.brands.yageo, categoryFirstId: catalog.categories.resistor, categorySecondId: catalog.categories.chipResistor };
}

let partSequence = 0;

/** A part of the order tests: ¥0.0100 from 1, ¥0.0080 from 1000 unless told; pack 1; 10,000 in stock. */
export async function insertPart(db: Kysely<Database>, catalog: OrderCatalog, fields: Partial<NewProduct> = {}): Promise<number> {
  partSequence += 1;
  return insertProduct(db, {
    ...catalog,
    code: `ORD-PART-${String(process.pid % 1000)}-${String(partSequence)}`,
    stock: 10_000,
    prices: [
      { qtyStart: 1, priceE4: 100 },
      { qtyStart: 1000, priceE4: 80 },
    ],
    ...fields,
  });
}

export async function stockOf(db: Kysely<Database>, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock;
}

/** 上海市 浦东新区 (the 江浙沪 zone), saved through the address book. */
export async function saveShanghaiAddress(browser: TestBrowser): Promise<number> {
  const saved = await browser.callOk(addressCalls.save, {
    receiver: '张三',
    mobile: '13800138000',
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310115',
    detail: '张江路88号',
  });
  return saved.id;
}

export async function fillCart(browser: TestBrowser, lines: readonly { productId: number; quantity: number }[]): Promise<void> {
  for (const line of lines) await browser.callOk(cartCalls.add, line);
}

export interface CheckoutOptions {
  addressId: number | null;
  carrierCode?: string;
  shortfallChoice?: ShortfallChoice;
  memberCouponIds?: number[];
  idempotencyKey?: string;
  /** 采购订单号; none by default. */
  poNumber?: string;
}

let keySequence = 0;

export function newKey(): string {
  keySequence += 1;
  return `test-key-${String(process.pid)}-${String(keySequence).padStart(8, '0')}`;
}

/**
 * The member's cart placed through the services as a 自提 order at the previewed amount, what is not in stock
 * waiting for its arrival (等齐再发); `now` is the placing time (orders are served by it).
 */
export async function placeCartWaitingForAll(db: Kysely<Database>, orders: OrderConfig, userId: number, now = Date.now()): Promise<PlacedOrder> {
  const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.waitForAll, memberCouponIds: [] };
  const quote = await previewCheckout(db, userId, choice, now);
  return placeOrder(
    db,
    orders,
    userId,
    { ...choice, idempotencyKey: newKey(), invoice: { kind: 'none' }, remark: '', quotedPayableCents: quote.payableCents },
    now,
  );
}

/** Previews as the page does, then places with the previewed payable. */
export async function previewAndPlace(browser: TestBrowser, options: CheckoutOptions): Promise<{ preview: SettlementPricing; answer: Envelope<PlacedOrder> }> {
  const choice = { carrierCode: options.carrierCode ?? 'zto', addressId: options.addressId, shortfallChoice: options.shortfallChoice ?? 'shipAvailable' };
  const preview = await browser.callOk(orderCalls.preview, { ...choice, memberCouponIds: options.memberCouponIds });
  const answer = await browser.call(orderCalls.place, {
    ...choice,
    idempotencyKey: options.idempotencyKey ?? newKey(),
    memberCouponIds: preview.memberCouponIds,
    quotedPayableCents: preview.payableCents,
    ...(options.poNumber === undefined ? {} : { poNumber: options.poNumber }),
  });
  return { preview, answer };
}

/** The demo orders of a new store (buyers, ~48 orders with lines), for tests of pages that show them. */
export { seedOrders } from '../order.seed.ts';
