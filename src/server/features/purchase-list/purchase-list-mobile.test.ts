import { describe, expect, it } from 'vitest';
import type { MobilePurchaseListDetail, MobilePurchaseListsData } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('常购清单 on the mobile site: the pages', () => {
  const t = useTestApp();

  const asPhone = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': iPhone } });

  it.each([
    ['/user/purchase-list', '/m/user/purchase-list'],
    ['/user/purchase-list/', '/m/user/purchase-list'],
    ['/user/purchase-list/12', '/m/user/purchase-list/12'],
  ])('sends a phone from %s to %s', async (url, target) => {
    const response = await asPhone(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);
  });

  it('keeps a malformed list address on the desktop site', async () => {
    const { location } = (await asPhone('/user/purchase-list/abc')).headers;
    expect(location ?? '').not.toMatch(/^\/m\//);
  });

  it('sends a phone asking for a list’s desktop page there with a 302, and a visitor on to the mobile login coming back', async () => {
    const phone = await t.app.inject({ method: 'GET', url: '/user/purchase-list/5', headers: { 'user-agent': iPhone } });
    expect(phone.statusCode).toBe(302);
    expect(phone.headers.location).toBe('/m/user/purchase-list/5');
    const visitor = await t.browser().get('/m/user/purchase-list/5');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/m/account/login?return=${encodeURIComponent('/m/user/purchase-list/5')}`);
  });

  it('shows a member their lists and one list with the mobile base path; another member’s list and a malformed id are 404', async () => {
    const owner = await t.member();
    const { listId } = await owner.browser.callOk(purchaseListCalls.create, { name: '手机清单', origin: { kind: 'manual' } });
    const lists = await owner.browser.get('/m/user/purchase-list');
    expect(lists.statusCode).toBe(200);
    expect(pageStateOf<MobilePurchaseListsData>(lists.body).data).toMatchObject({ basePath: '/m', lists: [{ listId, name: '手机清单', canChange: true }] });
    const detail = await owner.browser.get(`/m/user/purchase-list/${String(listId)}`);
    expect(detail.statusCode).toBe(200);
    expect(pageStateOf<MobilePurchaseListDetail>(detail.body).data).toMatchObject({ basePath: '/m', list: { listId }, lines: [] });
    expect(detail.body).toContain('noindex');

    const other = await t.member();
    const refused = await other.browser.get(`/m/user/purchase-list/${String(listId)}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('手机清单');
    expect((await owner.browser.get('/m/user/purchase-list/abc')).statusCode).toBe(404);
  });
});
