import { describe, expect, it } from 'vitest';
import { factClaimsIn, visibleTextOf } from '../site-facts/testing/fact-claims.ts';
import { companyProseSeedPages } from './company-prose-seed.data.ts';
import { helpSeedPages } from './help-seed.data.ts';

describe('the seeded help articles and company prose', () => {
  it('state no site fact literally: they name each by placeholder ({{截单时间}} …), filled from the site facts at render', () => {
    const texts = [...helpSeedPages, ...companyProseSeedPages].map((page) => `${page.title}\n${visibleTextOf(page.bodyHtml)}`);
    expect(texts.flatMap((text) => factClaimsIn(text).map((claim) => claim.text))).toEqual([]);
    expect(texts.join('\n')).toContain('{{各仓截单}}');
  });
});
