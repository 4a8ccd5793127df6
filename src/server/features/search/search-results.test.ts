import { beforeEach, describe, expect, it } from 'vitest';
import type { CallBody } from '../../../contract/call.ts';
import type { SearchResult } from '../../../contract/search.ts';
import { searchCalls } from '../../../contract/search-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertSearchFixture, type SearchFixture } from './testing/search-fixture.ts';

const testApp = useTestApp({ fixture: (app) => insertSearchFixture(app.db) });
let fixture: SearchFixture;
let browser: TestBrowser;
beforeEach(() => {
  fixture = testApp.fixture;
  browser = testApp.browser();
});

async function search(body: CallBody<typeof searchCalls.searchProductList>): Promise<SearchResult> {
  const envelope = await browser.call(searchCalls.searchProductList, body);
  expect(envelope.msg).toBe('');
  expect(envelope.code).toBe(1);
  if (!envelope.data) throw new Error('no data');
  return envelope.data;
}

const codesOf = (result: SearchResult) => result.list.map((product) => product.code);

describe('part numbers as buyers type them', () => {
  it.each([
    ['STM32F103C8T6', 'exact code'],
    ['stm32f103c8t6', 'lower case'],
    ['STM32 F103 C8T6', 'spaces'],
    ['STM32F103C8T6TR', 'the reel variant'],
  ])('finds STM32F103C8T6 first for %j (%s)', async (key) => {
    const result = await search({ key });
    expect(codesOf(result)[0]).toBe(key === 'STM32F103C8T6TR' ? 'STM32F103C8T6TR' : 'STM32F103C8T6');
    expect(codesOf(result)).toContain('STM32F103C8T6');
  });

  it.each([
    ['rc0603fr0710kl', 'RC0603FR-0710KL'],
    ['RC0603FR 0710KL', 'RC0603FR-0710KL'],
    ['rc0603fr-0710kl', 'RC0603FR-0710KL'],
    ['LM358DR/TR', 'LM358DR'],
    ['LM358DR-TR', 'LM358DR'],
    ['LM358DRTR', 'LM358DR'],
    ['BSS138,115', 'BSS138,215'],
    ['bss138', 'BSS138,215'],
    ['LT1763CS8#TRPBF', 'LT1763CS8#PBF'],
    ['lt1763cs8', 'LT1763CS8#PBF'],
    ['1N4148W', '1N4148W-7-F'],
    ['ams1117-3.3', 'AMS1117-3.3'],
    ['ＬＭ３５８ＤＲ', 'LM358DR'],
  ])('%j finds %s', async (key, code) => {
    const result = await search({ key });
    expect(codesOf(result)[0]).toBe(code);
  });

  it('matches a prefix, shortest codes first', async () => {
    const result = await search({ key: 'stm32f103' });
    expect(codesOf(result)).toEqual(['STM32F103C8T6', 'STM32F103RBT6', 'STM32F103C8T6TR']);
    expect(result.total).toBe(3);
  });

  it('matches inside a code after the prefixes', async () => {
    const result = await search({ key: 'F103C8' });
    expect(codesOf(result).sort()).toEqual(['STM32F103C8T6', 'STM32F103C8T6TR']);
  });
});

describe('Chinese keywords', () => {
  it('finds a brand by its Chinese name: 德州仪器 = TI', async () => {
    const chinese = await search({ key: '德州仪器' });
    const english = await search({ key: 'TI' });
    expect(codesOf(chinese).sort()).toEqual(['LM358DR', 'TPS5430DDAR']);
    expect(codesOf(english)).toEqual(expect.arrayContaining(['LM358DR', 'TPS5430DDAR']));
  });

  it('finds a first-level category with all its second levels', async () => {
    const result = await search({ key: '电阻' });
    expect(result.total).toBe(5 + fixture.bulkResistorCount);
    expect(result.facets.categories).toEqual([{ value: String(fixture.categories.chipResistor), label: '贴片电阻', count: 50 }]);
  });

  it('finds words of the description', async () => {
    const result = await search({ key: '降压' });
    expect(codesOf(result)).toEqual(['TPS5430DDAR']);
  });

  it('combines a category and a Latin word: LDO 3.3V', async () => {
    const result = await search({ key: '稳压器 3.3V' });
    expect(codesOf(result)).toEqual(['AMS1117-3.3']);
  });
});

describe('value queries', () => {
  it('10k 0603 1% finds the 10 kΩ ±1 % 0603 resistors', async () => {
    const result = await search({ key: '10k 0603 1%' });
    expect(codesOf(result).sort()).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL']);
  });

  it.each(['10k', '10K', '10kΩ', '10000Ω', '10kohm'])('%s finds every 10 kΩ resistor', async (key) => {
    const result = await search({ key });
    expect(codesOf(result).sort()).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL', 'RC0603JR-0710KL', 'RC0805FR-0710KL']);
  });

  it('4K7 finds 4.7 kΩ', async () => {
    expect(codesOf(await search({ key: '4K7' }))).toEqual(['RC0603FR-074K7L']);
  });

  it.each(['100nF 50V', '0.1uF 50V', '0.1µF 50v', '100nf/50v'])('%s finds the 100 nF 50 V capacitor', async (key) => {
    expect(codesOf(await search({ key }))).toEqual(['GRM188R71H104KA93D']);
  });

  it('a package name finds parts in that package', async () => {
    const result = await search({ key: 'sot23' });
    expect(codesOf(result)).toEqual(['BSS138,215']);
  });
});

