import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { listMessages } from '../message/message.service.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from '../order/testing/order-fixture.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { expireQuotations, priceQuotation } from './quotation-staff.service.ts';
import { findQuotationLines } from './quotation.repository.ts';
import { priceAll, requestParts } from './testing/quotation-fixture.ts';

const pickup = { carrierCode: 'pickup', addressId: null, shortfallChoice: 'shipAvailable' } as const;
const day = 86_400_000;

describe('quotations', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function messagesOf(userId: number) {
    return (await listMessages(t.db.kysely, userId, { page: 1, messageType: null, isUnreadOnly: false })).messages;
  }

  it('stores a request with its lines (待报价), lists and details it, and tells the member by a BOM message', async () => {
    const member = await t.member();
    const quotationId = await requestParts(member.browser, [
      { partNumber: 'STM32F103C8T6', quantity: 1000, remark: '可接受替代' },
      { partNumber: '0603 10k 1%', quantity: 5000 },
    ]);
    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({
      status: 'pending',
      statusLabel: '待报价',
      lineCount: 2,
      totalCents: null,
      validUntil: null,
      canAccept: false,
      canCancel: true,
    });
    expect(detail.quotationNo).toMatch(/^Q\d{14}$/);
    expect(detail.lines.map((line) => [line.lineNo, line.partNumber, line.quantity, line.remark, line.offer])).toEqual([
      [1, 'STM32F103C8T6', 1000, '可接受替代', null],
      [2, '0603 10k 1%', 5000, '', null],
    ]);
    const list = await member.browser.callOk(quotationCalls.list, { status: 'pending' });
    expect(list.quotations.map((quotation) => quotation.id)).toEqual([quotationId]);
    expect(list.counts.pending).toBe(1);
    const messages = await messagesOf(member.userId);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.messageType).toBe(MessageType.bom);
    expect(messages[0]?.msgContent).toContain(`您的询价单 <strong>${detail.quotationNo}</strong> 已提交，共 2 项`);

    const other = await t.member();
    expect((await other.browser.call(quotationCalls.detail, { quotationId })).errorCode).toBe('quotation.notFound');
    expect((await other.browser.call(quotationCalls.cancel, { quotationId })).errorCode).toBe('quotation.notFound');
    expect((await t.browser().call(quotationCalls.list, {})).code).toBe(401);
  });

  it("refuses a request naming another member's BOM", async () => {
    const owner = await t.member();
    const now = Date.now();
    const bom = await t.db.kysely
      .insertInto('boms')
      .values({
        userId: owner.userId,
        name: '主板',
        fileName: 'main.csv',
        sheetJson: JSON.stringify({
          fileName: 'main.csv',
          sheetName: '',
          headerRowIndex: 0,
          headers: ['型号', '数量'],
          rows: [['LM358DR', '1']],
          mapping: { mpn: 0, quantity: 1 },
        }),
        optionsJson: JSON.stringify({ boards: 1, sparePercent: 0, mergeDuplicates: false }),
        choicesJson: '[]',
        lineCount: 1,
        matchedCount: 1,
        matchRatePermille: 1000,
        totalCents: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = [{ lineNo: 1, partNumber: 'LM358DR', quantity: 100 }];
    const stranger = await t.member();
    expect((await stranger.browser.call(quotationCalls.request, { bomId: bom.id, lines })).errorCode).toBe('bom.notFound');
    expect((await owner.browser.call(quotationCalls.request, { bomId: bom.id, lines })).code).toBe(1);
  });

  it('refuses bad requests by the contract and limits a member to 10 requests an hour', async () => {
    const member = await t.member();
    expect((await member.browser.post(quotationCalls.request.path, { lines: [] })).msg).toBe('请至少选择一项需要询价的物料');
    const zero = await member.browser.post(quotationCalls.request.path, { lines: [{ lineNo: 1, partNumber: 'X', quantity: 0 }] });
    expect(zero.code).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, index) => ({ lineNo: index + 1, partNumber: `P${String(index)}`, quantity: 1 }));
    expect((await member.browser.post(quotationCalls.request.path, { lines: tooMany })).msg).toBe('一次最多询价500项');
    for (let i = 0; i < 10; i++) await requestParts(member.browser, [{ partNumber: `LIMIT-${String(i)}`, quantity: 1 }]);
    const eleventh = await member.browser.call(quotationCalls.request, { lines: [{ lineNo: 1, partNumber: 'LIMIT-10', quantity: 1 }] });
    expect(eleventh.errorCode).toBe('quotation.tooFrequent');
  });

  it('never lets a script in a line reach a message: BOM and offer messages are sanitised HTML', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: '<script>alert(1)</script>', quantity: 10, remark: '<img src=x onerror=alert(1)>' }]);
    await priceQuotation(t.db.kysely, quotationId, {
      lines: [{ lineId: (await findQuotationLines(t.db.kysely, [quotationId]))[0]?.id ?? 0, productId: part, unitPriceE4: 90, quantity: 10 }],
      validUntil: Date.now() + day,
      staffNote: '<script>x()</script>注意',
    });
    const stored = await t.db.kysely.selectFrom('messages').select(['messageType', 'msgContent']).where('userId', '=', member.userId).execute();
    expect(stored.map((row) => row.messageType).sort()).toEqual([MessageType.bom, MessageType.offer]);
    for (const row of stored) expect(row.msgContent).not.toMatch(/<script|<img/i);
    for (const message of await messagesOf(member.userId)) {
      expect(message.msgContent).not.toMatch(/<script|<img|onerror/i);
    }
    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail.lines[0]?.partNumber).toBe('<script>alert(1)</script>');
  });

  it('lets staff price a pending request once: 已报价 with amounts, validity and an offer message', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: 'ORD-PART', quantity: 1500 }]);
    const now = Date.now();
    await expect(
      priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 75, quantity: 1500 }], { validUntil: now - 1, now }),
    ).rejects.toMatchObject({
      errorCode: 'quotation.pricingInvalid',
    });
    await expect(priceAll(t.db.kysely, quotationId, [{ productId: 999_999, unitPriceE4: 75, quantity: 1500 }])).rejects.toMatchObject({
      errorCode: 'quotation.pricingInvalid',
    });
    const priced = await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 75, quantity: 1500 }], { now });
    expect(priced).toMatchObject({ status: 'quoted', totalCents: 1125, validUntil: now + 3 * day });
    await expect(priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 70, quantity: 1500 }])).rejects.toMatchObject({
      errorCode: 'quotation.notPending',
    });

    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({ status: 'quoted', statusLabel: '已报价', totalCents: 1125, canAccept: true, canCheckout: false });
    expect(detail.lines[0]?.offer).toMatchObject({ productId: part, unitPriceE4: 75, quantity: 1500, amountCents: 1125 });
    const offer = (await messagesOf(member.userId)).find((message) => message.messageType === MessageType.offer);
    expect(offer?.msgContent).toContain('合计 <strong>¥11.25</strong>');
  });

  it('accepts a quoted offer before its validity date only, and never another member’s', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const pending = await requestParts(member.browser, [{ partNumber: 'A', quantity: 10 }]);
    expect((await member.browser.call(quotationCalls.accept, { quotationId: pending })).errorCode).toBe('quotation.notQuoted');

    const quotationId = await requestParts(member.browser, [{ partNumber: 'B', quantity: 10 }]);
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 90, quantity: 10 }]);
    const other = await t.member();
    expect((await other.browser.call(quotationCalls.accept, { quotationId })).errorCode).toBe('quotation.notFound');
    const accepted = await member.browser.callOk(quotationCalls.accept, { quotationId });
    expect(accepted.settlementUrl).toBe(`/offer/settlement?quotationId=${String(quotationId)}`);
    // A second click answers the same address.
    expect((await member.browser.callOk(quotationCalls.accept, { quotationId })).settlementUrl).toBe(accepted.settlementUrl);
    expect((await member.browser.callOk(quotationCalls.detail, { quotationId })).status).toBe('accepted');

    const late = await requestParts(member.browser, [{ partNumber: 'C', quantity: 10 }]);
    const now = Date.now();
    await priceAll(t.db.kysely, late, [{ productId: part, unitPriceE4: 90, quantity: 10 }], { now: now - 2 * day, validUntil: now - day });
    expect((await member.browser.call(quotationCalls.accept, { quotationId: late })).errorCode).toBe('quotation.expired');
    expect((await member.browser.callOk(quotationCalls.detail, { quotationId: late })).status).toBe('expired');
    const claimed = await expireQuotations(t.db.kysely, now);
    expect(claimed.map((row) => row.id)).toContain(late);
    expect(claimed.map((row) => row.id)).not.toContain(quotationId);
    expect(await expireQuotations(t.db.kysely, now)).toEqual([]);

    // The list claims the member's own overdue offers as it reads them: the tab counts agree with the cards.
    const overdue = await requestParts(member.browser, [{ partNumber: 'F', quantity: 10 }]);
    await priceAll(t.db.kysely, overdue, [{ productId: part, unitPriceE4: 90, quantity: 10 }], { now: now - 2 * day, validUntil: now - day });
    const list = await member.browser.callOk(quotationCalls.list, { status: 'expired' });
    expect(list.quotations.map((quotation) => quotation.id)).toContain(overdue);
    expect(list.counts.expired).toBe(2);
    expect(list.counts.quoted).toBe(0);
  });

  it('cancels a request not yet ordered, and only then', async () => {
    const member = await t.member();
    const quotationId = await requestParts(member.browser, [{ partNumber: 'D', quantity: 1 }]);
    const cancelled = await member.browser.callOk(quotationCalls.cancel, { quotationId });
    expect(cancelled).toMatchObject({ status: 'cancelled', statusLabel: '已取消', canCancel: false });
    expect((await member.browser.call(quotationCalls.cancel, { quotationId })).errorCode).toBe('quotation.notCancellable');
    expect((await member.browser.call(quotationCalls.accept, { quotationId })).errorCode).toBe('quotation.notQuoted');
  });

  it('checks out an accepted offer at its quoted prices and quantities, once, leaving the cart alone', async () => {
    const member = await t.member();
    // Tier prices ¥0.0100 / ¥0.0080; the offer is ¥0.0065 for 2,000 and ¥0.1234 for 7.
    const first = await insertPart(t.db.kysely, t.fixture.catalog);
    const second = await insertPart(t.db.kysely, t.fixture.catalog);
    const inCart = await insertPart(t.db.kysely, t.fixture.catalog);
    await member.browser.callOk(cartCalls.add, { productId: inCart, quantity: 5 });
    const quotationId = await requestParts(member.browser, [
      { partNumber: 'FIRST', quantity: 2000 },
      { partNumber: 'SECOND', quantity: 7 },
    ]);
    await priceAll(t.db.kysely, quotationId, [
      { productId: first, unitPriceE4: 65, quantity: 2000 },
      { productId: second, unitPriceE4: 1234, quantity: 7 },
    ]);
    const notYet = await member.browser.call(orderCalls.preview, { ...pickup, quotationId });
    expect(notYet.errorCode).toBe('quotation.notAccepted');
    await member.browser.callOk(quotationCalls.accept, { quotationId });

    const preview = await member.browser.callOk(orderCalls.preview, { ...pickup, quotationId });
    expect(preview.lines.map((line) => [line.productId, line.quantity, line.unitPriceE4, line.amountCents])).toEqual([
      [first, 2000, 65, 1300],
      [second, 7, 1234, 86],
    ]);
    // ¥0.1234 × 7 = ¥0.8638: amounts round to the fen as the cart's do.
    expect(preview.goodsCents).toBe(1386);
    const place = { ...pickup, quotationId, quotedPayableCents: preview.payableCents };
    const placed = await member.browser.callOk(orderCalls.place, { ...place, idempotencyKey: newKey() });
    expect(placed.payableCents).toBe(preview.payableCents);

    const order = await t.db.kysely.selectFrom('orders').selectAll().where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ quotationId, goodsCents: 1386, payableCents: preview.payableCents });
    const lines = await t.db.kysely
      .selectFrom('orderLines')
      .select(['productId', 'quantity', 'unitPriceE4', 'amountCents'])
      .where('orderId', '=', order.id)
      .orderBy('productId')
      .execute();
    expect(lines).toEqual([
      { productId: first, quantity: 2000, unitPriceE4: 65, amountCents: 1300 },
      { productId: second, quantity: 7, unitPriceE4: 1234, amountCents: 86 },
    ]);
    expect(await stockOf(t.db.kysely, first)).toBe(8000);
    const cart = await t.db.kysely.selectFrom('cartItems').select('productId').where('userId', '=', member.userId).execute();
    expect(cart).toEqual([{ productId: inCart }]);

    const detail = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(detail).toMatchObject({ status: 'ordered', statusLabel: '已下单', orderNo: placed.orderNo, canCancel: false, canCheckout: false });
    const again = await member.browser.call(orderCalls.place, { ...place, idempotencyKey: newKey() });
    expect(again.errorCode).toBe('quotation.alreadyOrdered');
    expect((await member.browser.call(orderCalls.preview, { ...pickup, quotationId })).errorCode).toBe('quotation.alreadyOrdered');
    const orders = await t.db.kysely.selectFrom('orders').select('id').where('quotationId', '=', quotationId).execute();
    expect(orders).toHaveLength(1);
  });

  it('refuses checkout of an offer past its validity and of another member’s offer', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: 'E', quantity: 10 }]);
    const now = Date.now();
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 90, quantity: 10 }], { now, validUntil: now + 60_000 });
    await member.browser.callOk(quotationCalls.accept, { quotationId });
    const other = await t.member();
    expect((await other.browser.call(orderCalls.preview, { ...pickup, quotationId })).errorCode).toBe('quotation.notFound');
    await t.db.kysely
      .updateTable('quotations')
      .set({ validUntil: now - 1 })
      .where('id', '=', quotationId)
      .execute();
    const late = await member.browser.call(orderCalls.place, { ...pickup, quotationId, idempotencyKey: newKey(), quotedPayableCents: 9 });
    expect(late.errorCode).toBe('quotation.expired');
  });
});
