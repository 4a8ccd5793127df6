import { describe, expect, it } from 'vitest';
import { decideRestore, type PartBefore } from './price-import-rollback-rules.ts';

const snapshot: PartBefore = { package: '0603', description: '贴片电阻', stock: 100, packSize: 10, updatedAt: 1, prices: [] };

/** The purchasing fields in the undo snapshots (migration 0058): compared like the others, ignored where a snapshot predates them. */
describe('rollback of purchasing fields', () => {
  it('restores a part whose purchasing fields are still as the job left them, and reports one changed since', () => {
    const after = { ...snapshot, packaging: 'tape_reel' as const, msl: '3' as const };
    expect(decideRestore(snapshot, after, { ...after, updatedAt: 5 })).toEqual({ kind: 'restore', isStockKept: false });
    expect(decideRestore(snapshot, after, { ...after, packaging: 'tray' })).toEqual({ kind: 'conflict', reason: '导入后包装方式已被修改，未回滚' });
  });

  it('leaves alone purchasing fields a snapshot written before them does not hold', () => {
    expect(decideRestore(snapshot, snapshot, { ...snapshot, packaging: 'tray', reachStatus: 'compliant' })).toEqual({ kind: 'restore', isStockKept: false });
  });
});
