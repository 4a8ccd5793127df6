import { describe, expect, it } from 'vitest';
import { ChangeCursor } from './change-cursor.ts';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq, productId: seq * 10 }));

describe('ChangeCursor', () => {
  it('applies each change once and moves past contiguous seqs', () => {
    const cursor = new ChangeCursor(5);
    expect(cursor.take(rows(6, 7)).map((row) => row.seq)).toEqual([6, 7]);
    cursor.advance(0);
    expect(cursor.seenThrough).toBe(7);
    expect(cursor.take(rows(6, 7, 8)).map((row) => row.seq)).toEqual([8]);
  });

  it('waits at a gap for a transaction that commits late, then applies it', () => {
    const cursor = new ChangeCursor(0, 10_000);
    cursor.take(rows(1, 3));
    cursor.advance(1000);
    expect(cursor.seenThrough).toBe(1);
    expect(cursor.hasGaps).toBe(true);
    // Seq 3 is asked for again but not applied twice; seq 2 arrives late.
    expect(cursor.take(rows(2, 3)).map((row) => row.seq)).toEqual([2]);
    cursor.advance(2000);
    expect(cursor.seenThrough).toBe(3);
    expect(cursor.hasGaps).toBe(false);
  });

  it('gives up on a gap after the timeout (a rolled-back transaction)', () => {
    const cursor = new ChangeCursor(0, 10_000);
    cursor.take(rows(1, 3, 4));
    cursor.advance(1000);
    expect(cursor.seenThrough).toBe(1);
    cursor.advance(10_999);
    expect(cursor.seenThrough).toBe(1);
    cursor.advance(11_000);
    expect(cursor.seenThrough).toBe(4);
  });

  it('ignores rows at or below what it has seen', () => {
    const cursor = new ChangeCursor(10);
    expect(cursor.take(rows(9, 10))).toEqual([]);
  });
});
