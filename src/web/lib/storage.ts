/**
 * Local storage whose entries may carry an expiry (spec §4). Values are stored as
 * {value, expiresAt}; an expired entry reads as absent and is removed.
 */
interface StoredEntry<T> {
  value: T;
  expiresAt: number | null;
}

export function setStored<T>(key: string, value: T, expiresInSeconds?: number, now = Date.now()): void {
  const entry: StoredEntry<T> = { value, expiresAt: expiresInSeconds === undefined ? null : now + expiresInSeconds * 1000 };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Private mode or a full quota: the store works without persistence.
  }
}

export function getStored<T>(key: string, now = Date.now()): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw) as Partial<StoredEntry<T>>;
    if (entry === null || typeof entry !== 'object' || !('value' in entry)) return null;
    if (typeof entry.expiresAt === 'number' && entry.expiresAt <= now) {
      localStorage.removeItem(key);
      return null;
    }
    return entry.value as T;
  } catch {
    return null;
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

/** Seconds from now until the next local midnight: "until end of day" expiries. */
export function secondsUntilMidnight(now = new Date()): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}
