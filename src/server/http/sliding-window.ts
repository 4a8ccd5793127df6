/**
 * Sliding-window limits on the counter store. A window is kept as 60 slots (one second each for
 * a minute's window), each an ordinary counter row or Redis hash field; a hit counts against its
 * own slot, the 60 before it (and a later one, should another process's clock be ahead). The
 * oldest of those lies partly outside the window, and counting it whole errs on the strict side:
 * no span of the window's length ever holds more than the limit, at a clock minute's edge too,
 * where a fixed window would allow twice the limit.
 */

export const slotsPerWindow = 60;

export function slotMsOf(windowSeconds: number): number {
  return Math.max(1, Math.round((windowSeconds * 1000) / slotsPerWindow));
}

export function slotStartOf(now: number, windowSeconds: number): number {
  const slotMs = slotMsOf(windowSeconds);
  return Math.floor(now / slotMs) * slotMs;
}

/** The oldest slot a hit at `now` is counted against. */
export function oldestCountedSlotOf(now: number, windowSeconds: number): number {
  return slotStartOf(now, windowSeconds) - slotsPerWindow * slotMsOf(windowSeconds);
}

/** When a slot stops counting: once the slot of the time is more than 60 slots later. */
function leavesAt(slotStart: number, windowSeconds: number): number {
  return slotStart + (slotsPerWindow + 1) * slotMsOf(windowSeconds);
}

export interface SlidingLimit {
  key: string;
  limit: number;
  windowSeconds: number;
  /**
   * Refused hits stay counted: a client that keeps failing stays refused (failed authentications).
   * By default a refused hit is taken back, so the window holds what was allowed and a client
   * retrying after a refusal is not refused for longer.
   */
  countsRefused?: boolean;
}

export interface SlidingConsumption {
  isAllowed: boolean;
  /** Hits in the window once this one is decided (a refused hit taken back is not among them). */
  count: number;
  /** Milliseconds until the oldest hit in the window leaves it and the count first goes down (0 with none). */
  msUntilFirstLeaves: number;
  /** Milliseconds until one more hit would be allowed (0: now). */
  msUntilAllowed: number;
}

export interface SlotCount {
  slotStart: number;
  count: number;
}

/** What the window's slots (those counted at `now`, this hit's settled) say about the next hit. */
export function slidingConsumptionOf(slots: readonly SlotCount[], limit: number, windowSeconds: number, now: number, isAllowed: boolean): SlidingConsumption {
  const counted = slots.filter((slot) => slot.count > 0).sort((a, b) => a.slotStart - b.slotStart);
  const count = counted.reduce((sum, slot) => sum + slot.count, 0);
  const first = counted[0];
  const msUntilFirstLeaves = first ? Math.max(0, leavesAt(first.slotStart, windowSeconds) - now) : 0;
  let msUntilAllowed = 0;
  let left = count;
  for (const slot of counted) {
    if (left < limit) break;
    left -= slot.count;
    msUntilAllowed = Math.max(0, leavesAt(slot.slotStart, windowSeconds) - now);
  }
  return { isAllowed, count, msUntilFirstLeaves, msUntilAllowed };
}

/** Whole seconds, never 0 for a wait that is not over: for Retry-After and X-RateLimit-Reset. */
export function secondsOf(ms: number): number {
  return ms <= 0 ? 0 : Math.ceil(ms / 1000);
}
