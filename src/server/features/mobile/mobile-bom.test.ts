import { describe, expect, it } from 'vitest';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { defaultBomQuantityOptions } from '../../../contract/bom.ts';
import type { MobileBomData } from '../../../contract/mobile-buy.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { mobileReturnPath } from './mobile-buy.service.ts';
import { mobileRedirectTarget } from './mobile-site.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('the BOM tool on the mobile site: addresses', () => {
  it.each([
    ['/bom', '/m/bom'],
    ['/bom/', '/m/bom'],
    ['/bom?id=12', '/m/bom?id=12'],
    ['/bom?id=12&from=list', '/m/bom?id=12&from=list'],
  ])('sends a phone from %s to %s', (url, target) => {
    expect(mobileRedirectTarget(url, '/m')).toBe(target);
  });

  it.each(['/user/bom', '/bom/12/export.xlsx', '/bom/api/match'])('keeps %s on the desktop site', (url) => {
    expect(mobileRedirectTarget(url, '/m')).toBeNull();
  });

  it('comes back to the mobile tool after a login that a desktop BOM address asked for', () => {
    expect(mobileReturnPath('/bom', '/m', '/m')).toBe('/m/bom');
    expect(mobileReturnPath('/bom?id=7', '/m', '/m')).toBe('/m/bom?id=7');
    expect(mobileReturnPath('/m/bom?id=7', '/m', '/m')).toBe('/m/bom?id=7');
  });
});

describe('the BOM tool on the mobile site: the page', () => {
  const t = useTestApp();

  const get = (url: string, userAgent: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

  async function saveBom(member: SignedInMember, name: string): Promise<number> {
    const sheet = {
      fileName: 'board.csv',
      sheetName: 'BOM',
      headerRowIndex: 0,
      headers: ['型号', '数量'],
      rows: [
        ['STM32F103C8T6', '10'],
        ['LM358DR', '4'],
      ],
      mapping: { mpn: 0, quantity: 1 },
    };
    const { bomId } = await member.browser.callOk(bomCalls.save, { name, sheet, options: defaultBomQuantityOptions, choices: [] });
    return bomId;
  }

  it('sends a phone asking for /bom to /m/bom with a 302, keeping the query; a desktop stays', async () => {
    const phone = await get('/bom?id=3&from=list', iPhone);
    expect(phone.statusCode).toBe(302);
    expect(phone.headers.location).toBe('/m/bom?id=3&from=list');
    const fresh = await get('/bom', iPhone);
    expect(fresh.statusCode).toBe(302);
    expect(fresh.headers.location).toBe('/m/bom');
    expect((await get('/bom', desktop)).statusCode).toBe(200);
    // ?pc=1 keeps the phone on the desktop tool.
    expect((await get('/bom?pc=1', iPhone)).statusCode).toBe(200);
  });

  it('opens for a visitor with a fresh BOM and the mobile base path', async () => {
    const response = await t.browser().get('/m/bom');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<MobileBomData>(response.body).data).toEqual({ savedBom: null, isLoggedIn: false, basePath: '/m' });
    expect(response.body).toContain('BOM配单');
  });

  it('reopens a member’s saved BOM with ?id=N', async () => {
    const member = await t.member();
    const bomId = await saveBom(member, '手机上的主板');
    const response = await member.browser.get(`/m/bom?id=${bomId}`);
    expect(response.statusCode).toBe(200);
    const data = pageStateOf<MobileBomData>(response.body).data;
    expect(data).toMatchObject({ isLoggedIn: true, basePath: '/m' });
    expect(data.savedBom).toMatchObject({ bomId, name: '手机上的主板' });
    expect(data.savedBom?.sheet.rows).toEqual([
      ['STM32F103C8T6', '10'],
      ['LM358DR', '4'],
    ]);
  });

  it('answers 404 for another member’s saved BOM and for a malformed id', async () => {
    const owner = await t.member();
    const bomId = await saveBom(owner, '别人的 BOM');
    const other = await t.member();
    const response = await other.browser.get(`/m/bom?id=${bomId}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('别人的 BOM');
    expect((await other.browser.get('/m/bom?id=abc')).statusCode).toBe(404);
  });

  it('sends a visitor asking for a saved BOM to the mobile login, coming back to it', async () => {
    const owner = await t.member();
    const bomId = await saveBom(owner, '主板');
    const response = await t.browser().get(`/m/bom?id=${bomId}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/m/account/login?return=${encodeURIComponent(`/m/bom?id=${bomId}`)}`);
  });
});
