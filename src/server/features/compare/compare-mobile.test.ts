import { describe, expect, it } from 'vitest';
import type { MobileCompareData } from '../../../contract/compare.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

describe('商品对比 on the mobile site', () => {
  const t = useTestApp();

  it('sends a phone from the desktop comparison to the mobile one, the choice kept', async () => {
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const response = await t.app.inject({ method: 'GET', url: '/product/compare?ids=1,2', headers: { 'user-agent': iPhone } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/m/product/compare?ids=1,2');
  });

  it('compares for anyone, reading ?ids= as the desktop does', async () => {
    const response = await t.browser().get('/m/product/compare?ids=999999991,x');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<MobileCompareData>(response.body).data).toEqual({ parts: [], rows: [], missingIds: [999999991], isCut: false, basePath: '/m' });
  });
});
