import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderStatus, ShortfallChoice, type OrderDetail, type OrderLine, type SettlementLine, type SettlementPricing } from '../../../contract/order.ts';
import { OrderAmounts } from './order-amounts.tsx';
import { OrderCard } from './order-card.tsx';
import { OrderInfo } from './order-info.tsx';
import { OrderLinesTable, orderRowsOf, settlementRowsOf } from './order-lines-table.tsx';
import { PriceSummary } from './price-summary.tsx';
import type { OrderActions } from './use-order-actions.ts';

/** The markup without React's text separators, so assertions read like the page. */
function render(element: ReactElement): string {
  return renderToString(element).replaceAll('<!-- -->', '');
}

function SettlementLines({ lines, shortfallChoice }: { lines: SettlementLine[]; shortfallChoice: ShortfallChoice }) {
  return <OrderLinesTable rows={settlementRowsOf(lines, shortfallChoice)} rowTestId="settlement-line" label="结算商品" />;
}

const resistor: SettlementLine = {
  productId: 11,
  productCode: '0603WAF1002T5E',
  productName: '厚膜电阻',
  brandName: 'UNI-ROYAL(厚声)',
  package: '0603',
  cartQuantity: 5000,
  quantity: 5000,
  packSize: 5000,
  stock: 200_000,
  isShortOfStock: false,
  unitPriceE4: 23,
  amountCents: 1150,
  weightGrams: 20,
  changes: [],
  customerPartNo: 'ACME-R-10K',
  backOrder: null,
};

const shortMcu: SettlementLine = {
  ...resistor,
  productId: 12,
  productCode: 'STM32F103C8T6',
  package: 'LQFP-48',
  cartQuantity: 30,
  quantity: 20,
  packSize: 10,
  stock: 25,
  isShortOfStock: true,
  unitPriceE4: 128_345,
  amountCents: 25_669,
  changes: [{ kind: 'price', text: '价格已由 ¥12.50 调整为 ¥12.8345' }],
  customerPartNo: '',
  backOrder: null,
};

const pricing: SettlementPricing = {
  lines: [resistor, shortMcu],
  goodsCents: 26_819,
  hasShortfall: true,
  shortfallChoice: ShortfallChoice.shipAvailable,
  carrierCode: 'zto',
  addressId: 4,
  weightGrams: 160,
  freightCents: 0,
  isFreeShipping: true,
  freightNote: '满¥99包邮',
  coupons: [],
  memberCouponIds: [],
  goodsDiscountCents: 5000,
  freightDiscountCents: 0,
  payableCents: 21_819,
};

const idleActions: OrderActions = {
  confirmingNo: null,
  receivingNo: null,
  busyNo: null,
  buyAgainReport: null,
  askCancel: () => undefined,
  closeCancel: () => undefined,
  confirmCancel: () => Promise.resolve(),
  askReceipt: () => undefined,
  closeReceipt: () => undefined,
  confirmReceipt: () => Promise.resolve(),
  buyAgain: () => Promise.resolve(),
  dismissBuyAgain: () => undefined,
};

const orderLine: OrderLine = {
  id: 1,
  productId: 12,
  productCode: 'STM32F103C8T6',
  productName: '单片机',
  brandName: 'ST(意法半导体)',
  package: 'LQFP-48',
  quantity: 30,
  reservedQuantity: 25,
  cancelledQuantity: 0,
  unitPriceE4: 128_345,
  amountCents: 38_504,
  customerPartNo: 'MCU-0042',
  expectedDate: null,
};

const order: OrderDetail = {
  orderNo: '2511230123456789',
  poNumber: 'PO-2025-1123',
  status: OrderStatus.unpaid,
  statusLabel: '待付款',
  createdAt: 1_763_856_000_000,
  createdAtStr: '2025-11-23 08:00:00',
  lineCount: 1,
  firstLines: [orderLine],
  payableCents: 34_304,
  productCount: 30,
  expiresAt: 1_763_857_800_000,
  canCancel: true,
  canPay: true,
  canConfirmReceipt: false,
  lines: [orderLine],
  goodsCents: 38_504,
  freightCents: 800,
  goodsDiscountCents: 5000,
  freightDiscountCents: 0,
  refundedCents: 0,
  refunds: [],
  issuedInvoice: null,
  carrier: { code: 'zto', name: '中通快递', isPickup: false, hasFreeShipping: true, description: '' },
  shortfallChoice: ShortfallChoice.waitForAll,
  address: { receiver: '张工', phone: '13800138000', provinceName: '广东省', cityName: '深圳市', districtName: '福田区', detail: '华强北路1号' },
  invoice: {
    type: 'special',
    companyName: '深圳市芯品电子有限公司',
    taxNumber: '91440300MA5DXXXX1X',
    registeredAddress: '深圳市福田区华强北路1号',
    registeredPhone: '0755-83998888',
    bankName: '招商银行深圳分行',
    bankAccount: '755912345610001',
  },
  remark: '请用防静电袋包装',
  coupons: [{ memberCouponId: 9, name: '新人专享券', kind: 'goods', faceValueCents: 5000 }],
  payment: null,
  trackingNo: null,
  cancelReason: null,
  events: [],
  shipments: [],
};

