import { describe, expect, it } from 'vitest';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { withTransaction } from '../../db/transaction.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { restock } from '../order/order-backorder.service.ts';
import { cancelOrder } from '../order/order.service.ts';
import { expireOverdueOrders } from '../order/order.service.ts';
import { insertOrderCatalog, insertPart, newKey } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { findQuotationById, findQuotationLines } from './quotation.repository.ts';
import { reopenQuotationOfLapsedOrder } from './quotation.service.ts';
import { priceQuotation } from './quotation-staff.service.ts';
import { requestParts } from './testing/quotation-fixture.ts';

const day = 86_400_000;
const pickup = { carrierCode: 'pickup', addressId: null } as const;
const inDays = (days: number) => formatBeijingDate(Date.now() + days * day);

/** The quotation's lifecycle through the services and calls: back orders, re-pricing, stale pages, an order lapsing. */
describe('the quotation lifecycle in the store', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const quotationMessages = (userId: number) =>
    t.db.kysely
      .selectFrom('messages')
      .select(['messageType', 'msgContent'])
      .where('userId', '=', userId)
      .where('messageType', 'in', [MessageType.bom, MessageType.offer])
      .orderBy('id')
      .execute();

  /** A request of one line per offer, priced as given (lead time included), valid 3 days unless told. */
  async function quotedOffer(
    member: SignedInMember,
    offers: readonly { productId: number; unitPriceE4: number; quantity: number; leadTime?: string }[],
    options: { now?: number; validUntil?: number } = {},
  ) {
    const now = options.now ?? Date.now();
    const validUntil = options.validUntil ?? now + 3 * day;
    const quotationId = await requestParts(
      member.browser,
      offers.map((offer, index) => ({ partNumber: `LC-${String(index)}`, quantity: offer.quantity })),
    );
    const lines = await findQuotationLines(t.db.kysely, [quotationId]);
    await priceQuotation(t.db.kysely, quotationId, { lines: offers.map((offer, index) => ({ lineId: lines[index]?.id ?? 0, ...offer })), validUntil }, now);
    return quotationId;
  }

  async function placeQuoted(member: SignedInMember, quotationId: number, shortfallChoice: 'shipAvailable' | 'waitForAll' = 'shipAvailable') {
    const preview = await member.browser.callOk(orderCalls.preview, { ...pickup, shortfallChoice, quotationId });
    const placed = await member.browser.callOk(orderCalls.place, {
      ...pickup,
      shortfallChoice,
      quotationId,
      idempotencyKey: newKey(),
      quotedPayableCents: preview.payableCents,
    });
    return { preview, placed };
  }

  function orderLinesOf(orderNo: string) {
    return t.db.kysely
      .selectFrom('orderLines as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(['l.productId', 'l.quantity', 'l.reservedQuantity', 'l.unitPriceE4'])
      .where('o.orderNo', '=', orderNo)
      .orderBy('l.productId')
      .execute();
  }

  it('orders every quoted line whole at its quoted price, a line quoted with a lead time as a back order, whichever way it ships', async () => {
    const member = await t.member();
    const inStock = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 10_000 });
    const noStock = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 0 });
    const someStock = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 300 });
    const quotationId = await quotedOffer(member, [
      { productId: inStock, unitPriceE4: 90, quantity: 1000, leadTime: '现货' },
      { productId: noStock, unitPriceE4: 1234, quantity: 50, leadTime: '2周' },
      { productId: someStock, unitPriceE4: 500, quantity: 500, leadTime: '3-4周' },
    ]);
    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 });

    for (const choice of ['shipAvailable', 'waitForAll'] as const) {
      const preview = await member.browser.callOk(orderCalls.preview, { ...pickup, shortfallChoice: choice, quotationId });
      expect(
        preview.lines.map((line) => [line.productId, line.quantity, line.unitPriceE4, line.isShortOfStock]),
        choice,
      ).toEqual([
        [inStock, 1000, 90, false],
        [noStock, 50, 1234, true],
        [someStock, 500, 500, true],
      ]);
      expect(preview.hasShortfall).toBe(true);
      // ¥0.009 × 1000 + ¥0.1234 × 50 + ¥0.05 × 500
      expect(preview.goodsCents).toBe(900 + 617 + 2500);
    }
    const settlement = await member.browser.get(`/offer/settlement?quotationId=${String(quotationId)}`);
    expect(settlement.body).toContain('2周');
    expect(settlement.body).not.toContain('本单不含此商品');

    const { placed } = await placeQuoted(member, quotationId, 'shipAvailable');
    expect(await orderLinesOf(placed.orderNo)).toEqual(
      [
        { productId: inStock, quantity: 1000, reservedQuantity: 1000, unitPriceE4: 90 },
        { productId: noStock, quantity: 50, reservedQuantity: 0, unitPriceE4: 1234 },
        { productId: someStock, quantity: 500, reservedQuantity: 300, unitPriceE4: 500 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'ordered', orderNo: placed.orderNo });

    // The back-ordered units are the order's when they arrive.
    await restock(t.db.kysely, noStock, 50);
    expect((await orderLinesOf(placed.orderNo)).find((line) => line.productId === noStock)?.reservedQuantity).toBe(50);
  });

  it('gives the offer back once when its unpaid order lapses: 已报价 while valid, 已过期 after, each with a message; ordered again, it makes a new order', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const now = Date.now();
    const quotationId = await quotedOffer(member, [{ productId: part, unitPriceE4: 100, quantity: 20 }], { now, validUntil: now + day });
    await member.browser.callOk(quotationCalls.accept, { quotationId });
    const { placed } = await placeQuoted(member, quotationId);
    const before = (await quotationMessages(member.userId)).length;

    // The order feature cancels the order, then gives the offer back in the same transaction.
    const lapse = (orderNo: string, at: number) =>
      withTransaction(t.db.kysely, async (trx) => {
        await trx.updateTable('orders').set({ status: 'cancelled', cancelledAt: at, updatedAt: at }).where('orderNo', '=', orderNo).execute();
        await reopenQuotationOfLapsedOrder(trx, { quotationId, orderNo, now: at });
      });
    await lapse(placed.orderNo, now + 1000);
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'quoted', orderNo: null, orderedAt: null, acceptedAt: null });
    const messages = await quotationMessages(member.userId);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)).toMatchObject({ messageType: MessageType.offer });
    expect(messages.at(-1)?.msgContent).toContain('已恢复为已报价');
    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({ status: 'quoted', orderNo: null, allowedEvents: ['accept', 'cancel'], canAccept: true });

    // Once: a second call (another process, a retry) changes nothing and tells no one.
    await withTransaction(t.db.kysely, (trx) => reopenQuotationOfLapsedOrder(trx, { quotationId, orderNo: placed.orderNo, now: now + 2000 }));
    expect(await quotationMessages(member.userId)).toHaveLength(before + 1);

    // Ordered again: a second order of the same offer (the cancelled one no longer counts as its order).
    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 });
    const again = await placeQuoted(member, quotationId);
    expect(again.placed.orderNo).not.toBe(placed.orderNo);
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'ordered', orderNo: again.placed.orderNo });
    // A lapse of the older order leaves the quotation of the newer one alone.
    await withTransaction(t.db.kysely, (trx) => reopenQuotationOfLapsedOrder(trx, { quotationId, orderNo: placed.orderNo, now: now + 3000 }));
    expect((await findQuotationById(t.db.kysely, quotationId))?.status).toBe('ordered');

    // Past its validity the lapse leaves it 已过期.
    await lapse(again.placed.orderNo, now + 2 * day);
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'expired', orderNo: null });
    expect((await quotationMessages(member.userId)).at(-1)?.msgContent).toContain('已过报价有效期');
    expect((await quotationMessages(member.userId)).length).toBe(before + 2);
  });

  it('gives the offer back when the member cancels its unpaid order, and when the order expires unpaid (past the validity: 已过期)', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const now = Date.now();
    const quotationId = await quotedOffer(member, [{ productId: part, unitPriceE4: 100, quantity: 20, leadTime: '现货' }], {
      now,
      validUntil: now + 2 * 3_600_000,
    });
    await member.browser.callOk(quotationCalls.accept, { quotationId });
    const first = await placeQuoted(member, quotationId);
    await cancelOrder(t.db.kysely, member.userId, first.placed.orderNo);
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'quoted', orderNo: null });
    expect((await quotationMessages(member.userId)).at(-1)?.msgContent).toContain(`${first.placed.orderNo}</strong> 未付款已取消`);

    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 });
    const second = await placeQuoted(member, quotationId);
    const order = await t.db.kysely.selectFrom('orders').select(['expiresAt']).where('orderNo', '=', second.placed.orderNo).executeTakeFirstOrThrow();
    // The sweeper runs after the payment window and after the offer's validity (2 hours).
    const late = Math.max(Number(order.expiresAt), now + 2 * 3_600_000) + 1;
    while ((await expireOverdueOrders(t.db.kysely, late)) > 0);
    expect(await t.db.kysely.selectFrom('orders').select('status').where('orderNo', '=', second.placed.orderNo).executeTakeFirstOrThrow()).toEqual({
      status: 'cancelled',
    });
    expect(await findQuotationById(t.db.kysely, quotationId)).toMatchObject({ status: 'expired', orderNo: null });
    expect((await quotationMessages(member.userId)).at(-1)?.msgContent).toContain('已过报价有效期');
    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({ status: 'expired', allowedEvents: [] });
  });

  it('lets staff price an offer again: new prices and validity, an accepted offer to be accepted again, the member told, audited; a page or desk showing the older offer is refused', async () => {
    const member = await t.member();
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const colleague = await signedInStaff(t.app, t.db.kysely, 'admin');
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: 'REQUOTE-1', quantity: 100 }]);
    const [line] = await findQuotationLines(t.db.kysely, [quotationId]);
    const offerLine = (unitPriceE4: number, leadTime = '现货') => ({ lineId: line?.id ?? 0, productId: part, unitPriceE4, quantity: 100, leadTime });

    expect(await sales.browser.call(quotationDeskCalls.requote, { quotationId, validDate: inDays(3), staffNote: '', lines: [offerLine(90)] })).toMatchObject({
      code: 409,
      errorCode: 'quotation.notRequotable',
      msg: '询价单尚未报价，不能重新报价',
    });
    const sent = await sales.browser.call(quotationDeskCalls.send, {
      quotationId,
      validDate: inDays(3),
      staffNote: '',
      lines: [offerLine(90)],
      from: 'pending',
      revision: 0,
    });
    expect(sent.data).toMatchObject({
      status: 'quoted',
      offerRevision: 1,
      canSend: false,
      canRequote: true,
      canClose: true,
      allowedEvents: ['requote', 'close'],
    });
    expect(sent.data?.lines[0]?.offered?.productId).toBe(part);
    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 });

    const requoted = await sales.browser.call(quotationDeskCalls.requote, {
      quotationId,
      validDate: inDays(5),
      staffNote: '降价',
      lines: [offerLine(80, '1周')],
      from: 'accepted',
      revision: 1,
    });
    expect(requoted).toMatchObject({ code: 1, msg: '已重新报价，会员将收到新的报价消息', data: { status: 'quoted', offerRevision: 2, totalCents: 80 } });
    // The desk's page offers 重新报价 starting from the current offer, and 关闭.
    const deskPage = await sales.browser.get(`/admin/quotations/${String(quotationId)}`);
    expect(deskPage.body).toContain('aria-label="重新报价"');
    expect(deskPage.body).toContain('发送新报价');
    expect(deskPage.body).toContain('关闭询价单');
    expect(deskPage.body).toContain('value="0.008"');

    // The member's page and the colleague's desk still show the first offer.
    expect(await member.browser.call(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 })).toMatchObject({
      code: 409,
      errorCode: 'quotation.changedMeanwhile',
      msg: '询价单状态已被他人更改，请刷新后重试',
    });
    expect(
      await colleague.browser.call(quotationDeskCalls.requote, {
        quotationId,
        validDate: inDays(5),
        staffNote: '',
        lines: [offerLine(70)],
        from: 'accepted',
        revision: 1,
      }),
    ).toMatchObject({ code: 409, errorCode: 'quotation.changedMeanwhile' });
    expect(await colleague.browser.call(quotationDeskCalls.close, { quotationId, reason: '重复', from: 'quoted', revision: 1 })).toMatchObject({
      code: 409,
      errorCode: 'quotation.changedMeanwhile',
    });
    // Settling the first offer's acceptance is no longer possible: it must be accepted at the new price.
    expect((await member.browser.call(orderCalls.preview, { ...pickup, shortfallChoice: 'shipAvailable', quotationId })).errorCode).toBe(
      'quotation.notAccepted',
    );

    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({ status: 'quoted', offerRevision: 2, staffNote: '降价', allowedEvents: ['accept', 'cancel'] });
    expect(detail.lines[0]?.offer).toMatchObject({ unitPriceE4: 80, leadTime: '1周' });
    const offers = (await quotationMessages(member.userId)).filter((message) => message.messageType === MessageType.offer);
    expect(offers).toHaveLength(2);
    expect(offers[1]?.msgContent).toContain('已重新报价');
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'beforeJson', 'afterJson'])
      .where('subject', '=', 'Quotation')
      .where('subjectId', '=', String(quotationId))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['sendOffer', 'requote']);
    expect(JSON.parse(audit[1]?.afterJson ?? '{}')).toMatchObject({ status: 'quoted', offerRevision: 2, totalCents: 80 });
    expect(JSON.parse(audit[1]?.beforeJson ?? '{}')).toMatchObject({ status: 'accepted', offerRevision: 1 });

    // An offer past its validity is priced again with a new validity; an ordered one is not.
    await t.db.kysely
      .updateTable('quotations')
      .set({ validUntil: Date.now() - 1 })
      .where('id', '=', quotationId)
      .execute();
    const expired = await sales.browser.call(quotationDeskCalls.detail, { quotationId });
    expect(expired.data).toMatchObject({ status: 'expired', canRequote: true, canClose: true });
    const revived = await sales.browser.call(quotationDeskCalls.requote, {
      quotationId,
      validDate: inDays(2),
      staffNote: '',
      lines: [offerLine(85)],
      from: 'expired',
      revision: 2,
    });
    expect(revived.data).toMatchObject({ status: 'quoted', offerRevision: 3 });
    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 3 });
    await placeQuoted(member, quotationId);
    expect(await sales.browser.call(quotationDeskCalls.requote, { quotationId, validDate: inDays(2), staffNote: '', lines: [offerLine(60)] })).toMatchObject({
      code: 409,
      msg: '报价已下单，不能重新报价',
    });
    expect((await sales.browser.call(quotationDeskCalls.detail, { quotationId })).data).toMatchObject({
      allowedEvents: [],
      canClose: false,
      canRequote: false,
    });
  });

  it('answers a page that showed another state with that state’s refusal or 已被他人更改, and changes nothing', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await quotedOffer(member, [{ productId: part, unitPriceE4: 90, quantity: 10 }]);
    await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 });
    // A second click of 接受报价 answers the same settlement page.
    expect((await member.browser.callOk(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 })).settlementUrl).toBe(
      `/offer/settlement?quotationId=${String(quotationId)}`,
    );
    // A tab still showing 待报价 withdraws nothing it has not seen.
    expect(await member.browser.call(quotationCalls.cancel, { quotationId, from: 'pending', revision: 0 })).toMatchObject({
      code: 409,
      errorCode: 'quotation.changedMeanwhile',
    });
    expect((await findQuotationById(t.db.kysely, quotationId))?.status).toBe('accepted');
    await placeQuoted(member, quotationId);
    expect(await member.browser.call(quotationCalls.cancel, { quotationId, from: 'accepted', revision: 1 })).toMatchObject({
      code: 409,
      errorCode: 'quotation.notCancellable',
      msg: '报价已下单，不能取消询价',
    });
    expect(await member.browser.call(quotationCalls.accept, { quotationId, from: 'quoted', revision: 1 })).toMatchObject({
      errorCode: 'quotation.alreadyOrdered',
      msg: '该报价已下单，不能重复结算',
    });
    expect((await findQuotationById(t.db.kysely, quotationId))?.status).toBe('ordered');
  });
});
