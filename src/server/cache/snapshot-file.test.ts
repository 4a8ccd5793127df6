import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSnapshotFile } from './snapshot-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has run and exited. */
function pidOfExitedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('writeSnapshotFile', () => {
  it('removes the partial file a stopped writer left, and keeps those of running processes and of other snapshots', async () => {
    const path = join(dir, 'store.sqlite.search-index');
    const abandoned = `store.sqlite.search-index.${pidOfExitedProcess()}.partial`;
    const running = `store.sqlite.search-index.${process.ppid}.partial`;
    const other = `store.sqlite.choose-index.${pidOfExitedProcess()}.partial`;
    for (const name of [abandoned, running, other]) writeFileSync(join(dir, name), 'half a snapshot');

    await writeSnapshotFile(path, 'test', 1, { meta: {}, arrays: new Map([['a', new Uint32Array([1, 2, 3])]]), strings: new Map() });

    expect(existsSync(path)).toBe(true);
    expect(existsSync(join(dir, abandoned))).toBe(false);
    expect(existsSync(join(dir, running))).toBe(true);
    expect(existsSync(join(dir, other))).toBe(true);
  });
});
