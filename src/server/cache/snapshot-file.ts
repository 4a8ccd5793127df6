import { createHash } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { yieldToEventLoop } from '../work/yield-to-event-loop.ts';

/**
 * An in-memory index written to disk so the next process loads it in seconds instead of reading
 * the whole catalogue again. Layout: 8-byte magic, u32 header length, JSON header, then the
 * typed arrays as raw little-endian bytes (each at an 8-byte boundary, loaded as views of one
 * buffer, no copy), then the string lists (UTF-8, NUL between items). The header names the
 * kind and format version of the content, its sizes and a SHA-1 of everything after it.
 */
export type SnapshotArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

export interface SnapshotContent<Meta> {
  meta: Meta;
  arrays: Map<string, SnapshotArray>;
  strings: Map<string, string[]>;
}

type ArrayType = 'i32' | 'u32' | 'f64' | 'u8';

interface SnapshotHeader<Meta> {
  kind: string;
  formatVersion: number;
  meta: Meta;
  arrays: { name: string; type: ArrayType; offset: number; length: number }[];
  strings: { name: string; offset: number; byteLength: number; count: number }[];
  arraysBytes: number;
  stringsBytes: number;
  sha1: string;
}

/** Why a snapshot was not used: the caller falls back to a full build and says why. */
export class SnapshotUnusableError extends Error {}

const magic = Buffer.from('XPSNAP01', 'latin1');
const separator = '\u0000';

function typeOf(array: SnapshotArray): ArrayType {
  if (array instanceof Int32Array) return 'i32';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Float64Array) return 'f64';
  return 'u8';
}

function viewOf(type: ArrayType, buffer: ArrayBuffer, offset: number, length: number): SnapshotArray {
  if (type === 'i32') return new Int32Array(buffer, offset, length);
  if (type === 'u32') return new Uint32Array(buffer, offset, length);
  if (type === 'f64') return new Float64Array(buffer, offset, length);
  return new Uint8Array(buffer, offset, length);
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/** The SHA-1 of the regions in turn, letting other work run between slices of `sliceBytes`. */
async function sha1InSlices(regions: readonly Uint8Array[], sliceBytes: number): Promise<string> {
  const hash = createHash('sha1');
  for (const region of regions) {
    for (let at = 0; at < region.length; at += sliceBytes) {
      hash.update(region.subarray(at, Math.min(region.length, at + sliceBytes)));
      await yieldToEventLoop();
    }
  }
  return hash.digest('hex');
}

/** Writes beside the target and renames into place: a reader never sees half a file, and concurrent writers never mix. */
export async function writeSnapshotFile<Meta>(path: string, kind: string, formatVersion: number, content: SnapshotContent<Meta>): Promise<{ bytes: number }> {
  const arrays: SnapshotHeader<Meta>['arrays'] = [];
  const arrayBytes: Buffer[] = [];
  let offset = 0;
  for (const [name, array] of content.arrays) {
    arrays.push({ name, type: typeOf(array), offset, length: array.length });
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    arrayBytes.push(bytes);
    const padding = align(bytes.length) - bytes.length;
    if (padding > 0) arrayBytes.push(Buffer.alloc(padding));
    offset += align(bytes.length);
  }
  const strings: SnapshotHeader<Meta>['strings'] = [];
  const stringBytes: Buffer[] = [];
  let stringOffset = 0;
  for (const [name, list] of content.strings) {
    const bytes = Buffer.from(list.join(separator), 'utf8');
    strings.push({ name, offset: stringOffset, byteLength: bytes.length, count: list.length });
    stringBytes.push(bytes);
    stringOffset += bytes.length;
  }
  // A snapshot is written while the process serves (after a rebuild): 1 MiB at a time, about a
  // millisecond each, where one call over 1.1 GB at 5M parts held every request for most of a second.
  const sha1 = await sha1InSlices([...arrayBytes, ...stringBytes], 1 << 20);
  const header: SnapshotHeader<Meta> = {
    kind,
    formatVersion,
    meta: content.meta,
    arrays,
    strings,
    arraysBytes: offset,
    stringsBytes: stringOffset,
    sha1,
  };
  const headerJson = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(align(magic.length + 4 + headerJson.length));
  magic.copy(prefix, 0);
  prefix.writeUInt32LE(headerJson.length, magic.length);
  headerJson.copy(prefix, magic.length + 4);

  await mkdir(dirname(path), { recursive: true });
  await removeAbandonedPartials(path);
  const partial = `${path}.${process.pid}.partial`;
  const file = await open(partial, 'w');
  try {
    for (const bytes of [prefix, ...arrayBytes, ...stringBytes]) await file.write(bytes);
  } catch (error) {
    await file.close();
    await rm(partial, { force: true });
    throw error;
  }
  await file.close();
  await rename(partial, path);
  return { bytes: prefix.length + offset + stringOffset };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A process stopped in the middle of a write (SIGKILL, a crash) leaves its `.partial` file: a gigabyte
 * at 5M parts that nothing reads. The next write removes those of processes no longer running here
 * (a snapshot directory belongs to one machine: snapshot-paths.ts).
 */
export async function removeAbandonedPartials(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.partial') ? Number(name.slice(prefix.length, -'.partial'.length)) : Number.NaN;
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    await rm(join(dirname(path), name), { force: true });
    removed.push(name);
  }
  return removed;
}

async function readExactly(file: Awaited<ReturnType<typeof open>>, target: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < target.length) {
    const { bytesRead } = await file.read(target, done, Math.min(target.length - done, 1 << 30), position + done);
    if (bytesRead === 0) throw new SnapshotUnusableError('快照文件被截断');
    done += bytesRead;
  }
}

