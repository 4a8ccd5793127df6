import { describe, expect, it } from 'vitest';
import type { SiteFacts } from '../../../contract/site-facts.ts';
import { contradictionsOf, factClaimsIn, visibleTextOf } from './testing/fact-claims.ts';

const facts: SiteFacts = {
  siteName: '芯品商城',
  hotline: '400-860-2026',
  serviceHours: '周一至周六 9:00-18:00',
  pickupAddress: '广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋（深圳仓）',
  warehouses: [
    { code: 'SZ', name: '深圳仓', city: '深圳', address: '广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋', cutoffTime: '16:00', isPickup: true },
    { code: 'JS', name: '江苏仓', city: '苏州', address: '江苏省苏州市吴中区星湖街218号', cutoffTime: '16:00', isPickup: false },
  ],
  freeShippingThresholdCents: 9900,
  partsInStock: 12_345,
};

describe('the site-fact checker', () => {
  // What the pages said before issue 28, each stated against the facts above.
  it.each([
    ['所有订单均由本站上海自营仓库统一打包发出。', 'warehousePlace'],
    ['深圳龙岗现货仓\n时间：周一至周六 8:30–21:00（现货当日发货截单 17:30）', 'cutoff'],
    ['芯品商城深圳二号仓正式启用，现货库存扩充至80万种', 'partsInStock'],
    ['上海市闵行区仓库自提，免运费，无需收货地址', 'pickupPlace'],
    ['现货订单，周一至周六 9:00-17:30 付款', 'cutoff'],
    ['17:30 以后或周日、法定节假日付款', 'cutoff'],
    ['6月19日17:00前支付的现货订单当天发出', 'cutoff'],
    ['江苏仓：周一至周六 15:00 前付款，2 小时内发出', 'warehouseCutoff'],
    ['如有疑问请拨打客服热线 400-123-4567 核实。', 'hotline'],
    ['假期期间在线客服 9:00-17:00 正常值班', 'serviceHours'],
    ['有现货的型号达12,000种', 'partsInStock'],
  ])('finds what “%s” contradicts (%s)', (text, kind) => {
    expect(contradictionsOf(text, facts).map((found) => found.split(':')[0])).toContain(kind);
  });

  it.each([
    '现货订单由商品所在的本站自营仓库（深圳仓、江苏仓）打包发出。',
    '本站自营深圳仓、江苏仓（深圳、苏州），恒温恒湿存储',
    '深圳仓：周一至周六 16:00 前付款，2 小时内发出',
    '各仓当日发货截单时间：深圳仓 16:00、江苏仓 16:00，截单前付款的现货订单当天发出。',
    '现货订单，周一至周六 9:00-16:00 付款\n16:00 以后或周日、法定节假日付款\n下一个工作日 12:00 前发货',
    '广东省深圳市龙岗区坂田街道雪岗北路2号物流园C栋（深圳仓）自提，免运费',
    '服务热线：400-860-2026',
    '客服团队在周一至周六 9:00-18:00为您服务',
    '目前有现货的型号共 12,345种；现货型号达1万种',
    '深圳仓 1,200 · 江苏仓 300',
    '现货 2 小时发货 · 满¥99包邮',
    '维护时间为凌晨2:00至4:00，期间网站暂停访问',
  ])('passes “%s”, which agrees', (text) => {
    expect(contradictionsOf(text, facts)).toEqual([]);
  });

  it('reads the page as a reader does: no page state, inline tags inside the sentence, blocks apart, entities decoded', () => {
    const html =
      '<html><head><title>配送 - 芯品商城</title><meta name="description" content="截单 17:00"></head><body>' +
      '<p>客服热线 <strong>400-123-4567</strong></p><p>深圳</p><p>仓库地址</p>' +
      '<script type="application/json">{"hotline":"400-999-9999"}</script><p>A&amp;B 16:00&nbsp;前付款</p></body></html>';
    const text = visibleTextOf(html);
    expect(text).toContain('客服热线 400-123-4567');
    expect(text).not.toContain('400-999-9999');
    expect(text).toContain('A&B 16:00 前付款');
    expect(factClaimsIn(text).map((claim) => claim.kind)).toEqual(['cutoff', 'cutoff', 'hotline', 'hotline']);
  });
});
