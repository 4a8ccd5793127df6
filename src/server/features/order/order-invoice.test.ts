import { describe, expect, it } from 'vitest';
import type { InvoiceRequest } from '../../../contract/invoice.ts';
import { MessageType } from '../../../contract/message.ts';
import { ShortfallChoice } from '../../../contract/order.ts';
import { errorCodeOf } from '../../testing/error-code.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { previewCheckout } from './checkout.service.ts';
import { issueInvoice, reverseInvoice } from './order-invoice.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { confirmBankTransfer } from './order-staff.service.ts';
import { refundOrder } from '../payment/order-refund-workflow.service.ts';
import { refundContextOf } from '../payment/payment-refund.service.ts';
import { cancelOrder, loadOrderDetail } from './order.service.ts';
import { insertOrderCatalog, insertPart, newKey } from './testing/order-fixture.ts';

const special: InvoiceRequest = {
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

describe('issuing the invoice of an order', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function placed(invoice: InvoiceRequest = special, options: { isPaid?: boolean } = {}) {
    const k = t.db.kysely;
    const part = await insertPart(k, t.fixture.catalog, { stock: 100, prices: [{ qtyStart: 1, priceE4: 150_000 }] });
    const member = await t.member();
    await addToCart(k, member.userId, part, 10);
    const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds: [] };
    const quote = await previewCheckout(k, member.userId, choice);
    const order = await placeOrder(k, t.deps.config.orders, member.userId, {
      ...choice,
      idempotencyKey: newKey(),
      invoice,
      remark: '',
      quotedPayableCents: quote.payableCents,
    });
    if (options.isPaid ?? true) await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '' });
    return { ...order, userId: member.userId };
  }

  const invoicesOf = (orderNo: string) =>
    t.db.kysely
      .selectFrom('orderInvoices as i')
      .innerJoin('orders as o', 'o.id', 'i.orderId')
      .select('i.invoiceNumber')
      .where('o.orderNo', '=', orderNo)
      .execute();
  const invoiceMessagesOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', MessageType.invoice).execute()).map(
      (row) => row.msgContent,
    );

  it('records the invoice of a paid order once, tells the member (type 4) and shows it on the order', async () => {
    const order = await placed();
    const before = await loadOrderDetail(t.db.kysely, order.userId, order.orderNo);
    expect(before.issuedInvoice).toBeNull();
    const issuedAt = Date.UTC(2026, 10, 24, 2);
    await issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber: ' 25442000000012345678 ', issuedAt, fileUrl: '/uploads/invoices/1.pdf' });
    const after = await loadOrderDetail(t.db.kysely, order.userId, order.orderNo);
    expect(after.issuedInvoice).toEqual({
      invoiceNumber: '25442000000012345678',
      issuedAt,
      fileUrl: '/uploads/invoices/1.pdf',
      status: 'issued',
      statusLabel: '已开票',
      reversalNumber: null,
    });
    expect(after.events.at(-1)?.text).toBe('增值税专用发票已开具，发票号码 25442000000012345678');
    expect(await invoiceMessagesOf(order.userId)).toEqual([
      `您的订单${order.orderNo}的增值税专用发票已开具，发票号码25442000000012345678，可在订单详情中下载电子发票。`,
    ]);
    expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber: '12345678' }))).toBe('order.invoiceAlreadyIssued');
    expect((await loadOrderDetail(t.db.kysely, order.userId, order.orderNo)).issuedInvoice?.invoiceNumber).toBe('25442000000012345678');
  });

  it('issues one invoice and sends one message when ten staff calls race', async () => {
    const order = await placed();
    const numbers = Array.from({ length: 10 }, (_, index) => `1234567${String(index)}`);
    const results = await Promise.all(numbers.map((invoiceNumber) => errorCodeOf(issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber }))));
    const refused = results.filter((code) => code !== 'none');
    expect(refused).toHaveLength(9);
    expect(new Set(refused)).toEqual(new Set(['order.invoiceAlreadyIssued']));
    expect(await invoicesOf(order.orderNo)).toHaveLength(1);
    expect(await invoiceMessagesOf(order.userId)).toHaveLength(1);
  });

  it('refuses an order without an invoice, an unpaid or cancelled one, an unknown one and a bad number or address, writing nothing', async () => {
    const withoutInvoice = await placed({ kind: 'none' });
    expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: withoutInvoice.orderNo, invoiceNumber: '12345678' }))).toBe('order.invoiceNotRequested');
    const unpaid = await placed(special, { isPaid: false });
    expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: unpaid.orderNo, invoiceNumber: '12345678' }))).toBe('order.invoiceNotIssuable');
    await cancelOrder(t.db.kysely, unpaid.userId, unpaid.orderNo);
    expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: unpaid.orderNo, invoiceNumber: '12345678' }))).toBe('order.invoiceNotIssuable');
    expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: '2611240000000000', invoiceNumber: '12345678' }))).toBe('order.notFound');
    const paid = await placed();
    for (const invoiceNumber of ['1234567', '123456789012345678901', '1234567A', '']) {
      expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: paid.orderNo, invoiceNumber }))).toBe('order.invoiceNumberInvalid');
    }
    for (const fileUrl of ['javascript:alert(1)', 'http://example.com/a.pdf', '//evil.example/a.pdf']) {
      expect(await errorCodeOf(issueInvoice(t.db.kysely, { orderNo: paid.orderNo, invoiceNumber: '12345678', fileUrl }))).toBe('order.invoiceFileUrlInvalid');
    }
    for (const orderNo of [withoutInvoice.orderNo, unpaid.orderNo, paid.orderNo]) expect(await invoicesOf(orderNo)).toEqual([]);
    expect(await invoiceMessagesOf(paid.userId)).toEqual([]);
  });

  it('refuses a 数电票 without its PDF (the upload not finished) and takes a paper invoice without one', async () => {
    const order = await placed();
    const digital = issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber: '25442000000012345678', fileUrl: '' });
    await expect(digital).rejects.toMatchObject({ errorCode: 'order.invoiceNotIssuable', msg: '数电票须上传电子发票PDF，请等待上传完成后再登记' });
    expect(await invoicesOf(order.orderNo)).toEqual([]);
    await issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber: '12345678' });
    expect(await invoicesOf(order.orderNo)).toHaveLength(1);
  });

  it('sends an issued invoice to 待红冲 when its order is refunded in full, refuses a new one, and registers the red-letter invoice once', async () => {
    const order = await placed();
    const k = t.db.kysely;
    await issueInvoice(k, { orderNo: order.orderNo, invoiceNumber: '12345678' });
    const ctx = refundContextOf({ db: k, logger: t.deps.logger, config: t.deps.config });
    const { order: closed } = await refundOrder(ctx, {
      orderNo: order.orderNo,
      refundNo: `RF${order.orderNo}`,
      amountCents: order.payableCents,
      reason: '客户退货',
    });
    expect(closed.status).toBe('closed');
    const detail = await loadOrderDetail(k, order.userId, order.orderNo);
    expect(detail.issuedInvoice).toMatchObject({ status: 'reversalPending', statusLabel: '待红冲', reversalNumber: null });
    expect(await invoiceMessagesOf(order.userId)).toEqual([
      `您的订单${order.orderNo}的增值税专用发票已开具，发票号码12345678。`,
      `您的订单${order.orderNo}已全额退款，已开具的增值税专用发票将作红冲处理。`,
    ]);
    await expect(reverseInvoice(k, { orderNo: order.orderNo, reversalNumber: '123' })).rejects.toMatchObject({ errorCode: 'invoice.reversalNumberInvalid' });
    const reversed = await reverseInvoice(k, { orderNo: order.orderNo, reversalNumber: '87654321' });
    expect(reversed).toMatchObject({ status: 'reversed', statusLabel: '已红冲', reversalNumber: '87654321' });
    await expect(reverseInvoice(k, { orderNo: order.orderNo, reversalNumber: '87654322' })).rejects.toMatchObject({
      errorCode: 'invoice.notReversible',
      msg: '发票已红冲，不能登记红冲',
    });
    expect(await invoiceMessagesOf(order.userId)).toHaveLength(3);
  });

  it('never invoices an order refunded in full before it was invoiced, saying why', async () => {
    const order = await placed();
    const ctx = refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });
    await refundOrder(ctx, { orderNo: order.orderNo, refundNo: `RF${order.orderNo}`, amountCents: order.payableCents, reason: '' });
    await expect(issueInvoice(t.db.kysely, { orderNo: order.orderNo, invoiceNumber: '12345678' })).rejects.toMatchObject({
      errorCode: 'order.invoiceNotIssuable',
      msg: '订单已取消或已全额退款，不能开具发票',
    });
    expect(await invoicesOf(order.orderNo)).toEqual([]);
  });
});
