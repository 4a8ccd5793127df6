import { describe, expect, it } from 'vitest';
import { cashierPath, countdownText, orderListUrl } from './order-urls.ts';

describe('orderListUrl', () => {
  it.each([
    [{ status: null, keyword: '' }, '/user/order/list'],
    [{ status: 'unpaid' as const, keyword: '' }, '/user/order/list?status=unpaid'],
    [{ status: null, keyword: '  0603WAF1002T5E ' }, '/user/order/list?keyword=0603WAF1002T5E'],
    [{ status: 'shipped' as const, keyword: 'STM32', page: 3 }, '/user/order/list?status=shipped&keyword=STM32&page=3'],
    [{ status: null, keyword: '', page: 1 }, '/user/order/list'],
    [{ status: null, keyword: '电容 100nF' }, '/user/order/list?keyword=%E7%94%B5%E5%AE%B9+100nF'],
  ])('writes %j as %s', (query, url) => {
    expect(orderListUrl(query)).toBe(url);
  });
});

describe('countdownText', () => {
  const now = 1_700_000_000_000;
  it.each([
    [30 * 60_000, '30:00'],
    [29 * 60_000 + 59_001, '30:00'],
    [61_000, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [7 * 24 * 3_600_000, '7天0小时0分'],
    [7 * 24 * 3_600_000 - 30_000, '6天23小时59分'],
    [24 * 3_600_000 + 61_000, '1天0小时1分'],
    [24 * 3_600_000, '24:00:00'],
    [23 * 3_600_000 + 59 * 60_000 + 59_000, '23:59:59'],
    [3_600_000 + 5_000, '1:00:05'],
  ])('shows %i ms left as %s', (left, text) => {
    expect(countdownText(now + left, now)).toBe(text);
  });
});

describe('cashierPath', () => {
  it('sends an order to the cashier page of the payment feature', () => {
    expect(cashierPath('2511230123456789')).toBe('/offer/pay/2511230123456789');
  });
});