async function readHeader<Meta>(file: Awaited<ReturnType<typeof open>>): Promise<{ header: SnapshotHeader<Meta>; dataStart: number }> {
  const start = new Uint8Array(magic.length + 4);
  await readExactly(file, start, 0);
  const startBuffer = Buffer.from(start.buffer, start.byteOffset, start.byteLength);
  if (!startBuffer.subarray(0, magic.length).equals(magic)) throw new SnapshotUnusableError('不是索引快照文件');
  const headerLength = startBuffer.readUInt32LE(magic.length);
  if (headerLength > 64 * 1024 * 1024) throw new SnapshotUnusableError('快照文件头损坏');
  const headerBytes = new Uint8Array(headerLength);
  await readExactly(file, headerBytes, magic.length + 4);
  try {
    const header = JSON.parse(Buffer.from(headerBytes).toString('utf8')) as SnapshotHeader<Meta>;
    return { header, dataStart: align(magic.length + 4 + headerLength) };
  } catch {
    throw new SnapshotUnusableError('快照文件头损坏');
  }
}

/** The header alone (kind, version, meta), or null when there is no readable snapshot. */
export async function readSnapshotMeta<Meta>(path: string, kind: string, formatVersion: number): Promise<Meta | null> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const { header } = await readHeader<Meta>(file);
    return header.kind === kind && header.formatVersion === formatVersion ? header.meta : null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

/**
 * Loads a snapshot, checking kind, format version, sizes and checksum; throws
 * SnapshotUnusableError (with the reason, in Chinese, for the log) when any of them is off.
 * The hash runs a slice at a time, yielding between slices, so a server stays responsive.
 */
