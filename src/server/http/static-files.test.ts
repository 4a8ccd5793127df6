import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticFiles } from './static-files.ts';

const builtVendor = Buffer.from('export const parts = ['.concat('"STM32F103C8T6",'.repeat(200), '];\n'));

/** A client build as Vite writes it: public files at the top, hashed assets, the manifest under .vite/. */
function writeClientBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'banners'));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'banners', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/web/entries/home.tsx":{"file":"assets/home-1a2b.js"}}');
  writeFileSync(join(dir, 'assets', 'home-1a2b.js'), 'console.log(1);\n//# sourceMappingURL=home-1a2b.js.map');
  writeFileSync(join(dir, 'assets', 'home-1a2b.js.map'), '{"sources":["../../src/web/entries/home.tsx"]}');
  writeFileSync(join(dir, 'assets', '.hidden'), 'x');
  // What the build's compression step writes beside an asset: the same bytes, brotli and gzip.
  writeFileSync(join(dir, 'assets', 'vendor-9f8e.js'), builtVendor);
  writeFileSync(join(dir, 'assets', 'vendor-9f8e.js.br'), brotliCompressSync(builtVendor));
  writeFileSync(join(dir, 'assets', 'vendor-9f8e.js.gz'), gzipSync(builtVendor));
  writeFileSync(join(dir, 'page.css.map'), '{}');
}

describe('static files', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-files-'));
    writeClientBuild(dir);
    app = Fastify();
    await registerStaticFiles(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the hashed assets and the public files', async () => {
    for (const url of ['/assets/home-1a2b.js', '/static/favicon.svg', '/static/banners/a.svg', '/favicon.svg']) {
      expect((await app.inject(url)).statusCode, url).toBe(200);
    }
  });

  it('serves neither the Vite manifest nor source maps nor any dot path, under either prefix', async () => {
    for (const url of [
      '/static/.vite/manifest.json',
      '/static/.vite/',
      '/static/%2Evite/manifest.json',
      '/static/assets/home-1a2b.js.map',
      '/static/page.css.map',
      '/assets/home-1a2b.js.map',
      '/assets/.hidden',
      '/static/assets/.hidden',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('answers the precompressed brotli or gzip body when the browser accepts it, the plain one otherwise, varying by encoding', async () => {
    const asked = (acceptEncoding: string | undefined) =>
      app.inject({ url: '/assets/vendor-9f8e.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload)).toEqual(builtVendor);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(builtVendor);
    for (const plain of [await asked(undefined), await asked('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload).toEqual(builtVendor);
    }
    for (const answer of [brotli, gzip]) {
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toContain('immutable');
    }
  });
});
