import type { Kysely } from 'kysely';
import type { SearchResult } from '../../../contract/search.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { cleanKeyword } from './search.service.ts';
import { countSearchMiss, findSearchMissRows, findTopSearchMisses } from './search-misses.repository.ts';

/** Keywords longer than this are cut: a pasted paragraph is one bounded row, like any miss. */
export const searchMissKeywordMax = 64;

/** A keyword's first page, unfiltered, that found nothing: what the dashboard counts (later pages and filters are not new searches). */
export function isMissToCount(result: Pick<SearchResult, 'total' | 'params' | 'notice'>): boolean {
  const { params } = result;
  const isUnfiltered = params.categoryId === null && params.brandId === null && params.package === null && !params.isInStock;
  return result.total === 0 && !result.notice && params.key !== '' && params.page <= 1 && isUnfiltered;
}

/**
 * Counts a search that found nothing (the dashboard's 无结果搜索). A failure to count is logged and
 * never fails the search the member asked for.
 */
export async function recordSearchMiss(deps: Pick<ServiceDeps, 'db' | 'logger'>, rawKey: string, now = Date.now()): Promise<void> {
  const keyword = Array.from(cleanKeyword(rawKey).toLowerCase()).slice(0, searchMissKeywordMax).join('');
  if (!keyword) return;
  try {
    await countSearchMiss(deps.db, { day: formatBeijingDate(now), keyword, at: now });
  } catch (failure) {
    deps.logger.warn({ err: failure }, 'search miss not counted');
  }
}

export async function topSearchMisses(db: Kysely<Database>, fromDay: string, limit: number): Promise<{ keyword: string; count: number }[]> {
  const rows = await findTopSearchMisses(db, fromDay, limit);
  return rows.map((row) => ({ keyword: row.keyword, count: Number(row.count) }));
}

/** The rows the top list is summed from (for checking the dashboard's figures). */
export function searchMissRows(db: Kysely<Database>, fromDay: string) {
  return findSearchMissRows(db, fromDay);
}
