import type { Kysely } from 'kysely';
import { ShortfallChoice } from '../../../../contract/order.ts';
import { uploadCalls } from '../../../../contract/upload-calls.ts';
import type { Database } from '../../../db/database.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import type { UsedTestApp } from '../../../testing/use-test-app.ts';
import { addToCart } from '../../cart/cart.service.ts';
import { previewCheckout } from '../../order/checkout.service.ts';
import { placeOrder } from '../../order/order-placement.service.ts';
import { completeOrder, confirmBankTransfer, shipOrder } from '../../order/order-staff.service.ts';
import { insertPart, newKey, type OrderCatalog } from '../../order/testing/order-fixture.ts';
import { pngImage, postUpload } from '../../upload/testing/upload-test-kit.ts';

export interface ComplaintOrder {
  orderNo: string;
  lineIds: number[];
}

/**
 * An order of `lineCount` parts for the member, paid by bank transfer and then, as `stage` says,
 * left 待发货, shipped (SF), or shipped and completed at `completedAt`.
 */
export async function orderAtStage(
  db: Kysely<Database>,
  t: Pick<UsedTestApp<unknown>, 'deps'>,
  catalog: OrderCatalog,
  userId: number,
  options: { stage: 'unshipped' | 'shipped' | 'completed'; lineCount?: number; completedAt?: number },
): Promise<ComplaintOrder> {
  for (let index = 0; index < (options.lineCount ?? 1); index += 1) {
    const part = await insertPart(db, catalog, { prices: [{ qtyStart: 1, priceE4: 200_000 }] });
    await addToCart(db, userId, part, 10);
  }
  const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds: [] };
  const quote = await previewCheckout(db, userId, choice);
  const placed = await placeOrder(db, t.deps.config.orders, userId, {
    ...choice,
    idempotencyKey: newKey(),
    invoice: { kind: 'none' },
    remark: '',
    quotedPayableCents: quote.payableCents,
  });
  await confirmBankTransfer(db, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
  if (options.stage !== 'unshipped') await shipOrder(db, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF1234567890' });
  if (options.stage === 'completed') await completeOrder(db, { orderNo: placed.orderNo, now: options.completedAt });
  const lines = await db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select('orderLines.id')
    .where('orders.orderNo', '=', placed.orderNo)
    .orderBy('orderLines.id')
    .execute();
  return { orderNo: placed.orderNo, lineIds: lines.map((line) => line.id) };
}

/** A feedback photo uploaded through the store's own endpoint, as the page does: its key. */
export async function uploadFeedbackPhoto(
  t: Pick<UsedTestApp<unknown>, 'app'>,
  browser: TestBrowser,
  purpose: 'feedback' | 'avatar' = 'feedback',
): Promise<string> {
  const { token } = await browser.callOk(uploadCalls.getQiniuToken, { purpose });
  const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'photo.png', data: pngImage(2, 2) } });
  if (!envelope.data) throw new Error(`upload refused: ${envelope.msg}`);
  return envelope.data.key;
}
