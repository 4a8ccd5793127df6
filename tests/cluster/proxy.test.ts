import { describe, expect, it } from 'vitest';
import { bomUploadPath } from '../../src/contract/bom.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { eventually, HttpBrowser, useCluster } from './cluster-kit.ts';

/** What nginx and the runner add: private metrics, compression, the body limit, and surviving a killed process. */
describe('nginx in front of the processes, and the runner behind them', () => {
  const c = useCluster({ restart: true });

  it('keeps /metrics private: 404 through nginx, answered by each process on its own port', async () => {
    expect((await fetch(`${c.url}/metrics`)).status).toBe(404);
    for (const origin of c.processUrls) expect((await fetch(`${origin}/metrics`)).status).toBe(200);
  });

  it('compresses pages once: each process does, and nginx passes its bytes on', async () => {
    const direct = await fetch(`${c.processUrls[0] ?? ''}/`, { headers: { 'accept-encoding': 'gzip' } });
    const proxied = await fetch(`${c.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(direct.headers.get('content-encoding')).toBe('gzip');
    expect(proxied.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes one layer: a page compressed twice would not read as HTML.
    expect(await proxied.text()).toMatch(/^<!DOCTYPE html>[\s\S]*芯品商城/i);
  });

  it('serves every script and stylesheet the home page links, whole, from each process of the production build', async () => {
    const html = await (await fetch(`${c.url}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(1);
    for (const origin of c.processUrls) {
      for (const asset of assets) {
        const answer = await fetch(`${origin}${asset}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(asset.endsWith('.css') ? /text\/css/ : /javascript/);
        expect((await answer.text()).length).toBeGreaterThan(0);
      }
    }
  });

  it("gives each request nginx's request id, not one the client chose", async () => {
    const answer = await fetch(`${c.url}/`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a call over 1 MiB with the envelope, in Chinese', async () => {
    const browser = new HttpBrowser();
    await browser.get(c.url, '/');
    const answer = await browser.post(c.url, cartCalls.add.path, { note: 'x'.repeat(1024 * 1024) });
    expect(answer).toMatchObject({ code: 400, errorCode: 'request.tooLarge', msg: '提交的内容过大' });
  });

  it('lets through what the app accepts: a BOM file of 1.1 MB is read, not refused by nginx (issue 29)', async () => {
    const rows = Array.from({ length: 1400 }, (_, i) => `R${String(i + 1)},10k,0603,1,贴片电阻 10kΩ ±1% 100mW ${'厚膜 '.repeat(120)}`);
    const bytes = new TextEncoder().encode(['位号,值,封装,数量,描述', ...rows].join('\n'));
    expect(bytes.length).toBeGreaterThan(1.1 * 1024 * 1024);
    const answer = await new HttpBrowser().postFile(c.url, bomUploadPath, { name: '大BOM.csv', type: 'text/csv', bytes });
    expect(answer).toMatchObject({ code: 1 });
  });

  it('keeps serving pages through nginx while one process is killed, and the runner starts it again', async () => {
    const victim = c.cluster.processes[1];
    if (!victim) throw new Error('no second process');
    victim.signal('SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await fetch(`${c.url}/`)).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await eventually(
      async () => ({
        restarts: victim.restarts,
        status: await fetch(`${victim.url}/readyz`).then(
          (response) => response.status,
          () => 0,
        ),
      }),
      (state) => state.restarts === 1 && state.status === 200,
      60_000,
    );
  });
});
