import { shellLimits } from '../../../contract/shell.ts';
import { getStored, removeStored, setStored } from '../../lib/storage.ts';

/** Local-storage key of the header's recent searches (spec §3: a fixed key). */
export const searchHistoryKey = 'searchHistory';

/** Spec §9: newest first, duplicates skipped, at most 10. */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const key = keyword.trim();
  if (!key || history.includes(key)) return history.slice(0, shellLimits.searchHistorySize);
  return [key, ...history].slice(0, shellLimits.searchHistorySize);
}

export function readSearchHistory(): string[] {
  const stored = getStored(searchHistoryKey);
  if (!Array.isArray(stored)) return [];
  return stored.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, shellLimits.searchHistorySize);
}

export function saveSearchHistory(history: readonly string[]): void {
  setStored(searchHistoryKey, history);
}

export function clearSearchHistory(): void {
  removeStored(searchHistoryKey);
}
