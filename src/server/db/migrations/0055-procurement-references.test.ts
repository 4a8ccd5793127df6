import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

/** A part on a brand and categories of its own, written as the store was then. */
async function aPart(db: TestDb): Promise<number> {
  const k = db.kysely;
  const { id: groupId } = await k.insertInto('categoryGroups').values({ name: '被动元件', sort: 0 }).returning('id').executeTakeFirstOrThrow();
  const category = (level: 1 | 2, parentId: number | null) =>
    k
      .insertInto('categories')
      .values({ name: `电阻${String(level)}`, level, groupId: parentId === null ? groupId : null, parentId, sort: 0, skuCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
  const first = await category(1, null);
  const second = await category(2, first.id);
  const brand = await k
    .insertInto('brands')
    .values({ nameEn: 'YAGEO', initial: 'Y', intro: '', country: '', isPartner: 0, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return insertProduct(k, { brandId: brand.id, categoryFirstId: first.id, categorySecondId: second.id });
}

/** Migration 0055 over a store written before it: orders, lines and cart lines without references, and the new memory table. */
describe('migration 0055: 采购订单号, 客户料号 and the member’s 客户料号 per part', () => {
  let db: TestDb;
  let userId = 0;
  let productId = 0;
  let orderId = 0;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0055-procurement-references'));
    ({ userId } = await createMember(db.kysely));
    productId = await aPart(db);
    const order = await db.kysely
      .insertInto('orders')
      .values({
        orderNo: '2601010000955501',
        userId,
        status: 'unpaid',
        productCount: 10,
        addressJson: null,
        invoiceJson: null,
        couponsJson: null,
        paymentMethod: null,
        paymentTradeNo: null,
        paidAt: null,
        expiresAt: null,
        cancelledAt: null,
        cancelReason: null,
        trackingNo: null,
        shippedAt: null,
        completedAt: null,
        quotationId: null,
        createdAt: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderId = order.id;
    const line = { orderId, productId, productCode: 'X', productName: 'X', brandName: 'X', package: '0603', quantity: 10, reservedQuantity: 10 };
    await db.kysely
      .insertInto('orderLines')
      .values({ ...line, unitPriceE4: 100, amountCents: 10 })
      .execute();
    await db.kysely.insertInto('cartItems').values({ userId, productId, quantity: 10, isSelected: 1, createdAt: 1, updatedAt: 1 }).execute();
    await migrateTo(db, '0055-procurement-references');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('leaves earlier orders, lines and cart lines without a 采购订单号 or 客户料号', async () => {
    expect(await db.kysely.selectFrom('orders').select('poNumber').where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ poNumber: '' });
    expect(await db.kysely.selectFrom('orderLines').select('customerPartNo').where('orderId', '=', orderId).execute()).toEqual([{ customerPartNo: '' }]);
    expect(await db.kysely.selectFrom('cartItems').select('customerPartNo').where('userId', '=', userId).execute()).toEqual([{ customerPartNo: '' }]);
  });

  it('keeps one 客户料号 per member and part', async () => {
    const row = { userId, productId, customerPartNo: 'CPN-1', updatedAt: 1 };
    await db.kysely.insertInto('customerPartNumbers').values(row).execute();
    await expect(
      db.kysely
        .insertInto('customerPartNumbers')
        .values({ ...row, customerPartNo: 'CPN-2' })
        .execute(),
    ).rejects.toThrow();
  });
});
