import { describe, expect, it } from 'vitest';
import { earliestCutoffOf, factPlaceholders, fillFacts, fillFactsInHtml, partsInStockText, unknownPlaceholdersIn, type SiteFacts } from './site-facts.ts';

const facts: SiteFacts = {
  siteName: '芯品商城',
  hotline: '400-860-2026',
  serviceHours: '周一至周六 9:00-18:00',
  pickupAddress: '深圳市龙岗区<C栋> & "北门"',
  warehouses: [
    { code: 'SZ', name: '深圳仓', city: '深圳', address: '深圳市龙岗区', cutoffTime: '16:00', isPickup: true },
    { code: 'JS', name: '江苏仓', city: '苏州', address: '苏州市吴中区', cutoffTime: '15:30', isPickup: false },
  ],
  freeShippingThresholdCents: 9900,
  partsInStock: 845_123,
};

describe('site facts in text', () => {
  it.each([
    [0, '0种'],
    [7, '7种'],
    [9_999, '9,999种'],
    [10_000, '1万种'],
    [845_123, '84万种'],
    [1_000_000, '100万种'],
  ])('states %i parts in stock as %s (never more than there are)', (count, text) => {
    expect(partsInStockText(count)).toBe(text);
  });

  it('takes the earliest cut-off of the warehouses, and 16:00 when there are none', () => {
    expect(earliestCutoffOf(facts.warehouses)).toBe('15:30');
    expect(earliestCutoffOf([])).toBe('16:00');
  });

  it('fills every placeholder it knows, with or without inner spaces, and leaves an unknown one as written', () => {
    const text = factPlaceholders.map((placeholder) => `{{${placeholder.name}}}`).join('|');
    expect(fillFacts(text, facts).split('|')).toEqual([
      '芯品商城',
      '400-860-2026',
      '周一至周六 9:00-18:00',
      '深圳仓、江苏仓',
      '深圳、苏州',
      '15:30',
      '深圳仓 16:00、江苏仓 15:30',
      '深圳市龙岗区<C栋> & "北门"',
      '¥99',
      '84万种',
    ]);
    expect(fillFacts('热线 {{ 客服热线 }}，{{未知}}，{单括号}', facts)).toBe('热线 400-860-2026，{{未知}}，{单括号}');
  });

  it('escapes each fact it puts into sanitised HTML, in text and in attributes', () => {
    expect(fillFactsInHtml('<p title="{{自提地址}}">自提：{{自提地址}}</p>', facts)).toBe(
      '<p title="深圳市龙岗区&lt;C栋&gt; &amp; &quot;北门&quot;">自提：深圳市龙岗区&lt;C栋&gt; &amp; &quot;北门&quot;</p>',
    );
  });

  it('names the placeholders that are no fact, once each', () => {
    expect(unknownPlaceholdersIn('{{截单时间}} {{截止时间}} {{截止时间}} {{ 热线 }}')).toEqual(['截止时间', '热线']);
  });
});
