import { describe, expect, it } from 'vitest';
import { OrderStatus, type OrderDetail, type OrderLine } from '../../../contract/order.ts';
import { loadConfig } from '../../config.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { orderDocumentPdf, type OrderDocumentInput } from './order-document-pdf.ts';

/** What the two documents say of an order's money and state, drawn from a made-up order (no database: the drawing alone). */

const font = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) }).pdfFont;
const placedAt = Date.parse('2026-12-01T02:00:00Z');
const longCustomerPartNo = 'ACME-LONG-CUSTOMER-PART-NUMBER-40-CHARSX';

function line(fields: Partial<OrderLine>): OrderLine {
  return {
    id: 1,
    productId: 1,
    productCode: 'RC0603FR-0710KL',
    productName: '',
    brandName: 'YAGEO(国巨)',
    package: '0603',
    quantity: 5000,
    reservedQuantity: 5000,
    cancelledQuantity: 0,
    unitPriceE4: 23,
    amountCents: 1150,
    customerPartNo: '',
    expectedDate: null,
    ...fields,
  };
}

/** ¥11.50 + ¥100.00 of goods, ¥10.00 freight, a ¥5.00 goods coupon and a freight coupon: ¥106.50 to pay. */
function order(fields: Partial<OrderDetail> = {}): OrderDetail {
  const lines = [
    line({ customerPartNo: longCustomerPartNo }),
    line({ id: 2, productCode: 'STM32F103C8T6', unitPriceE4: 100_000, quantity: 10, amountCents: 10_000 }),
  ];
  return {
    orderNo: '2612011234567890',
    poNumber: 'PO-UNIT-1',
    status: OrderStatus.unpaid,
    statusLabel: '待付款',
    createdAt: placedAt,
    createdAtStr: '',
    lineCount: 2,
    firstLines: lines,
    payableCents: 10_650,
    productCount: 5010,
    expiresAt: placedAt + 30 * 60_000,
    canCancel: true,
    canPay: true,
    canConfirmReceipt: false,
    lines,
    goodsCents: 11_150,
    freightCents: 1000,
    goodsDiscountCents: 500,
    freightDiscountCents: 1000,
    refundedCents: 0,
    refunds: [],
    carrier: { code: 'pickup', name: '上门自提', isPickup: true, hasFreeShipping: false, description: '' },
    shortfallChoice: 'shipAvailable',
    address: null,
    invoice: { type: 'normal-personal', title: '李工' },
    issuedInvoice: null,
    remark: '',
    coupons: [],
    payment: null,
    trackingNo: null,
    cancelReason: null,
    events: [],
    shipments: [],
    ...fields,
  };
}

async function textOf(kind: OrderDocumentInput['kind'], detail: OrderDetail): Promise<string> {
  const pdf = await orderDocumentPdf(font, {
    kind,
    seller: {
      siteName: '芯品商城',
      hotline: '400-860-2026',
      address: '',
      bank: { accountName: '深圳市芯品电子科技有限公司', bankName: '招商银行', accountNumber: '7559 0000' },
    },
    buyer: { name: '李工', phone: '13912345678' },
    order: detail,
    bankTransferDeadline: placedAt + 7 * 86_400_000,
    issuedAt: placedAt,
  });
  return pdfText(pdf);
}

describe('an order document’s amounts', () => {
  it('lists freight and the coupons’ discount and totals in figures and capitals; a long 客户料号 wraps but stays whole', async () => {
    const text = await textOf('confirmation', order());
    expect(text).toContain('¥0.0023');
    expect(text).toContain('¥10.00');
    expect(text).toContain('优惠券抵扣\n-¥15.00');
    expect(text).toContain('应付总额\n¥106.50');
    expect(text).toContain('合计金额（大写）：人民币壹佰零陆元伍角整');
    expect(text.replaceAll('\n', '')).toContain(longCustomerPartNo);
    expect(text).toContain('发票抬头：李工（个人普通发票）');
    expect(text).not.toContain('纳税人识别号');
    expect(text).toContain('收货：上门自提');
  });

  it('says what a partial refund took back, line by line and in the totals', async () => {
    const refunded = order({ status: OrderStatus.partlyShipped, statusLabel: '部分发货', refundedCents: 230, lines: [line({ cancelledQuantity: 1000 })] });
    const text = await textOf('confirmation', refunded);
    expect(text).toContain('其中 1000 个已退款，不再发货');
    expect(text).toContain('已退款\n-¥2.30');
    expect(text).toContain('当前订单状态：部分发货');
  });

  it('tells a paid order’s 形式发票 that nothing is left to pay, still with the account', async () => {
    const paidAt = placedAt + 60_000;
    const paid = order({
      status: OrderStatus.unshipped,
      statusLabel: '待发货',
      expiresAt: null,
      payment: { method: 'bankTransfer', methodLabel: '对公转账', tradeNo: null, paidAt, paidAtStr: '' },
    });
    const text = await textOf('proforma', paid);
    expect(text).toContain('付款状态：已于 2026-12-01 10:01 通过对公转账付款 ¥106.50，无需再次付款。');
    expect(text).not.toContain('有效期');
    expect(text).toContain('银行账号：7559 0000');
  });
});
