import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { capitalAmountOfCents, formatCents, formatUnitPriceE4 } from '../../../contract/money.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { orderDocumentPath, type OrderDocumentKind } from '../../../contract/order-documents.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { pdfPagesText, pdfText } from '../../testing/pdf-text.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { markOrderPaid } from './order.service.ts';
import { orderDocumentBudgetKey } from './order-document.service.ts';
import { fillCart, insertOrderCatalog, insertPart, saveShanghaiAddress } from './testing/order-fixture.ts';

/** 订单确认单 and 形式发票 (issue 28): PDFs of the member's own order, drawn in a worker thread, with the order's references and amounts. */

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

const companyInvoice = {
  kind: 'inline',
  invoice: { type: 'normal-company', companyName: '深圳市芯途电子科技有限公司', taxNumber: '91440300MA5GTEST7X' },
} as const;

/** An order of `lineCount` parts below ¥1 (¥0.0023 a piece, extra digits kept), the first with a 客户料号, with a 采购订单号 and a company invoice. */
async function placeOrder(member: SignedInMember, options: { lineCount?: number; poNumber?: string; customerPartNo?: string } = {}) {
  const lineCount = options.lineCount ?? 2;
  const parts: number[] = [];
  for (let index = 0; index < lineCount; index += 1) {
    parts.push(await insertPart(t.db.kysely, t.fixture.catalog, { prices: [{ qtyStart: 1, priceE4: 23 + index }], package: '0603' }));
  }
  await fillCart(
    member.browser,
    parts.map((productId, index) => ({ productId, quantity: 1000 + index * 10 })),
  );
  if (options.customerPartNo) await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId: parts[0] ?? 0, customerPartNo: options.customerPartNo });
  const addressId = await saveShanghaiAddress(member.browser);
  const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId, shortfallChoice: 'shipAvailable' });
  const placed = await member.browser.callOk(orderCalls.place, {
    idempotencyKey: `doc-${String(member.userId)}-${String(Date.now())}`,
    carrierCode: 'zto',
    addressId,
    shortfallChoice: 'shipAvailable',
    quotedPayableCents: preview.payableCents,
    memberCouponIds: preview.memberCouponIds,
    poNumber: options.poNumber ?? '',
    invoice: companyInvoice,
  });
  return member.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo });
}

function download(member: SignedInMember, orderNo: string, kind: OrderDocumentKind) {
  return t.app.inject({
    method: 'GET',
    url: orderDocumentPath(orderNo, kind),
    headers: { cookie: member.browser.cookieHeader() },
    remoteAddress: member.browser.ip,
  });
}

