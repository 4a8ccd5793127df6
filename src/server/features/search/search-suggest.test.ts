import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../../contract/search.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import { searchCalls } from '../../../contract/search-calls.ts';
import { insertProduct } from '../../testing/factories.ts';
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

async function suggest(key: string): Promise<Suggestion[]> {
  return browser.callOk(searchCalls.searchAssociateWord, { key });
}

describe('searchAssociateWord: suggestions', () => {
  it('suggests part numbers starting with the key, exact match first, with result counts', async () => {
    expect(await suggest('stm32f103')).toEqual([
      { key: 'STM32F103C8T6', searchResultCount: 2 },
      { key: 'STM32F103C8T6TR', searchResultCount: 1 },
      { key: 'STM32F103RBT6', searchResultCount: 1 },
    ]);
    expect((await suggest('STM32F103C8T6'))[0]).toEqual({ key: 'STM32F103C8T6', searchResultCount: 2 });
  });

  it('ignores case and separators, and shows codes as the maker writes them', async () => {
    expect(await suggest('rc0603fr07')).toEqual([
      { key: 'RC0603FR-0710KL', searchResultCount: 1 },
      { key: 'RC0603FR-074K7L', searchResultCount: 1 },
    ]);
  });

  it('suggests brands in the language typed, with their part counts', async () => {
    expect(await suggest('德州')).toEqual([{ key: '德州仪器', searchResultCount: 2 }]);
    expect(await suggest('murata')).toEqual([{ key: 'Murata', searchResultCount: 3 }]);
  });

  it('suggests categories that match, after the part numbers', async () => {
    expect(await suggest('电阻')).toEqual([
      { key: '电阻', searchResultCount: 50 },
      { key: '贴片电阻', searchResultCount: 50 },
    ]);
    const ldo = await suggest('LDO');
    expect(ldo).toContainEqual({ key: '线性稳压器(LDO)', searchResultCount: 3 });
  });

  it('gives at most 10 suggestions, keeping room for a brand', async () => {
    const found = await suggest('RC04');
    expect(found).toHaveLength(10);
    expect(found.every((suggestion) => suggestion.key.startsWith('RC0402'))).toBe(true);
    const st = await suggest('ST');
    expect(st[0]?.key).toBe('STM32F103C8T6');
    expect(st).toContainEqual({ key: 'ST', searchResultCount: 4 });
    expect(st.length).toBeLessThanOrEqual(10);
  });

  it('answers an empty or meaningless key with nothing', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('%%%')).toEqual([]);
    expect(await suggest('zzzz')).toEqual([]);
  });

  it('refuses a key over 100 characters with a message', async () => {
    const envelope = await browser.call(searchCalls.searchAssociateWord, { key: 'a'.repeat(101) });
    expect(envelope).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '搜索关键词过长' });
  });
});

describe('searchFactoryCodeProduct: lookup by manufacturer code', () => {
  async function byCode(code: string) {
    return browser.callOk(searchCalls.searchFactoryCodeProduct, { code });
  }

  it('finds the product with exactly that code, however it is typed', async () => {
    for (const code of ['RC0603FR-0710KL', 'rc0603fr0710kl', ' RC0603FR 0710KL ']) {
      const found = await byCode(code);
      expect(found.map((product) => product.productId)).toEqual([fixture.products.get('RC0603FR-0710KL')]);
      expect(found[0]).toMatchObject({ brandName: 'Yageo(国巨)', package: '0603', categoryName: '贴片电阻' });
      expect(found[0]?.priceTiers.map((tier) => tier.qtyStart)).toEqual([1, 100]);
    }
  });

  it('does not answer a prefix, only the exact code', async () => {
    expect(await byCode('STM32F103')).toEqual([]);
    expect((await byCode('STM32F103C8T6')).map((product) => product.code)).toEqual(['STM32F103C8T6']);
  });

  it('falls back to the base part for a packaging suffix', async () => {
    expect((await byCode('LM358DR/TR')).map((product) => product.code)).toEqual(['LM358DR']);
  });

  it('lists every maker sharing a code', async () => {
    const sharedCode = 'LM358DR';
    await insertProduct(testApp.db.kysely, {
      code: sharedCode,
      brandId: fixture.brands.st,
      categoryFirstId: fixture.categories.amplifier,
      categorySecondId: fixture.categories.opAmp,
      package: 'SOIC-8',
      description: '双路运算放大器',
      stock: 10,
      prices: [],
    });
    const found = await byCode('lm358dr');
    expect(found.map((product) => product.brandName).sort()).toEqual(['ST(意法半导体)', 'TI(德州仪器)']);
  });

  it('refuses an empty code with a message', async () => {
    expect(await browser.call(searchCalls.searchFactoryCodeProduct, { code: ' ' })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
      msg: '请输入型号',
    });
    expect(await browser.post(searchCalls.searchFactoryCodeProduct.path, {})).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '请输入型号' });
  });
});

describe('searchAssociateWord: the same for everyone', () => {
  it('answers without looking up the stored session, while calls that need the member still do', async () => {
    const member = await testApp.member();
    expect((await member.browser.call(memberCalls.profile, {})).code).toBe(1);
    // With the sessions table out of reach, only a call that reads the session fails.
    await sql`alter table sessions rename to sessions_away`.execute(testApp.db.kysely);
    try {
      const suggestions = await member.browser.call(searchCalls.searchAssociateWord, { key: 'stm32f103' });
      expect(suggestions.code).toBe(1);
      expect(suggestions.data?.[0]?.key).toBe('STM32F103C8T6');
      expect((await member.browser.call(memberCalls.profile, {})).code).not.toBe(1);
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(testApp.db.kysely);
    }
    expect((await member.browser.call(memberCalls.profile, {})).code).toBe(1);
  });

  it('still refuses a forged call', async () => {
    const member = await testApp.member();
    const response = await testApp.app.inject({
      method: 'POST',
      url: searchCalls.searchAssociateWord.path,
      payload: { key: 'stm32' },
      headers: { cookie: member.browser.cookieHeader(), 'x-csrf-token': 'forged' },
    });
    expect(response.json<{ errorCode: string }>().errorCode).toBe('request.forged');
  });
});
