import { useSyncExternalStore } from 'react';
import type { GridColumn } from './grid-types.ts';

/** Column id → shown; a column not named shows unless it is hidden at first. */
export type ColumnChoice = Readonly<Record<string, boolean>>;

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readStored(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function parsedChoice(stored: string | null): ColumnChoice | null {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return null;
  }
}

/**
 * Which columns show, kept in localStorage under `storageKey`: the server's HTML and the first
 * render use the columns' defaults, the stored choice applies once hydrated. A column marked
 * always shown cannot be hidden.
 */
export function useColumnChoice<Row>(columns: readonly GridColumn<Row>[], storageKey: string) {
  const stored = useSyncExternalStore(
    subscribe,
    () => readStored(storageKey),
    () => null,
  );
  const defaults = Object.fromEntries(columns.filter((column) => column.isHiddenAtFirst).map((column) => [column.id, false]));
  const choice: ColumnChoice = Object.fromEntries(
    Object.entries({ ...defaults, ...parsedChoice(stored) }).filter(([id]) => !columns.some((column) => column.id === id && column.isAlwaysShown)),
  );

  function change(next: ColumnChoice) {
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Private mode or a full storage: nothing is kept.
    }
    for (const listener of listeners) listener();
  }
  return [choice, change] as const;
}
