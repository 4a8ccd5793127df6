import { beforeEach, expect, it } from 'vitest';
import { searchCalls } from '../../../contract/search-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const testApp = useTestApp();
let browser: TestBrowser;
beforeEach(() => {
  browser = testApp.browser();
});

it('answers on a store with no products yet: no suggestions, no results, the no-result page', async () => {
  expect(await browser.call(searchCalls.searchAssociateWord, { key: 'stm32' })).toEqual({ code: 1, data: [], msg: '' });
  const result = await browser.call(searchCalls.searchProductList, { key: 'stm32' });
  expect(result.data).toMatchObject({ total: 0, list: [], nearMatches: [] });
  const page = await browser.get('/search?key=stm32');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('抱歉，没有找到与“<em>stm32</em>”相关的商品');
});