export async function readSnapshotFile<Meta>(path: string, kind: string, formatVersion: number): Promise<SnapshotContent<Meta>> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch {
    throw new SnapshotUnusableError('没有快照文件');
  }
  try {
    const { header, dataStart } = await readHeader<Meta>(file);
    if (header.kind !== kind) throw new SnapshotUnusableError(`快照内容不符 (${header.kind})`);
    if (header.formatVersion !== formatVersion) throw new SnapshotUnusableError(`快照格式版本 ${header.formatVersion} 与当前版本 ${formatVersion} 不符`);
    const { size } = await file.stat();
    if (size !== dataStart + header.arraysBytes + header.stringsBytes) throw new SnapshotUnusableError('快照文件大小与文件头不符');
    const arrayBuffer = new ArrayBuffer(header.arraysBytes);
    const arrayRegion = new Uint8Array(arrayBuffer);
    await readExactly(file, arrayRegion, dataStart);
    const stringRegion = Buffer.alloc(header.stringsBytes);
    await readExactly(file, stringRegion, dataStart + header.arraysBytes);
    if ((await sha1InSlices([arrayRegion, stringRegion], 64 << 20)) !== header.sha1) throw new SnapshotUnusableError('快照校验和不符 (文件损坏)');
    const arrays = new Map<string, SnapshotArray>();
    for (const entry of header.arrays) arrays.set(entry.name, viewOf(entry.type, arrayBuffer, entry.offset, entry.length));
    const strings = new Map<string, string[]>();
    for (const entry of header.strings) {
      const text = stringRegion.toString('utf8', entry.offset, entry.offset + entry.byteLength);
      const list = entry.count === 0 ? [] : text.split(separator);
      if (list.length !== entry.count) throw new SnapshotUnusableError('快照字符串表损坏');
      strings.set(entry.name, list);
    }
    return { meta: header.meta, arrays, strings };
  } finally {
    await file.close();
  }
}

/** A named array of the expected type, or SnapshotUnusableError. */
export function arrayOf<T extends SnapshotArray>(content: SnapshotContent<unknown>, name: string, type: new (length: number) => T): T {
  const array = content.arrays.get(name);
  if (!(array instanceof type)) throw new SnapshotUnusableError(`快照缺少 ${name}`);
  return array;
}

export function stringsOf(content: SnapshotContent<unknown>, name: string): string[] {
  const list = content.strings.get(name);
  if (!list) throw new SnapshotUnusableError(`快照缺少 ${name}`);
  return list;
}

/**
 * A snapshot already in memory as one region (a file mapped by the caller): checked as readSnapshotFile checks a file,
 * its arrays made views of the region itself, never copied. Throws SnapshotUnusableError.
 */
export async function snapshotContentOfBytes<Meta>(bytes: Buffer, kind: string, formatVersion: number): Promise<SnapshotContent<Meta>> {
  if (bytes.length < magic.length + 4 || !bytes.subarray(0, magic.length).equals(magic)) throw new SnapshotUnusableError('不是索引快照文件');
  const headerLength = bytes.readUInt32LE(magic.length);
  if (magic.length + 4 + headerLength > bytes.length) throw new SnapshotUnusableError('快照文件头损坏');
  let header: SnapshotHeader<Meta>;
  try {
    header = JSON.parse(bytes.toString('utf8', magic.length + 4, magic.length + 4 + headerLength)) as SnapshotHeader<Meta>;
  } catch {
    throw new SnapshotUnusableError('快照文件头损坏');
  }
  if (header.kind !== kind) throw new SnapshotUnusableError(`快照内容不符 (${header.kind})`);
  if (header.formatVersion !== formatVersion) throw new SnapshotUnusableError(`快照格式版本 ${header.formatVersion} 与当前版本 ${formatVersion} 不符`);
  const dataStart = align(magic.length + 4 + headerLength);
  if (bytes.length !== dataStart + header.arraysBytes + header.stringsBytes) throw new SnapshotUnusableError('快照文件大小与文件头不符');
  const arrayRegion = bytes.subarray(dataStart, dataStart + header.arraysBytes);
  const stringRegion = bytes.subarray(dataStart + header.arraysBytes);
  if ((await sha1InSlices([arrayRegion, stringRegion], 64 << 20)) !== header.sha1) throw new SnapshotUnusableError('快照校验和不符 (文件损坏)');
  const arrays = new Map<string, SnapshotArray>();
  for (const entry of header.arrays)
    arrays.set(entry.name, viewOf(entry.type, bytes.buffer as ArrayBuffer, arrayRegion.byteOffset + entry.offset, entry.length));
  const strings = new Map<string, string[]>();
  for (const entry of header.strings) {
    const list = entry.count === 0 ? [] : stringRegion.toString('utf8', entry.offset, entry.offset + entry.byteLength).split(separator);
    if (list.length !== entry.count) throw new SnapshotUnusableError('快照字符串表损坏');
    strings.set(entry.name, list);
  }
  return { meta: header.meta, arrays, strings };
}
