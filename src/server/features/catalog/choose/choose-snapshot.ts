import { arrayOf, readSnapshotFile, SnapshotUnusableError, stringsOf, writeSnapshotFile, type SnapshotArray } from '../../../cache/snapshot-file.ts';
import type { ChooseScope } from './choose-index.repository.ts';
import type { AttributeColumn, ScopeIndex } from './choose-index.ts';

/**
 * Every category's choose index in one file (the format of the search snapshot). Each index
 * keeps its own version (the scope's max(updatedAt) when read), so a loading process patches
 * what changed since, exactly as a running one does; the file keeps the change log's newest seq
 * read before the indexes were, so a loading process knows whether any part changed or went since.
 * Bump the version when ScopeIndex or the meta changes.
 */
export const chooseSnapshotKind = 'choose-index';
export const chooseSnapshotVersion = 3;

interface ScopeMeta {
  scope: ChooseScope;
  version: number;
  size: number;
  attributes: { key: string; attributeId: number; name: string; unit: string | null; valueKind: 'number' | 'text'; valueCount: number }[];
}

export interface ChooseSnapshotMeta {
  scopes: ScopeMeta[];
  /** catalog_changes' newest seq read before the indexes were: every change up to it is in them. */
  changeSeq: number;
  writtenAt: string;
}

export interface ChooseSnapshot {
  indexes: ScopeIndex[];
  changeSeq: number;
}

export async function writeChooseSnapshot(path: string, indexes: readonly ScopeIndex[], changeSeq: number): Promise<{ bytes: number }> {
  const arrays = new Map<string, SnapshotArray>();
  const strings = new Map<string, string[]>();
  const scopes: ScopeMeta[] = indexes.map((index, i) => {
    arrays.set(`${i}.ids`, index.ids);
    arrays.set(`${i}.brandIds`, index.brandIds);
    arrays.set(`${i}.stocks`, index.stocks);
    arrays.set(`${i}.prices`, index.prices);
    arrays.set(`${i}.secondIds`, index.secondIds);
    const texts: string[] = [];
    index.attributes.forEach((column, a) => {
      arrays.set(`${i}.${a}.ordinals`, column.ordinals);
      arrays.set(
        `${i}.${a}.nums`,
        Float64Array.from(column.values, (value) => value.num ?? Number.NaN),
      );
      for (const value of column.values) texts.push(value.text);
    });
    strings.set(`${i}.values`, texts);
    return {
      scope: index.scope,
      version: index.version,
      size: index.size,
      attributes: index.attributes.map((column) => ({
        key: column.key,
        attributeId: column.attributeId,
        name: column.name,
        unit: column.unit,
        valueKind: column.valueKind,
        valueCount: column.values.length,
      })),
    };
  });
  return writeSnapshotFile(path, chooseSnapshotKind, chooseSnapshotVersion, {
    meta: { scopes, changeSeq, writtenAt: new Date().toISOString() },
    arrays,
    strings,
  });
}

/** The indexes of the file (their count not yet compared with the database) and its seq; throws SnapshotUnusableError. */
export async function readChooseSnapshot(path: string): Promise<ChooseSnapshot> {
  const content = await readSnapshotFile<ChooseSnapshotMeta>(path, chooseSnapshotKind, chooseSnapshotVersion);
  const indexes = content.meta.scopes.map((meta, i) => {
    const texts = stringsOf(content, `${i}.values`);
    let at = 0;
    const attributes = meta.attributes.map((attribute, a): AttributeColumn => {
      const nums = arrayOf(content, `${i}.${a}.nums`, Float64Array);
      const values = texts.slice(at, at + attribute.valueCount).map((text, ordinal) => {
        const num = nums[ordinal] ?? Number.NaN;
        return { text, num: Number.isNaN(num) ? null : num };
      });
      at += attribute.valueCount;
      const ordinals = arrayOf(content, `${i}.${a}.ordinals`, Int32Array);
      if (values.length !== attribute.valueCount || ordinals.length !== meta.size) throw new SnapshotUnusableError('选型索引快照的参数列损坏');
      const { valueCount: _count, ...column } = attribute;
      return { ...column, values, byText: new Map(values.map((value, ordinal) => [value.text, ordinal])), ordinals };
    });
    const index: ScopeIndex = {
      scope: meta.scope,
      version: meta.version,
      size: meta.size,
      ids: arrayOf(content, `${i}.ids`, Int32Array),
      brandIds: arrayOf(content, `${i}.brandIds`, Int32Array),
      stocks: arrayOf(content, `${i}.stocks`, Float64Array),
      prices: arrayOf(content, `${i}.prices`, Float64Array),
      secondIds: arrayOf(content, `${i}.secondIds`, Int32Array),
      attributes,
      orders: new Map(),
      // Deletes do not move the version: the count is compared first (warmChooseIndexes may vouch for it).
      countCheckedAt: 0,
    };
    if ([index.ids, index.brandIds, index.stocks, index.prices, index.secondIds].some((array) => array.length !== meta.size))
      throw new SnapshotUnusableError('选型索引快照的列长度不一致');
    return index;
  });
  return { indexes, changeSeq: content.meta.changeSeq };
}
