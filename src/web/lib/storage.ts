/**
 * Local storage whose entries may carry an expiry (spec §4). Values are stored as
 * {value, expiresAt}; an expired entry reads as absent and is removed.
 */
interface StoredEntry {
  value: unknown;
  expiresAt: number | null;
}

export function setStored(key: string, value: unknown, expiresInSeconds?: number, now = Date.now()): void {
  const entry: StoredEntry = { value, expiresAt: expiresInSeconds === undefined ? null : now + expiresInSeconds * 1000 };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Private mode or a full quota: the store works without persistence.
  }
}

/** What was stored, as untrusted data: callers check its shape. */
export function getStored(key: string, now = Date.now()): unknown {
  // The server has none: checked, not thrown and caught, as that costs every render.
  if (typeof localStorage === 'undefined') return null;
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const entry: unknown = JSON.parse(raw);
    if (entry === null || typeof entry !== 'object' || !('value' in entry)) return null;
    if ('expiresAt' in entry && typeof entry.expiresAt === 'number' && entry.expiresAt <= now) {
      localStorage.removeItem(key);
      return null;
    }
    return entry.value;
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
  // eslint-disable-next-line xinpin/time-zone-in-time-module -- the visitor's own midnight, on purpose: a popup hidden for the rest of their day
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}
