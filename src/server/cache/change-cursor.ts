import type { CatalogChange } from './catalog-changes.ts';

/**
 * How far this process has read the change log. Seqs are handed out when a transaction
 * writes but become visible when it commits, so a smaller seq can appear after a larger
 * one (PostgreSQL): a missing seq is a gap, waited for until `gapTimeoutMs` (then taken
 * as a rolled-back transaction), and rows above it are applied once, as they arrive.
 */
export class ChangeCursor {
  private readonly applied = new Set<number>();
  private readonly gapSeenAt = new Map<number, number>();

  constructor(
    public seenThrough: number,
    private readonly gapTimeoutMs = 10_000,
  ) {}

  /** The rows (all with seq > seenThrough) not applied yet; marks them applied. */
  take(rows: CatalogChange[]): CatalogChange[] {
    const fresh = rows.filter((row) => row.seq > this.seenThrough && !this.applied.has(row.seq));
    for (const row of fresh) this.applied.add(row.seq);
    return fresh;
  }

  /** Moves seenThrough over applied seqs and over gaps older than the timeout. */
  advance(now: number): void {
    let highest = this.seenThrough;
    for (const seq of this.applied) if (seq > highest) highest = seq;
    while (this.seenThrough < highest) {
      const next = this.seenThrough + 1;
      if (this.applied.delete(next)) {
        this.seenThrough = next;
        this.gapSeenAt.delete(next);
        continue;
      }
      const seenAt = this.gapSeenAt.get(next) ?? now;
      this.gapSeenAt.set(next, seenAt);
      if (now - seenAt < this.gapTimeoutMs) return;
      this.gapSeenAt.delete(next);
      this.seenThrough = next;
    }
  }

  /** Whether rows may still be missing below the newest one. */
  get hasGaps(): boolean {
    return this.applied.size > 0;
  }
}
