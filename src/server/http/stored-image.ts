import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { isImageVariantWidth, type ImageVariantWidth } from '../../contract/responsive-image.ts';

/**
 * A raster picture the store keeps under UPLOAD_DIR (staff uploads: banners, ads, product pictures),
 * served by content negotiation: a browser that accepts WebP gets WebP (when it is smaller), any
 * other the original type; `?w=<width>` (one of imageVariantWidths) gives it that wide at most.
 * Each variant is made once by sharp, on first request, and kept under UPLOAD_DIR/.variants/, so
 * the address never changes (no backfill for pictures uploaded before) and the CPU cost is paid
 * once per picture and width. The answer varies with Accept, and says so.
 */

const convertible = new Set(['image/png', 'image/jpeg', 'image/webp']);
const variantsDir = '.variants';
const immutable = 'public, max-age=31536000, immutable';

export interface StoredImage {
  /** UPLOAD_DIR */
  dir: string;
  /** cms/<random>.png: already checked by the route */
  key: string;
  mime: string;
}

/** Does the Accept header take WebP (and not with q=0)? */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().split(';');
    if (type?.trim().toLowerCase() !== 'image/webp') return false;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** The width asked for: none, one of the listed ones, or 'refused'. */
export function requestedWidth(query: unknown): ImageVariantWidth | null | 'refused' {
  const raw = (query as Record<string, unknown> | undefined)?.w;
  if (raw === undefined) return null;
  const width = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  return isImageVariantWidth(width) ? width : 'refused';
}

function isWebp(head: Buffer): boolean {
  return head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
}

const pending = new Map<string, Promise<void>>();

/** Makes the variant once (concurrent requests for it wait on the same work); a failed one is not kept. */
async function ensureVariant(source: string, target: string, width: ImageVariantWidth | null, format: 'webp' | 'same'): Promise<void> {
  if (
    await stat(target).then(
      (stats) => stats.isFile(),
      () => false,
    )
  )
    return;
  const running = pending.get(target);
  if (running) return running;
  const work = (async () => {
    const original = await readFile(source);
    let pipeline = sharp(original, { limitInputPixels: 40_000_000 }).rotate();
    if (width !== null) pipeline = pipeline.resize({ width, withoutEnlargement: true });
    if (format === 'webp') pipeline = pipeline.webp({ quality: 80, effort: 4 });
    const made = await pipeline.toBuffer();
    // WebP that does not help (a tiny or already tight picture at full size) is not worth serving.
    const body = format === 'webp' && width === null && made.length >= original.length ? original : made;
    await mkdir(dirname(target), { recursive: true });
    const incoming = `${target}.${process.pid}.part`;
    await writeFile(incoming, body);
    await rename(incoming, target);
  })().finally(() => pending.delete(target));
  pending.set(target, work);
  return work;
}

function sendFile(reply: FastifyReply, path: string, mime: string, bytes: number) {
  return reply
    .type(mime)
    .header('cache-control', immutable)
    .header('vary', 'Accept')
    .header('x-content-type-options', 'nosniff')
    .header('content-length', bytes)
    .send(createReadStream(path));
}

function notFound(reply: FastifyReply, message: string) {
  return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
}

export async function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage, missingMessage: string) {
  const source = join(image.dir, image.key);
  const sourceStats = await stat(source).catch(() => null);
  if (!sourceStats?.isFile()) return notFound(reply, missingMessage);
  const width = requestedWidth(request.query);
  if (width === 'refused') return notFound(reply, missingMessage);
  const wantsWebp = image.mime !== 'image/webp' && convertible.has(image.mime) && acceptsWebp(request.headers.accept);
  if (!convertible.has(image.mime) || (width === null && !wantsWebp)) return sendFile(reply, source, image.mime, sourceStats.size);

  const format = wantsWebp ? 'webp' : 'same';
  const target = join(image.dir, variantsDir, `${image.key}.${width ?? 'full'}.${format === 'webp' ? 'webp' : 'orig'}`);
  try {
    await ensureVariant(source, target, width, format);
  } catch (error) {
    // A picture sharp cannot read is still shown as it was uploaded.
    request.log.warn({ err: error, key: image.key }, 'image variant failed');
    return sendFile(reply, source, image.mime, sourceStats.size);
  }
  const head = Buffer.alloc(12);
  const { size } = await stat(target);
  const handle = await open(target, 'r');
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  return sendFile(reply, target, isWebp(head) ? 'image/webp' : image.mime, size);
}
