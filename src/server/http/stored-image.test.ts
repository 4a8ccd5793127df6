import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsWebp, requestedWidth, sendStoredImage } from './stored-image.ts';

const name = '0123456789abcdef0123456789abcdef';
const chromeAccept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** A banner-like picture: a gradient with noise, so WebP has something to win on. */
async function bannerPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x ^ y) * 7) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('stored pictures: WebP by Accept and widths by ?w=', () => {
  let dir: string;
  let app: FastifyInstance;
  let original: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-image-'));
    mkdirSync(join(dir, 'cms'));
    original = await bannerPng(1460, 900);
    writeFileSync(join(dir, 'cms', `${name}.png`), original);
    writeFileSync(join(dir, 'cms', `${name}.jpg`), Buffer.from('not a picture at all'));
    app = Fastify();
    app.get<{ Params: { file: string } }>('/img/cms/:file', (request, reply) => {
      const file = request.params.file;
      const mime = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
      return sendStoredImage(request, reply, { dir, key: `cms/${file}`, mime }, '图片不存在');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads Accept and ?w= strictly', () => {
    expect(acceptsWebp(chromeAccept)).toBe(true);
    expect(acceptsWebp('image/png,image/*;q=0.8')).toBe(false);
    expect(acceptsWebp('image/webp;q=0, image/png')).toBe(false);
    expect(acceptsWebp(undefined)).toBe(false);
    expect(requestedWidth({})).toBeNull();
    expect(requestedWidth({ w: '730' })).toBe(730);
    expect(requestedWidth({ w: '731' })).toBe('refused');
    expect(requestedWidth({ w: ['730', '1460'] })).toBe('refused');
  });

  it('sends the original to a browser without WebP, and WebP (smaller) to one with it, varying by Accept', async () => {
    const plain = await app.inject({ url: `/img/cms/${name}.png`, headers: { accept: 'image/png,image/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.rawPayload.equals(original)).toBe(true);
    expect(plain.headers.vary).toBe('Accept');

    const webp = await app.inject({ url: `/img/cms/${name}.png`, headers: { accept: chromeAccept } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect(webp.rawPayload.length).toBeLessThan(original.length);
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1460, height: 900 });
  });

  it('makes each listed width once, never wider than the original, in the accepted type', async () => {
    const narrow = await app.inject({ url: `/img/cms/${name}.png?w=730`, headers: { accept: chromeAccept } });
    expect(narrow.headers['content-type']).toBe('image/webp');
    expect(await sharp(narrow.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 730, height: 450 });

    const narrowPng = await app.inject({ url: `/img/cms/${name}.png?w=480`, headers: { accept: 'image/png' } });
    expect(narrowPng.headers['content-type']).toBe('image/png');
    expect(await sharp(narrowPng.rawPayload).metadata()).toMatchObject({ format: 'png', width: 480 });

    const [first, second] = await Promise.all([0, 1].map(() => app.inject({ url: `/img/cms/${name}.png?w=1080`, headers: { accept: chromeAccept } })));
    expect(first?.rawPayload.equals(second?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    const kept = readdirSync(join(dir, '.variants', 'cms'));
    expect(kept.filter((file) => file.includes('.1080.'))).toEqual([`${name}.png.1080.webp`]);
    expect(kept.some((file) => file.endsWith('.part'))).toBe(false);
  });

  it('refuses widths it does not make, and answers 404 for a missing picture', async () => {
    const odd = await app.inject({ url: `/img/cms/${name}.png?w=731`, headers: { accept: chromeAccept } });
    expect(odd.statusCode).toBe(404);
    expect(existsSync(join(dir, '.variants', 'cms', `${name}.png.731.webp`))).toBe(false);
    const missing = await app.inject({ url: `/img/cms/${'f'.repeat(32)}.png`, headers: { accept: chromeAccept } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('图片不存在');
  });

  it('sends a picture sharp cannot read as it was stored', async () => {
    const broken = await app.inject({ url: `/img/cms/${name}.jpg?w=730`, headers: { accept: chromeAccept } });
    expect(broken.statusCode).toBe(200);
    expect(broken.headers['content-type']).toBe('image/jpeg');
    expect(broken.body).toBe('not a picture at all');
  });
});
