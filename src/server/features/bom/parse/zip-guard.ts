import { inflateRawSync } from 'node:zlib';
import { bomErrors } from '../../../../contract/bom.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Checks an .xlsx (a zip) before SheetJS expands it: every part is inflated here with a cap on the bytes it may
 * produce, so a zip bomb stops after the cap whatever sizes it declares, and each worksheet's cells and rows with
 * values are counted so a 200,000-row sheet is refused before it is parsed.
 */
export interface ZipLimits {
  /** All parts together, inflated. */
  inflatedBytesMax: number;
  /** Rows holding values in one worksheet. */
  sheetRowsMax: number;
  /** Cells in one worksheet. */
  sheetCellsMax: number;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const unreadable = () => new AppError(bomErrors.fileUnreadable);

export function assertZipWithinLimits(bytes: Uint8Array, limits: ZipLimits): void {
  const entries = zipEntriesOf(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > limits.inflatedBytesMax) throw unreadable();
  let budget = limits.inflatedBytesMax;
  for (const entry of entries) {
    const content = inflateEntry(bytes, entry, budget);
    budget -= content.length;
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) assertSheetSize(content, limits);
  }
}

function zipEntriesOf(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== 0x02014b50) throw unreadable();
    const nameLength = view.getUint16(offset + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
    };
    // Zip64 markers: no honest 5 MB workbook needs them.
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) throw unreadable();
    entries.push(entry);
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === 0x06054b50) return offset;
  }
  throw unreadable();
}

function inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: number): Buffer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > view.byteLength || view.getUint32(local, true) !== 0x04034b50) throw unreadable();
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > budget) throw unreadable();
    return Buffer.from(data);
  }
  if (entry.method !== 8) throw unreadable();
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch {
    throw unreadable();
  }
}

function assertSheetSize(xml: Buffer, limits: ZipLimits): void {
  const text = xml.toString('latin1');
  if (countUpTo(text, /<(?:\w+:)?c[\s>/]/g, limits.sheetCellsMax) > limits.sheetCellsMax) throw new AppError(bomErrors.tooManyLines);
  if (rowsWithValues(text, limits.sheetRowsMax) > limits.sheetRowsMax) throw new AppError(bomErrors.tooManyLines);
}

function countUpTo(text: string, pattern: RegExp, limit: number): number {
  let count = 0;
  while (pattern.exec(text) !== null && count <= limit) count++;
  return count;
}

/** Rows holding a value (`<v>` or an inline string): a template's thousands of bordered empty rows do not count. */
function rowsWithValues(text: string, limit: number): number {
  const rowStart = /<(?:\w+:)?row[\s>]/g;
  const value = /<(?:\w+:)?(?:v|is)>/g;
  let count = 0;
  let nextValue = -1;
  for (let match = rowStart.exec(text); match !== null && count <= limit; match = rowStart.exec(text)) {
    if (nextValue < match.index) {
      value.lastIndex = match.index;
      nextValue = value.exec(text)?.index ?? Number.POSITIVE_INFINITY;
    }
    const tagEnd = text.indexOf('>', match.index);
    if (tagEnd < 0 || text[tagEnd - 1] === '/') continue;
    const rowEnd = text.indexOf('row>', tagEnd);
    if (nextValue < (rowEnd < 0 ? text.length : rowEnd)) count++;
  }
  return count;
}
