import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { csrfCookieName, csrfHeaderName, type Envelope } from '../../../../contract/envelope.ts';
import { localUploadPath, uploadFileField, uploadTokenField, uploadTokenHeader, type UploadedImage } from '../../../../contract/upload.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';

/** Real pictures of each accepted type, and things that are not. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A solid-colour PNG of width × height (RGB). */
export function pngImage(width = 1, height = 1, rgb: [number, number, number] = [220, 40, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 24-bit BMP. */
export function bmpImage(): Buffer {
  const image = Buffer.alloc(58);
  image.write('BM', 0, 'latin1');
  image.writeUInt32LE(58, 2);
  image.writeUInt32LE(54, 10);
  image.writeUInt32LE(40, 14);
  image.writeInt32LE(1, 18);
  image.writeInt32LE(1, 22);
  image.writeUInt16LE(1, 26);
  image.writeUInt16LE(24, 28);
  image.writeUInt32LE(4, 34);
  image.set([40, 40, 220, 0], 54);
  return image;
}

/** A 2×1 BMP of 8-bit palette entries, both red (the BMPs old Windows tools save). */
export function paletteBmpImage(): Buffer {
  const image = Buffer.alloc(66);
  image.write('BM', 0, 'latin1');
  image.writeUInt32LE(66, 2);
  image.writeUInt32LE(62, 10);
  image.writeUInt32LE(40, 14);
  image.writeInt32LE(2, 18);
  image.writeInt32LE(1, 22);
  image.writeUInt16LE(1, 26);
  image.writeUInt16LE(8, 28);
  image.writeUInt32LE(4, 34);
  image.writeUInt32LE(2, 46);
  image.set([40, 40, 220, 0, 40, 40, 220, 0], 54);
  image.set([0, 1, 0, 0], 62);
  return image;
}

export const jpegImage = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const webpImage = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
export const pdfDocument = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const windowsProgram = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(62), Buffer.from('PE\0\0', 'latin1'), randomBytes(256)]);

/** A PNG's first bytes followed by filler up to `bytes`: what the sniffer accepts, of any size. */
export function pngOfSize(bytes: number): Buffer {
  const image = Buffer.alloc(bytes);
  pngImage().copy(image);
  return image;
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer | Iterable<Buffer> };

/**
 * A multipart/form-data body as a stream: file data given as chunks is produced only as the
 * server reads it, and `sent()` says how many bytes the server pulled.
 */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----upload-test-${randomBytes(8).toString('hex')}`;
  let sent = 0;
  function* chunks(): Generator<Buffer> {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.data)) yield part.data;
      else yield* part.data;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  function* counted(): Generator<Buffer> {
    for (const chunk of chunks()) {
      sent += chunk.length;
      yield chunk;
    }
  }
  return {
    payload: Readable.from(counted(), { objectMode: false, highWaterMark: 64 * 1024 }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    sent: () => sent,
  };
}

/** `count` chunks of `size` bytes each, made on demand. */
export function* filler(count: number, size = 64 * 1024): Generator<Buffer> {
  for (let index = 0; index < count; index += 1) yield Buffer.alloc(size, 0x41);
}

export interface UploadAttempt {
  token?: string;
  /** Where the token travels: the x-upload-token header (default) or a form field before the file. */
  tokenIn?: 'header' | 'field';
  file?: { filename: string; data: Buffer | Iterable<Buffer>; contentType?: string };
  extraParts?: FormPart[];
  /** Leave out the anti-forgery header. */
  isForged?: boolean;
}

/** POSTs a multipart upload as the browser's uploader would, with the browser's cookies. */
export async function postUpload(app: FastifyInstance, browser: TestBrowser, attempt: UploadAttempt) {
  if (!browser.cookie(csrfCookieName)) await browser.get('/');
  const parts: FormPart[] = [...(attempt.extraParts ?? [])];
  if (attempt.token !== undefined && attempt.tokenIn === 'field') parts.push({ name: uploadTokenField, value: attempt.token });
  if (attempt.file) parts.push({ name: uploadFileField, ...attempt.file });
  const body = multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': body.contentType, cookie: browser.cookieHeader() };
  if (!attempt.isForged) headers[csrfHeaderName] = browser.cookie(csrfCookieName) ?? '';
  if (attempt.token !== undefined && attempt.tokenIn !== 'field') headers[uploadTokenHeader] = attempt.token;
  const response = await app.inject({ method: 'POST', url: localUploadPath, payload: body.payload, headers });
  return { response, envelope: response.json<Envelope<UploadedImage>>(), sent: body.sent() };
}
