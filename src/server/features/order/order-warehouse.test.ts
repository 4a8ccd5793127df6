import { describe, expect, it } from 'vitest';
import { orderCalls } from '../../../contract/order-calls.ts';
import { ShortfallChoice } from '../../../contract/order.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { previewCheckout } from './checkout.service.ts';
import { restock } from './order-backorder.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { expireOverdueOrders } from './order-sweeper.ts';
import { insertOrderCatalog, insertPart, newKey } from './testing/order-fixture.ts';

/**
 * Stock per warehouse through orders: placement allocates the units it took, a cancel (buyer, expiry)
 * gives them back to the warehouses they came from, and products.stock always equals the sum of the
 * part's warehouse figures, under concurrent orders too.
 */
describe('orders and warehouses', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const pickup = { carrierCode: 'pickup', addressId: null, shortfallChoice: 'shipAvailable' } as const;

  const newPart = (warehouseStock: Record<string, number>) =>
    insertPart(t.db.kysely, t.fixture.catalog, { warehouseStock, prices: [{ qtyStart: 1, priceE4: 10_000 }] });

  /** { total, SZ, JS } of a part, and whether the total is the warehouses' sum. */
  async function stockOf(productId: number) {
    const k = t.db.kysely;
    const product = await k.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
    const rows = await k
      .selectFrom('productWarehouseStock as s')
      .innerJoin('warehouses as w', 'w.id', 's.warehouseId')
      .select(['w.code', 's.quantity'])
      .where('s.productId', '=', productId)
      .execute();
    const by = Object.fromEntries(rows.map((row) => [row.code, row.quantity]));
    return { total: product.stock, SZ: by.SZ ?? 0, JS: by.JS ?? 0, sum: rows.reduce((sum, row) => sum + row.quantity, 0) };
  }

  async function allocationsOf(productId: number) {
    const rows = await t.db.kysely
      .selectFrom('orderLineAllocations as a')
      .innerJoin('orderLines as l', 'l.id', 'a.orderLineId')
      .innerJoin('warehouses as w', 'w.id', 'a.warehouseId')
      .select(['l.orderId', 'w.code', 'a.quantity'])
      .where('l.productId', '=', productId)
      .orderBy('l.orderId')
      .orderBy('w.sort')
      .execute();
    return rows.map((row) => [row.code, row.quantity]);
  }

  async function place(
    member: SignedInMember,
    productId: number,
    quantity: number,
    shortfallChoice: ShortfallChoice = ShortfallChoice.shipAvailable,
    now = Date.now(),
  ) {
    const k = t.db.kysely;
    await addToCart(k, member.userId, productId, quantity);
    const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice, memberCouponIds: [] };
    const quote = await previewCheckout(k, member.userId, choice);
    return placeOrder(
      k,
      t.deps.config.orders,
      member.userId,
      { ...choice, idempotencyKey: newKey(), invoice: { kind: 'none' }, remark: '', quotedPayableCents: quote.payableCents },
      now,
    );
  }

  it("takes units the total holds beyond its warehouse rows (a figure written straight into products) as the first warehouse's", async () => {
    const part = await newPart({ SZ: 2, JS: 3 });
    await t.db.kysely.updateTable('products').set({ stock: 12 }).where('id', '=', part).execute();
    const buyer = await t.member();
    const order = await place(buyer, part, 10);
    expect(await allocationsOf(part)).toEqual([
      ['SZ', 7],
      ['JS', 3],
    ]);
    expect(await stockOf(part)).toEqual({ total: 2, SZ: 0, JS: 0, sum: 0 });
    expect(await buyer.browser.call(orderCalls.cancel, { orderNo: order.orderNo })).toMatchObject({ code: 1 });
    expect(await stockOf(part)).toEqual({ total: 12, SZ: 7, JS: 3, sum: 10 });
    // The 2 units no order took stay unrecorded; summed again for the race test's whole-catalogue check.
    await t.db.kysely.updateTable('products').set({ stock: 10 }).where('id', '=', part).execute();
  });

  it('takes a line from the first warehouse that holds it whole, else spans them in order; a cancel gives each unit back where it came from', async () => {
    const part = await newPart({ SZ: 5, JS: 10 });
    const whole = await place(await t.member(), part, 8);
    // 深圳仓 holds 5: 江苏仓 fills the line whole, in one parcel.
    expect(await allocationsOf(part)).toEqual([['JS', 8]]);
    expect(await stockOf(part)).toEqual({ total: 7, SZ: 5, JS: 2, sum: 7 });

    const buyer = await t.member();
    const spanning = await place(buyer, part, 7);
    expect((await allocationsOf(part)).slice(1)).toEqual([
      ['SZ', 5],
      ['JS', 2],
    ]);
    expect(await stockOf(part)).toEqual({ total: 0, SZ: 0, JS: 0, sum: 0 });

    expect(await buyer.browser.call(orderCalls.cancel, { orderNo: spanning.orderNo })).toMatchObject({ code: 1 });
    expect(await stockOf(part)).toEqual({ total: 7, SZ: 5, JS: 2, sum: 7 });
    // The timeout sweeper gives back through the same path.
    expect(await expireOverdueOrders(t.db.kysely, Date.now() + 24 * 3600_000, { orderIds: [await orderIdOf(whole.orderNo)] })).toBe(1);
    expect(await stockOf(part)).toEqual({ total: 15, SZ: 5, JS: 10, sum: 15 });
  });

  const orderIdOf = async (orderNo: string) =>
    (await t.db.kysely.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).id;

  it('a back order takes arriving units from the warehouse they arrive in, and a cancel returns them there', async () => {
    const part = await newPart({ SZ: 3 });
    const member = await t.member();
    const waiting = await place(member, part, 10, ShortfallChoice.waitForAll);
    expect(await stockOf(part)).toEqual({ total: 0, SZ: 0, JS: 0, sum: 0 });
    const js = await t.db.kysely.selectFrom('warehouses').select('id').where('code', '=', 'JS').executeTakeFirstOrThrow();
    expect(await restock(t.db.kysely, part, 20, Date.now(), js.id)).toMatchObject({ stock: 13, completedOrderNos: [waiting.orderNo] });
    expect(await stockOf(part)).toEqual({ total: 13, SZ: 0, JS: 13, sum: 13 });
    expect(await allocationsOf(part)).toEqual([
      ['SZ', 3],
      ['JS', 7],
    ]);
    expect(await member.browser.call(orderCalls.cancel, { orderNo: waiting.orderNo })).toMatchObject({ code: 1 });
    expect(await stockOf(part)).toEqual({ total: 23, SZ: 3, JS: 20, sum: 23 });
  });

  it('of 40 concurrent orders on the last 10 units (6 in 深圳仓, 4 in 江苏仓), 10 are placed, and the figures stay summed through their cancels', async () => {
    const buyers: SignedInMember[] = [];
    for (let i = 0; i < 40; i++) buyers.push(await t.member());
    const part = await newPart({ SZ: 6, JS: 4 });
    const now = Date.now();
    await t.db.kysely
      .insertInto('cartItems')
      .values(buyers.map((buyer) => ({ userId: buyer.userId, productId: part, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now })))
      .execute();
    const answers = await Promise.all(
      buyers.map((buyer) => buyer.browser.call(orderCalls.place, { ...pickup, idempotencyKey: newKey(), quotedPayableCents: 100 })),
    );
    const placed = answers.flatMap((answer, index) => {
      const buyer = buyers[index];
      return answer.code === 1 && answer.data && buyer ? [{ buyer, orderNo: answer.data.orderNo }] : [];
    });
    expect(placed).toHaveLength(10);
    expect(await stockOf(part)).toEqual({ total: 0, SZ: 0, JS: 0, sum: 0 });
    const allocated = await allocationsOf(part);
    expect(allocated.filter(([code]) => code === 'SZ')).toHaveLength(6);
    expect(allocated.filter(([code]) => code === 'JS')).toHaveLength(4);

    const cancels = await Promise.all(placed.map(({ buyer, orderNo }) => buyer.browser.call(orderCalls.cancel, { orderNo })));
    expect(cancels.map((answer) => answer.code)).toEqual(placed.map(() => 1));
    expect(await stockOf(part)).toEqual({ total: 10, SZ: 6, JS: 4, sum: 10 });
    const broken = await t.db.kysely
      .selectFrom('products as p')
      .select('p.id')
      .where((eb) =>
        eb(
          'p.stock',
          '<>',
          eb.fn.coalesce(
            eb
              .selectFrom('productWarehouseStock as s')
              .select((s) => s.fn.sum<number>('s.quantity').as('total'))
              .whereRef('s.productId', '=', 'p.id'),
            eb.lit(0),
          ),
        ),
      )
      .execute();
    expect(broken).toEqual([]);
  }, 120_000);
});
