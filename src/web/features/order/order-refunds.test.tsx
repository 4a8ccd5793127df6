import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderRefunds } from './order-refunds.tsx';

const render = (refunds: Parameters<typeof OrderRefunds>[0]) => renderToString(<dl>{OrderRefunds(refunds)}</dl>).replaceAll('<!-- -->', '');

describe('the refunds of an order detail', () => {
  it('lists each refund with 退款中 or 已退款 and its amount', () => {
    const html = render({
      refundedCents: 8_000,
      refunds: [
        { refundNo: 'R1', amountCents: 5_000, isDone: true, statusLabel: '已退款', channelLabel: '原路退回', createdAt: 1 },
        { refundNo: 'R2', amountCents: 3_000, isDone: false, statusLabel: '退款中', channelLabel: '线下退款', createdAt: 2 },
      ],
    });
    expect(html).toContain('<dt>已退款：</dt><dd data-testid="detail-refund" title="原路退回">¥50.00</dd>');
    expect(html).toContain('<dt>退款中：</dt><dd data-testid="detail-refund" title="线下退款">¥30.00</dd>');
  });

  it('names a late payment sent back (the order never took it) by its own label, why in its title', () => {
    const html = render({
      refundedCents: 0,
      refunds: [{ refundNo: 'L-alipay-1', amountCents: 9_900, isDone: true, statusLabel: '付款已退回', channelLabel: '原路退回（订单已取消）', createdAt: 1 }],
    });
    expect(html).toBe('<dl><dt>付款已退回：</dt><dd data-testid="detail-refund" title="原路退回（订单已取消）">¥99.00</dd></dl>');
  });

  it('shows the refunded total of an order refunded before refunds were listed, and nothing without a refund', () => {
    expect(render({ refundedCents: 1_200, refunds: [] })).toContain('¥12.00');
    expect(render({ refundedCents: 0, refunds: [] })).toBe('<dl></dl>');
  });
});
