import { describe, expect, it } from 'vitest';
import { factClaimsIn } from '../site-facts/testing/fact-claims.ts';
import { announcementSeeds, articleSeeds, informationSeeds } from './news-seed.data.ts';

describe('the seeded news', () => {
  it('states no site fact literally: warehouses, cut-off, hotline, the stock count and the free-shipping threshold are placeholders', () => {
    const texts = [...announcementSeeds, ...informationSeeds, ...articleSeeds].map((news) => [news.title, ...news.content].join('\n'));
    expect(texts.flatMap((text) => factClaimsIn(text).map((claim) => claim.text))).toEqual([]);
    expect(texts.join('\n')).toContain('{{现货数量}}');
  });
});