describe('checkout markup', () => {
  it('shows each line at its tier price, its amount, and how a changed line changed', () => {
    const html = render(<SettlementLines lines={pricing.lines} shortfallChoice={ShortfallChoice.shipAvailable} />);
    expect(html).toContain('¥0.0023');
    expect(html).toContain('¥11.50');
    expect(html).toContain('¥12.8345');
    expect(html).toContain('价格已由 ¥12.50 调整为 ¥12.8345');
    expect(html.match(/order-lines__row--flagged/g)).toHaveLength(1);
    expect(html.match(/data-testid="settlement-line"/g)).toHaveLength(2);
    expect(html).toContain('包装 10 个的整数倍');
    expect(html).not.toContain('申请售后');
    expect(html).toContain('需 30，现货 25，先发现货');
    expect(html.match(/data-testid="line-customer-part-no"/g)).toHaveLength(1);
    expect(html).toContain('客户料号：ACME-R-10K');
  });

  it('says a line short of stock waits for the rest when the buyer chose so', () => {
    const html = render(<SettlementLines lines={[{ ...shortMcu, quantity: 30 }]} shortfallChoice={ShortfallChoice.waitForAll} />);
    expect(html).toContain('需 30，现货 25，到齐后发货');
    expect(html).not.toContain('工厂交期');
  });

  it('gives a short line its factory lead time and 预计到货 under either choice', () => {
    const dated = { ...shortMcu, backOrder: { leadWeeks: 6, expectedDate: '2027-01-18' } };
    const waiting = render(<SettlementLines lines={[{ ...dated, quantity: 30 }]} shortfallChoice={ShortfallChoice.waitForAll} />);
    expect(waiting).toContain('需 30，现货 25，到齐后发货；工厂交期 6 周，预计 2027-01-18 到货');
    const inStockOnly = render(<SettlementLines lines={[{ ...dated, quantity: 25 }]} shortfallChoice={ShortfallChoice.shipAvailable} />);
    expect(inStockOnly).toContain('需 30，现货 25，先发现货；工厂交期 6 周，预计 2027-01-18 到货');
  });

  it('says a line with nothing in stock leaves the order when shipping what is in stock', () => {
    const html = render(<SettlementLines lines={[{ ...shortMcu, quantity: 0, stock: 0, amountCents: 0 }]} shortfallChoice={ShortfallChoice.shipAvailable} />);
    expect(html).toContain('暂无现货，本单不含此商品');
    expect(html.match(/order-lines__row--flagged/g)).toHaveLength(1);
  });

  it('sums up goods, freight, discounts and the payable amount in yuan with two decimals', () => {
    const html = render(<PriceSummary pricing={pricing} />);
    expect(html).toContain('2 种商品，共 5020 件');
    expect(html).toMatch(/data-testid="summary-goods">¥268.19</);
    expect(html).toMatch(/data-testid="summary-freight">¥0.00</);
    expect(html).toMatch(/data-testid="summary-goods-discount">-¥50.00</);
    expect(html).toMatch(/data-testid="summary-payable">¥218.19</);
  });
});

