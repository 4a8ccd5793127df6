import type { Kysely } from 'kysely';
import type { InvoiceRequest } from '../../../../contract/invoice.ts';
import { ShortfallChoice } from '../../../../contract/order.ts';
import type { Database } from '../../../db/database.ts';
import type { UsedTestApp } from '../../../testing/use-test-app.ts';
import { addToCart } from '../../cart/cart.service.ts';
import { previewCheckout } from '../../order/checkout.service.ts';
import { placeOrder } from '../../order/order-placement.service.ts';
import { confirmBankTransfer } from '../../order/order-staff.service.ts';
import { insertPart, newKey, type OrderCatalog } from '../../order/testing/order-fixture.ts';

export const specialInvoice: InvoiceRequest = {
  kind: 'inline',
  invoice: {
    type: 'special',
    companyName: '深圳市芯途电子科技有限公司',
    taxNumber: '91440300MA5GTEST7X',
    registeredAddress: '深圳市福田区华强北路1019号',
    registeredPhone: '0755-83776655',
    bankName: '招商银行深圳车公庙支行',
    bankAccount: '755987654321001',
  },
};

/**
 * A member's order of two parts (10 of ¥20.00 and 5 of ¥10.00, pickup, so ¥250.00 payable),
 * left 待付款 or confirmed paid by bank transfer.
 */
export async function placedOrder(
  t: Pick<UsedTestApp<{ catalog: OrderCatalog }>, 'db' | 'deps' | 'member' | 'fixture'>,
  options: { isPaid?: boolean; invoice?: InvoiceRequest } = {},
) {
  const db: Kysely<Database> = t.db.kysely;
  const member = await t.member();
  const first = await insertPart(db, t.fixture.catalog, { stock: 1000, prices: [{ qtyStart: 1, priceE4: 200_000 }] });
  const second = await insertPart(db, t.fixture.catalog, { stock: 1000, prices: [{ qtyStart: 1, priceE4: 100_000 }] });
  await addToCart(db, member.userId, first, 10);
  await addToCart(db, member.userId, second, 5);
  const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds: [] };
  const quote = await previewCheckout(db, member.userId, choice);
  const placed = await placeOrder(db, t.deps.config.orders, member.userId, {
    ...choice,
    idempotencyKey: newKey(),
    invoice: options.invoice ?? { kind: 'none' },
    remark: '',
    quotedPayableCents: quote.payableCents,
  });
  if (options.isPaid ?? true) await confirmBankTransfer(db, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
  const lines = await db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orderLines.id', 'orderLines.productId'])
    .where('orders.orderNo', '=', placed.orderNo)
    .execute();
  const lineOf = (productId: number) => lines.find((line) => line.productId === productId)?.id ?? 0;
  /** lineIds: the line of 10, then the line of 5. */
  return { ...placed, member, userId: member.userId, lineIds: [lineOf(first), lineOf(second)], productIds: [first, second] };
}