describe('订单确认单', () => {
  it('is a PDF with the Chinese font embedded, named in Chinese, with the order’s references, lines, amounts and capital amount', async () => {
    const member = await t.member({}, '203.0.113.71');
    const order = await placeOrder(member, { poNumber: 'PO-2026-0815', customerPartNo: 'ACME-R-0603-10K' });
    const response = await download(member, order.orderNo, 'confirmation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_____-${order.orderNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`订单确认单-${order.orderNo}.pdf`)}`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontFile[23]?\b/);

    const text = pdfText(pdf);
    expect(text).toContain('订单确认单');
    expect(text).toContain(`订单号：${order.orderNo}`);
    expect(text).toContain('采购订单号：PO-2026-0815');
    expect(text).toContain('ACME-R-0603-10K');
    for (const line of order.lines) {
      expect(text).toContain(line.productCode);
      expect(text).toContain(formatUnitPriceE4(line.unitPriceE4));
      expect(text).toContain(formatCents(line.amountCents));
    }
    expect(order.lines.map((line) => formatUnitPriceE4(line.unitPriceE4))).toContain('¥0.0023');
    expect(text).toContain(formatCents(order.freightCents));
    expect(text).toContain(formatCents(order.payableCents));
    expect(text).toContain(`合计金额（大写）：人民币${capitalAmountOfCents(order.payableCents)}`);
    // A box's text wraps at its width: read the wrapped lines whole.
    expect(text.replaceAll('\n', '')).toContain('发票抬头：深圳市芯途电子科技有限公司（单位普通发票）');
    expect(text).toContain('纳税人识别号：91440300MA5GTEST7X');
    expect(text).toContain(`电话：${member.phone}`);
    expect(text).toContain('名称：芯品商城');
    expect(text).toContain('付款状态：待付款');
    expect(text).toContain('第 1 页 / 共 1 页');
  });

  it('says the order was paid, when and how, once it is', async () => {
    const member = await t.member({}, '203.0.113.72');
    const order = await placeOrder(member);
    const paidAt = Date.now();
    expect(
      await markOrderPaid(t.db.kysely, { orderNo: order.orderNo, amountCents: order.payableCents, method: 'alipay', tradeNo: `T${order.orderNo}`, paidAt }),
    ).toBe('paid');
    const text = pdfText((await download(member, order.orderNo, 'confirmation')).rawPayload);
    expect(text).toContain(`付款状态：已于 ${formatBeijingTime(paidAt)} 通过支付宝付款 ${formatCents(order.payableCents)}，交易已确认`);
    expect(text).toContain('订单状态：待发货');
  });

  it('runs onto several pages with the table’s header and the page numbers on each', async () => {
    const member = await t.member({}, '203.0.113.73');
    const order = await placeOrder(member, { lineCount: 60 });
    const pages = pdfPagesText((await download(member, order.orderNo, 'confirmation')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(
        page.filter((run) => run === '客户料号' || run === '商品编号'),
        `page ${String(index + 1)}`,
      ).toEqual(['客户料号', '商品编号']);
      expect(page).toContain(`第 ${String(index + 1)} 页 / 共 ${String(pages.length)} 页`);
    });
    const codes = pages.flat().filter((run) => order.lines.some((line) => line.productCode === run));
    expect(codes).toEqual(order.lines.map((line) => line.productCode));
  });
});

describe('形式发票', () => {
  it('stands until the order’s payment deadline, tells how 对公转账 extends it, and gives the bank account', async () => {
    const member = await t.member({}, '203.0.113.74');
    const order = await placeOrder(member, { poNumber: 'PO-PI-1' });
    const response = await download(member, order.orderNo, 'proforma');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`形式发票-${order.orderNo}.pdf`)}`);
    const text = pdfText(response.rawPayload);
    const { bank, bankTransferWindowDays } = t.deps.config.payments;
    expect(text).toContain('形式发票');
    expect(text).toContain('采购订单号：PO-PI-1');
    expect(text).toContain(`有效期：至 ${formatBeijingTime(order.expiresAt ?? 0)}（订单付款期限）`);
    expect(text).toContain(`付款期限将延长至 ${formatBeijingTime(order.createdAt + bankTransferWindowDays * 86_400_000)}`);
    expect(text).toContain(`户名：${bank.accountName}`);
    expect(text).toContain(`银行账号：${bank.accountNumber}`);
    expect(text).toContain(`转账附言：${order.orderNo}`);
    expect(text).toContain(`人民币${capitalAmountOfCents(order.payableCents)}`);

    // Once 对公转账 is chosen, the deadline is the bank-transfer window's and nothing is left to extend.
    await member.browser.callOk(paymentCalls.create, { orderNo: order.orderNo, method: 'bankTransfer' });
    const extended = pdfText((await download(member, order.orderNo, 'proforma')).rawPayload);
    expect(extended).toContain(`有效期：至 ${formatBeijingTime(order.createdAt + bankTransferWindowDays * 86_400_000)}`);
    expect(extended).not.toContain('付款期限将延长');
  });
});

describe('who gets an order’s documents', () => {
  it('answers another member 404 with nothing of the order, and sends a visitor to log in', async () => {
    const owner = await t.member({}, '203.0.113.75');
    const order = await placeOrder(owner, { poNumber: 'PO-SECRET-42', customerPartNo: 'SECRET-PART' });
    const other = await t.member({}, '203.0.113.76');
    for (const kind of ['confirmation', 'proforma'] as const) {
      const response = await download(other, order.orderNo, kind);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toContain('pdf');
      // The 404 page names the address asked for, and nothing of the order behind it.
      for (const secret of ['PO-SECRET-42', 'SECRET-PART', ...order.lines.map((line) => line.productCode), formatCents(order.payableCents)]) {
        expect(response.body).not.toContain(secret);
      }
    }
    expect((await download(other, '2601010000000000', 'confirmation')).statusCode).toBe(404);
    expect((await download(other, 'not-an-order', 'confirmation')).statusCode).toBe(404);
    const visitor = await t.browser().get(orderDocumentPath(order.orderNo, 'proforma'));
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain('/account/login');
  });

  it('gives a cancelled order neither document, and says why', async () => {
    const member = await t.member({}, '203.0.113.77');
    const order = await placeOrder(member);
    await member.browser.callOk(orderCalls.cancel, { orderNo: order.orderNo });
    for (const kind of ['confirmation', 'proforma'] as const) {
      const response = await download(member, order.orderNo, kind);
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe('该订单已取消，不再提供订单确认单和形式发票');
    }
  });

  it('pays for each document from the address’s minute of worker CPU, and refuses past it', async () => {
    const member = await t.member({}, '203.0.113.78');
    const order = await placeOrder(member);
    expect((await download(member, order.orderNo, 'confirmation')).statusCode).toBe(200);
    const key = orderDocumentBudgetKey(member.browser.ip);
    expect(await t.deps.counters.peek(key, 60)).toBeGreaterThanOrEqual(1);
    const slices = t.deps.config.orderDocumentCpuMsPerMinute / 100;
    for (let slice = 0; slice < slices; slice += 1) await t.deps.counters.consume(key, slices, 60);
    const refused = await download(member, order.orderNo, 'proforma');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('过于频繁');
  });
});
