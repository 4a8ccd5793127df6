import { describe, expect, it } from 'vitest';
import type { MobileCompareData } from '../../../contract/compare.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { mobileRedirectTarget } from '../mobile/mobile-site.ts';

describe('商品对比 on the mobile site', () => {
  const t = useTestApp();

  it('sends a phone from the desktop comparison to the mobile one, the choice kept', () => {
    expect(mobileRedirectTarget('/product/compare?ids=1,2', '/m')).toBe('/m/product/compare?ids=1,2');
  });

  it('compares for anyone, reading ?ids= as the desktop does', async () => {
    const response = await t.browser().get('/m/product/compare?ids=999999991,x');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<MobileCompareData>(response.body).data).toEqual({ parts: [], rows: [], missingIds: [999999991], isCut: false, basePath: '/m' });
  });
});
