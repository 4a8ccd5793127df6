import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../contract/search.ts';
import { pageStateOf } from '../../testing/page-state.ts';
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

async function page(url: string) {
  const response = await browser.get(url);
  return { status: response.statusCode, html: response.body, data: pageStateOf<SearchResult>(response.body).data };
}

describe('/search page', () => {
  it('renders the matching parts with the keyword highlighted', async () => {
    const { status, html, data } = await page('/search?key=stm32f103');
    expect(status).toBe(200);
    expect(html).toContain('<title>stm32f103 - 搜索结果');
    expect(html).toContain('<mark class="search-mark">STM32F103</mark>C8T6');
    expect(html).toContain(`href="/product/detail/${fixture.products.get('STM32F103C8T6') ?? 'missing'}"`);
    expect(data.total).toBe(3);
  });

  it('puts filters, sort and page in the links', async () => {
    const { html } = await page('/search?key=10k');
    expect(html).toContain(`href="/search?key=10k&amp;brand=${fixture.brands.yageo}"`);
    expect(html).toContain('href="/search?key=10k&amp;package=0805"');
    expect(html).toContain('href="/search?key=10k&amp;stock=1"');
    expect(html).toContain('href="/search?key=10k&amp;sort=1"');
  });

  it('reads filters from the URL', async () => {
    const { data } = await page('/search?key=10k&package=0805');
    expect(data.list.map((product) => product.code)).toEqual(['RC0805FR-0710KL']);
    const { data: inStock } = await page(`/search?key=10k&stock=1&brand=${fixture.brands.yageo}&sort=3`);
    expect(inStock.list.map((product) => product.code)).toEqual(['RC0603FR-0710KL', 'RC0603JR-0710KL']);
  });

  it('shows the no-result page with the BOM tool and near part numbers', async () => {
    const { status, html, data } = await page('/search?key=STM32F103ZZ');
    expect(status).toBe(200);
    expect(html).toContain('抱歉，没有找到与“<em>STM32F103ZZ</em>”相关的商品');
    expect(html).toContain('href="/bom"');
    expect(data.nearMatches.map((match) => match.key)).toEqual(['STM32F103C8T6', 'STM32F103C8T6TR', 'STM32F103RBT6']);
  });

  it('suggests the words that match alone when several words find nothing together', async () => {
    const { data } = await page(`/search?key=${encodeURIComponent('德州仪器 电阻')}`);
    expect(data.total).toBe(0);
    expect(data.nearMatches).toEqual([
      { key: '德州仪器', searchResultCount: 2 },
      { key: '电阻', searchResultCount: 50 },
    ]);
  });

  it('asks for a keyword when there is none', async () => {
    const { status, html } = await page('/search?key=');
    expect(status).toBe(200);
    expect(html).toContain('请输入型号、品牌、分类或参数进行搜索');
    expect((await page('/search')).status).toBe(200);
  });

  it('explains a keyword that is too long instead of searching', async () => {
    const { status, html } = await page(`/search?key=${'a'.repeat(150)}`);
    expect(status).toBe(200);
    expect(html).toContain('搜索关键词过长，请精简到100个字符以内');
  });

  it('reads nonsense parameters leniently', async () => {
    const { status, data } = await page('/search?key=10k&brand=abc&category=-1&page=-5&sort=zz&stock=maybe');
    expect(status).toBe(200);
    expect(data.params).toMatchObject({ brandId: null, categoryId: null, page: 1, sort: 0, isInStock: false });
    expect(data.total).toBe(4);
  });

  it.each(['%00', '%E0%A4%A', '%ff%fe', "'; drop table products; --"])('answers a garbage keyword %j without a server error', async (key) => {
    const response = await browser.get(`/search?key=${key}`);
    expect(response.statusCode).toBeLessThan(500);
  });
});