describe('order markup', () => {
  it('offers pay and cancel on an unpaid order, with the deadline before the clock starts', () => {
    const html = render(<OrderCard order={order} actions={idleActions} />);
    expect(html).toContain('href="/offer/pay/2511230123456789"');
    expect(html).toContain('取消订单');
    expect(html).toContain('再次购买');
    expect(html).toContain('请于 2025-11-23 08:30 前付款');
    expect(html).toMatch(/data-testid="order-payable">¥343.04</);
  });

  it('offers neither pay nor cancel once the order is paid', () => {
    const html = render(
      <OrderCard
        order={{ ...order, status: OrderStatus.unshipped, statusLabel: '待发货', canPay: false, canCancel: false, expiresAt: null }}
        actions={idleActions}
      />,
    );
    expect(html).not.toContain('/offer/pay/');
    expect(html).not.toContain('取消订单');
    expect(html).toContain('待发货');
  });

  it('shows the order’s 采购订单号 and each line’s 客户料号 on the card', () => {
    const html = render(<OrderCard order={order} actions={idleActions} />);
    expect(html).toMatch(/data-testid="order-po-number">PO-2025-1123</);
    expect(html).toContain('客户料号：MCU-0042');
    expect(render(<OrderCard order={{ ...order, poNumber: '' }} actions={idleActions} />)).not.toContain('采购订单号');
  });

  it('says how many more lines an order has than the card shows', () => {
    const html = render(<OrderCard order={{ ...order, lineCount: 7 }} actions={idleActions} />);
    expect(html).toContain('…等共 7 种商品');
  });

  it('shows the address, the special invoice, the carrier and the wait-for-all choice', () => {
    const html = render(<OrderInfo order={order} />);
    expect(html).toContain('张工');
    expect(html).toContain('广东省 深圳市');
    expect(html).toContain('增值税专用发票');
    expect(html).toContain('91440300MA5DXXXX1X');
    expect(html).toContain('全部到货后发货');
    expect(html).toContain('未支付');
    expect(html).toMatch(/data-testid="invoice-po-number">发票备注：采购订单号 PO-2025-1123</);
    expect(render(<OrderInfo order={{ ...order, poNumber: '' }} />)).not.toContain('invoice-po-number');
  });

  it('says where the invoice stands: after payment, 待开票, then 已开票 with its number, date and PDF', () => {
    expect(render(<OrderInfo order={order} />)).toMatch(/data-testid="invoice-status">.*付款后开具/);
    expect(render(<OrderInfo order={{ ...order, status: OrderStatus.unshipped }} />)).toMatch(/data-testid="invoice-status">.*待开票/);
    const issued = render(
      <OrderInfo
        order={{
          ...order,
          status: OrderStatus.shipped,
          issuedInvoice: {
            invoiceNumber: '25442000000012345678',
            issuedAt: 1_763_942_400_000,
            fileUrl: '/uploads/invoices/a.pdf',
            status: 'issued',
            statusLabel: '已开票',
            reversalNumber: null,
          },
        }}
      />,
    );
    expect(issued).toContain('已开票');
    expect(issued).toContain('25442000000012345678');
    expect(issued).toContain('2025-11-24');
    expect(issued).toContain('href="/uploads/invoices/a.pdf"');
    expect(render(<OrderInfo order={{ ...order, invoice: null }} />)).not.toContain('invoice-status');
  });

  it('shows a pickup order without an address and an order without an invoice', () => {
    const html = render(<OrderInfo order={{ ...order, address: null, invoice: null, carrier: { ...order.carrier, isPickup: true, name: '上门自提' } }} />);
    expect(html).toContain('上门自提，无需收货地址');
    expect(html).toContain('不开发票');
  });

  it('says how many units of a line are still on back order while the order is open, and nothing once cancelled', () => {
    const html = render(<OrderLinesTable rows={orderRowsOf(order)} rowTestId="order-line" label="商品清单" />);
    expect(html).toMatch(/data-testid="line-backorder">缺货待发 5，到货日期待定</);
    const dated = render(
      <OrderLinesTable rows={orderRowsOf({ ...order, lines: [{ ...orderLine, expectedDate: '2027-01-18' }] })} rowTestId="order-line" label="商品清单" />,
    );
    expect(dated).toMatch(/data-testid="line-backorder">缺货待发 5，预计 2027-01-18 到货</);
    expect(html).toContain('¥12.8345');
    expect(html).toContain('¥385.04');
    expect(html).toMatch(/data-testid="line-customer-part-no">客户料号：MCU-0042</);
    expect(html).not.toContain('申请售后');
    const paid = render(<OrderLinesTable rows={orderRowsOf({ ...order, status: OrderStatus.unshipped })} rowTestId="order-line" label="商品清单" />);
    expect(paid).toContain('缺货待发 5');
    const cancelled = render(<OrderLinesTable rows={orderRowsOf({ ...order, status: OrderStatus.cancelled })} rowTestId="order-line" label="商品清单" />);
    expect(cancelled).not.toContain('缺货待发');
  });

  it('links each line of a shipped or completed order to the complaint form opened on that line', () => {
    const lines = [orderLine, { ...orderLine, id: 2, productCode: 'AMS1117-3.3', reservedQuantity: 30 }];
    for (const status of [OrderStatus.shipped, OrderStatus.completed]) {
      const html = render(<OrderLinesTable rows={orderRowsOf({ ...order, status, lines })} rowTestId="order-line" label="商品清单" />);
      expect(html.match(/>申请售后</g)).toHaveLength(2);
      expect(html).toContain('href="/user/feedback?orderNo=2511230123456789&amp;lineId=1#new"');
      expect(html).toContain('href="/user/feedback?orderNo=2511230123456789&amp;lineId=2#new"');
      expect(html).toContain('<th scope="col">操作</th>');
      expect(html).not.toContain('缺货待发');
    }
  });

  it('lists the coupons used and the amounts to the fen', () => {
    const html = render(<OrderAmounts order={order} />);
    expect(html).toContain('新人专享券（¥50）');
    expect(html).toMatch(/data-testid="detail-goods">¥385.04</);
    expect(html).toMatch(/data-testid="detail-freight">¥8.00</);
    expect(html).toMatch(/data-testid="detail-payable">¥343.04</);
    expect(html).toContain('应付金额');
    expect(html).not.toContain('已退款');
  });
});
