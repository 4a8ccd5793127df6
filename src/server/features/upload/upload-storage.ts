import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { uploadErrors, uploadMessages, uploadMimeExtensions, type UploadMime, type UploadPolicy } from '../../../contract/upload.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Files on disk under UPLOAD_DIR, at their key. A file is streamed to `.incoming/` while it is
 * counted and its first bytes are sniffed, and renamed to its key only once it is whole and
 * allowed: a refused or broken upload never appears under a key, and memory holds one chunk
 * plus the sniffed head, whatever the client sends.
 */
export interface StoredFile {
  key: string;
  bytes: number;
  mime: UploadMime;
}

export interface StoreFileOptions {
  dir: string;
  keyPrefix: string;
  maxBytes: number;
  accept: readonly UploadMime[];
  /** What the refusals call the file (图片 or 文件). */
  noun?: UploadPolicy['noun'];
  /** The multipart parser cut the file at its own limit. */
  isTruncated: () => boolean;
}

/** Enough for file-type to tell every accepted type apart. */
const sniffBytes = 4100;

const incomingDir = '.incoming';

/** What the content says, when it is one of the accepted types; an animated PNG is a PNG. */
async function sniffType(head: Buffer, options: Pick<StoreFileOptions, 'accept' | 'noun'>): Promise<UploadMime> {
  const detected = await fileTypeFromBuffer(head);
  const mime = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
  const accepted = options.accept.find((candidate) => candidate === mime);
  if (!accepted) throw badTypeOf(options);
  return accepted;
}

function badTypeOf(options: Pick<StoreFileOptions, 'accept' | 'noun'>): AppError {
  const noun = options.noun ?? '图片';
  return noun === '图片' ? new AppError(uploadErrors.badType) : new AppError(uploadErrors.badType, uploadMessages.badTypeOf({ accept: options.accept, noun }));
}

export async function storeFile(source: Readable, options: StoreFileOptions): Promise<StoredFile> {
  const tooLarge = () => new AppError(uploadErrors.tooLarge, uploadMessages.tooLarge(options.maxBytes, options.noun));
  // What the stream has shown so far: its length and, once the head is in, its type.
  const seen: { bytes: number; mime: UploadMime | null } = { bytes: 0, mime: null };
  let head: Buffer[] = [];

  async function* inspect(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      seen.bytes += chunk.length;
      if (seen.bytes > options.maxBytes) throw tooLarge();
      if (seen.mime) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      if (seen.bytes < sniffBytes) continue;
      seen.mime = await sniffType(Buffer.concat(head), options);
      yield* head;
      head = [];
    }
    if (!seen.mime) {
      seen.mime = await sniffType(Buffer.concat(head), options);
      yield* head;
    }
  }

  await mkdir(join(options.dir, incomingDir), { recursive: true });
  const incomingPath = join(options.dir, incomingDir, `${randomBytes(16).toString('hex')}.part`);
  try {
    // Opened before the stream starts, so a refusal on the first bytes never races the file's creation (and its removal below).
    const incoming = await open(incomingPath, 'wx');
    await pipeline(source, inspect, incoming.createWriteStream());
    if (options.isTruncated()) throw tooLarge();
    const mime = seen.mime;
    if (!mime) throw badTypeOf(options);
    const key = `${options.keyPrefix}${randomBytes(16).toString('hex')}.${uploadMimeExtensions[mime]}`;
    const path = join(options.dir, key);
    await mkdir(dirname(path), { recursive: true });
    await rename(incomingPath, path);
    return { key, bytes: seen.bytes, mime };
  } catch (error) {
    await unlink(incomingPath).catch(() => undefined);
    throw error;
  }
}

/** Takes a stored file back (its row could not be written). */
export async function removeStoredFile(dir: string, key: string): Promise<void> {
  await unlink(join(dir, key)).catch(() => undefined);
}

/** A stored file to send, or null when there is none at that key. The caller has checked the key's shape. */
export async function openStoredFile(dir: string, key: string): Promise<{ stream: ReadStream; bytes: number } | null> {
  const path = join(dir, key);
  const stats = await stat(path).catch(() => null);
  if (!stats?.isFile()) return null;
  return { stream: createReadStream(path), bytes: stats.size };
}
