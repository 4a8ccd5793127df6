import { useSyncExternalStore } from 'react';
import { compareStorageKey, maxComparedParts } from '../../../contract/compare.ts';
import { getStored, removeStored, setStored } from '../../lib/storage.ts';

/** A part chosen for comparison, with what the compare bar shows of it. */
export interface ComparedChoice {
  productId: number;
  code: string;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored entry's text: a string snapshot stays the same between reads, as useSyncExternalStore needs. */
function readRaw(): string {
  try {
    return window.localStorage.getItem(compareStorageKey) ?? '';
  } catch {
    return '';
  }
}

function isChoice(value: unknown): value is ComparedChoice {
  if (typeof value !== 'object' || value === null) return false;
  const choice = value as Record<string, unknown>;
  return typeof choice.productId === 'number' && Number.isInteger(choice.productId) && choice.productId > 0 && typeof choice.code === 'string';
}

/** The stored choice, checked: anything else in the key reads as nothing chosen. */
export function readComparedChoices(): ComparedChoice[] {
  const stored = getStored(compareStorageKey);
  if (!Array.isArray(stored)) return [];
  return stored.filter(isChoice).slice(0, maxComparedParts);
}

function write(choices: readonly ComparedChoice[]) {
  if (choices.length === 0) removeStored(compareStorageKey);
  else setStored(compareStorageKey, choices);
  for (const listener of listeners) listener();
}

/** Adds a part unless four are chosen already; false when it could not be added. */
export function addComparedChoice(choice: ComparedChoice): boolean {
  const current = readComparedChoices();
  if (current.some((each) => each.productId === choice.productId)) return true;
  if (current.length >= maxComparedParts) return false;
  write([...current, choice]);
  return true;
}

export function removeComparedChoice(productId: number): void {
  write(readComparedChoices().filter((each) => each.productId !== productId));
}

export function clearComparedChoices(): void {
  write([]);
}

/** The chosen parts: none on the server and at hydration, the stored ones once hydrated. */
export function useComparedChoices(): ComparedChoice[] {
  const raw = useSyncExternalStore(subscribe, readRaw, () => '');
  return raw === '' ? [] : readComparedChoices();
}
