import type { Dictionary } from './dictionary.ts';
import type { Postings } from './postings.ts';
import { SearchIndex } from './search-index.ts';
import { PackedStrings } from './packed-strings.ts';
import { PackageTable } from './segment-builder.ts';
import { Segment } from './segment.ts';
import { mapFileCopyOnWrite } from './mapped-file.ts';
import {
  arrayOf,
  readSnapshotFile,
  readSnapshotMeta,
  snapshotContentOfBytes,
  SnapshotUnusableError,
  stringsOf,
  writeSnapshotFile,
  type SnapshotArray,
  type SnapshotContent,
} from '../../../cache/snapshot-file.ts';

/**
 * The search index's base segment on disk. Bump the version whenever what the segment holds
 * or how it is built changes (terms, fingerprints, trigram keys…): an older file is then
 * ignored and the index rebuilt from the database.
 */
export const searchSnapshotKind = 'search-index';
export const searchSnapshotVersion = 2;

export interface SearchSnapshotMeta {
  /** The catalog_changes seq the index reflects: a loading process reads the log after it. */
  seq: number;
  products: number;
  writtenAt: string;
}

const postingNames = ['trigrams', 'termPostings', 'brandPostings', 'categoryPostings', 'packagePostings'] as const;
const packedNames = ['codes', 'displayCodes'] as const;

/**
 * The base segment as named arrays and string lists: what the snapshot file holds, and what a build thread hands
 * back (search-build.worker.ts). Call it on a freshly built index, before any change is applied.
 */
export function searchContentOf(index: SearchIndex, seq: number): SnapshotContent<SearchSnapshotMeta> {
  const data = index.base.data;
  const arrays = new Map<string, SnapshotArray>([
    ['productIds', data.productIds],
    ['brandIds', data.brandIds],
    ['categoryIds', data.categoryIds],
    ['packageIds', data.packageIds],
    ['stocks', data.stocks],
    ['prices', data.prices],
    ['fingerprints', data.fingerprints],
    ['byProduct', data.byProduct],
  ]);
  for (const name of postingNames) {
    arrays.set(`${name}.offsets`, data[name].offsets);
    arrays.set(`${name}.docs`, data[name].docs);
  }
  for (const name of packedNames) {
    arrays.set(`${name}.bytes`, data[name].bytes);
    arrays.set(`${name}.offsets`, data[name].offsets);
  }
  return {
    meta: { seq, products: index.base.size, writtenAt: new Date().toISOString() },
    arrays,
    strings: new Map([
      ['terms', [...data.terms.keys()]],
      ['packages', index.packages.names],
    ]),
  };
}

/** Writes a freshly built index (its base segment: call it before any change is applied). */
export async function writeSearchSnapshot(path: string, index: SearchIndex, seq: number): Promise<{ bytes: number }> {
  return writeSnapshotFile(path, searchSnapshotKind, searchSnapshotVersion, searchContentOf(index, seq));
}

/** The seq of the snapshot at `path`, or null when there is none usable (to skip writing an older one). */
export async function searchSnapshotSeq(path: string): Promise<number | null> {
  return (await readSnapshotMeta<SearchSnapshotMeta>(path, searchSnapshotKind, searchSnapshotVersion))?.seq ?? null;
}

/** Loads a snapshot into an index (brands and categories come from the database now); throws SnapshotUnusableError. */
export async function readSearchSnapshot(
  path: string,
  dictionary: Dictionary,
  options: { isMapped: boolean } = { isMapped: false },
): Promise<{ index: SearchIndex; meta: SearchSnapshotMeta; isMapped: boolean }> {
  const mapped = options.isMapped ? mappedFile(path) : null;
  const content = mapped
    ? await snapshotContentOfBytes<SearchSnapshotMeta>(mapped, searchSnapshotKind, searchSnapshotVersion)
    : await readSnapshotFile<SearchSnapshotMeta>(path, searchSnapshotKind, searchSnapshotVersion);
  return { ...indexOfContent(content, dictionary), isMapped: mapped !== null };
}

/** The file mapped copy-on-write (shared with the other processes mapping it, decision 0035), or null without the addon. */
function mappedFile(path: string): Buffer | null {
  try {
    return mapFileCopyOnWrite(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SnapshotUnusableError('没有快照文件');
    throw error;
  }
}

/** An index over the arrays of searchContentOf (from a file or a build thread); throws SnapshotUnusableError when they do not add up. */
export function indexOfContent(content: SnapshotContent<SearchSnapshotMeta>, dictionary: Dictionary): { index: SearchIndex; meta: SearchSnapshotMeta } {
  const packages = new PackageTable();
  for (const name of stringsOf(content, 'packages')) packages.intern(name);
  const packed = (name: string) => new PackedStrings(arrayOf(content, `${name}.bytes`, Uint8Array), arrayOf(content, `${name}.offsets`, Uint32Array));
  const codes = packed('codes');
  const displayCodes = packed('displayCodes');
  const terms = new Map<string, number>();
  stringsOf(content, 'terms').forEach((key, id) => terms.set(key, id));
  const postings = (name: string): Postings => ({
    offsets: arrayOf(content, `${name}.offsets`, Uint32Array),
    docs: arrayOf(content, `${name}.docs`, Uint32Array),
  });
  const segment = new Segment({
    productIds: arrayOf(content, 'productIds', Int32Array),
    codes,
    displayCodes,
    brandIds: arrayOf(content, 'brandIds', Int32Array),
    categoryIds: arrayOf(content, 'categoryIds', Int32Array),
    packageIds: arrayOf(content, 'packageIds', Int32Array),
    stocks: arrayOf(content, 'stocks', Int32Array),
    prices: arrayOf(content, 'prices', Float64Array),
    fingerprints: arrayOf(content, 'fingerprints', Uint32Array),
    trigrams: postings('trigrams'),
    terms,
    termPostings: postings('termPostings'),
    brandPostings: postings('brandPostings'),
    categoryPostings: postings('categoryPostings'),
    packagePostings: postings('packagePostings'),
    byProduct: arrayOf(content, 'byProduct', Uint32Array),
  });
  const size = segment.size;
  const sameSize = [codes.length, displayCodes.length, segment.data.byProduct.length, segment.data.stocks.length, segment.data.prices.length].every(
    (n) => n === size,
  );
  const packedWhole = [codes, displayCodes].every((column) => column.offsets[column.length] === column.bytes.length);
  if (!sameSize || !packedWhole || size !== content.meta.products) throw new SnapshotUnusableError('快照各列长度不一致');
  return { index: new SearchIndex(dictionary, packages, segment), meta: content.meta };
}