describe('facets, sorting and pages', () => {
  it('counts each facet with the other filters applied', async () => {
    const result = await search({ key: '10k', brandId: fixture.brands.yageo });
    expect(result.total).toBe(3);
    // The brand facet ignores the brand filter itself: UNI-ROYAL still shows its count.
    expect(result.facets.brands.map((brand) => [brand.label, brand.count])).toEqual([
      ['Yageo(国巨)', 3],
      ['UNI-ROYAL(厚声)', 1],
    ]);
    expect(result.facets.packages).toEqual([
      { value: '0603', label: '0603', count: 2 },
      { value: '0805', label: '0805', count: 1 },
    ]);
    expect(result.facets.inStockCount).toBe(2);
  });

  it('filters by package and stock', async () => {
    const byPackage = await search({ key: '10k', package: '0805' });
    expect(codesOf(byPackage)).toEqual(['RC0805FR-0710KL']);
    const inStock = await search({ key: '10k', stock: 1 });
    expect(codesOf(inStock)).not.toContain('RC0805FR-0710KL');
    expect(inStock.total).toBe(3);
  });

  it('filters by category', async () => {
    const result = await search({ key: 'X7R', categoryId: fixture.categories.mlcc });
    expect(result.total).toBe(3);
    const none = await search({ key: 'X7R', categoryId: fixture.categories.chipResistor });
    expect(none.total).toBe(0);
    expect(none.facets.categories).toEqual([{ value: String(fixture.categories.mlcc), label: '贴片电容(MLCC)', count: 3 }]);
  });

  it('sorts by price both ways and by stock', async () => {
    const prices = (result: SearchResult) => result.list.map((product) => product.priceTiers[0]?.priceE4 ?? 0);
    const ascending = await search({ key: '10k', sort: 1 });
    expect(prices(ascending)).toEqual([...prices(ascending)].sort((a, b) => a - b));
    const descending = await search({ key: '10k', sort: 2 });
    expect(prices(descending)).toEqual([...prices(ascending)].reverse());
    const byStock = await search({ key: '10k', sort: 3 });
    expect(byStock.list.map((product) => product.stock)).toEqual([800000, 500000, 300000, 0]);
  });

  it('pages through results, 20 at a time, without repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search({ key: 'RC0402', page })));
    expect(pages.map((page) => page.list.length)).toEqual([20, 20, 5]);
    expect(pages[0]?.total).toBe(45);
    const codes = pages.flatMap(codesOf);
    expect(new Set(codes).size).toBe(45);
  });

  it('a keyword kept from an earlier search answers as before after other searches reused the match arrays', async () => {
    const first = await search({ key: 'RC0402' });
    for (const key of ['STM32F103', '10k', 'LM358DR', '德州仪器']) await search({ key });
    const again = await search({ key: 'RC0402', page: 2 });
    const firstPageAgain = await search({ key: 'RC0402' });
    expect(codesOf(firstPageAgain)).toEqual(codesOf(first));
    expect(firstPageAgain.total).toBe(45);
    expect(codesOf(again)).toHaveLength(20);
    expect(codesOf(again).every((code) => code.startsWith('RC0402'))).toBe(true);
    expect(codesOf(again).some((code) => codesOf(first).includes(code))).toBe(false);
  });

  it('ranks parts in stock before those out of stock when they match equally well', async () => {
    const result = await search({ key: '10k' });
    expect(codesOf(result).at(-1)).toBe('RC0805FR-0710KL');
  });

  it('shows the last page for a page past the end', async () => {
    const result = await search({ key: 'RC0402', page: 9 });
    expect(result.params.page).toBe(3);
    expect(result.list).toHaveLength(5);
  });
});

describe('bad input', () => {
  it('refuses an empty keyword with a clear message', async () => {
    const envelope = await browser.call(searchCalls.searchProductList, { key: '   ' });
    expect(envelope).toMatchObject({ code: 400, errorCode: 'search.keyMissing', msg: '请输入搜索关键词' });
  });

  it('refuses a keyword over 100 characters', async () => {
    const envelope = await browser.call(searchCalls.searchProductList, { key: 'x'.repeat(101) });
    expect(envelope).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '搜索关键词过长' });
  });

  it.each([
    { key: 'lm358', page: 0 },
    { key: 'lm358', page: 'x' },
    { key: 'lm358', sort: 9 },
    { key: 'lm358', brandId: -1 },
    { key: 42 },
    { key: 'lm358', package: 'x'.repeat(60) },
    { key: '\u0000\u0001' },
  ])('answers %j with a Chinese message, never 5xx', async (body) => {
    const envelope = await browser.post(searchCalls.searchProductList.path, body);
    expect(envelope).toMatchObject({ code: 400, errorCode: 'request.invalid' });
    expect(envelope.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(["%%%___'''", '<script>alert(1)</script>', '))))((((', '¥¥¥ 测试测试', '\\\\', 'a'.repeat(100), '电'.repeat(100)])(
    'finds nothing for garbage %j, without error',
    async (key) => {
      const result = await search({ key });
      expect(result.total).toBe(0);
    },
  );
});
