import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { createDb } from '../src/server/db/create-db.ts';
import { AnswerLog, Checks } from './faults-answers.ts';
import { builtServerOf, freePort, logRecordsOf, spawnStore, tailOf, waitUntilReady, type StoreProcess } from './faults-store-process.ts';
import { describeLedger, loopbackTransport, lostWrites, WriteLoad } from './faults-write-load.ts';

/**
 * Disk full and I/O errors injected into SQLite's writes with libfiu, under write load on one store:
 *   npx tsx battery/faults.ts sqlite-io [--short]
 *
 * The store runs under `fiu-run -x` (libfiu's POSIX preload); `fiu-ctrl` turns a fault on for a
 * window and off again. better-sqlite3 links SQLite statically into its .node addon, but SQLite's
 * unix VFS still calls libc through the dynamic linker (`nm -D better_sqlite3.node`: pwrite64,
 * pread64, fsync, ftruncate64, open64, write), so the preload's wrappers reach it:
 * `posix/io/rw/pwrite` covers pwrite and pwrite64, every page SQLite writes to the WAL and, at a
 * checkpoint, to the database file. Only pwrite is failed: `posix/io/rw/write` and `writev` also
 * carry the HTTP sockets and the log (libuv writes streams with write/writev), so failing them
 * tests Node's networking, not the database. Measured with `strace -f -c` on a store answering
 * 40 ad closes: 94 pwrite64 (SQLite), 40 writev (the HTTP answers), 0 fsync — with WAL and
 * synchronous=NORMAL SQLite syncs only when it checkpoints, and a failed automatic checkpoint is
 * not reported to the statement that committed (it is tried again later), so the fsync window
 * checks that nothing breaks rather than that writes are refused. open64 is not worth failing:
 * the store opens its database, WAL and shared memory once, at start.
 *
 * Windows: disk full (every pwrite fails with ENOSPC → SQLITE_FULL), I/O errors (a fifth of the
 * pwrites fail with EIO → SQLITE_IOERR_WRITE), fsync failing (EIO; with WAL and synchronous=NORMAL
 * SQLite syncs only at checkpoints, so the commits of the window need not notice). Checks: every
 * answer the envelope (request.storageFailed, 503, Chinese) or ok — never a 500; the process stays
 * up; writes succeed again once the fault is off; every acknowledged write is in the database;
 * `PRAGMA integrity_check` is ok after the store has stopped.
 */

const run = promisify(execFile);

interface FaultWindow {
  name: string;
  enable: string;
  disable: string;
  /** Whether the fault must surface as refused writes (fsync at checkpoints need not). */
  mustRefuseWrites: boolean;
}

const windows: FaultWindow[] = [
  {
    name: 'disk full (ENOSPC on every pwrite)',
    enable: 'enable name=posix/io/rw/pwrite,failinfo=28',
    disable: 'disable name=posix/io/rw/pwrite',
    mustRefuseWrites: true,
  },
  {
    name: 'I/O errors (EIO on 20 % of pwrites)',
    enable: 'enable_random name=posix/io/rw/pwrite,probability=0.2,failinfo=5',
    disable: 'disable name=posix/io/rw/pwrite',
    mustRefuseWrites: true,
  },
  {
    name: 'fsync fails (EIO)',
    enable: 'enable name=posix/io/sync/fsync,failinfo=5',
    disable: 'disable name=posix/io/sync/fsync',
    mustRefuseWrites: false,
  },
];

async function fiuControl(prefix: string, pid: number, command: string): Promise<void> {
  const { stdout, stderr } = await run('fiu-ctrl', ['-f', prefix, '-c', command, String(pid)]);
  const output = `${stdout}${stderr}`.trim();
  if (/error|unknown pid/i.test(output)) throw new Error(`fiu-ctrl ${command}: ${output}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storageErrorCodes(logFile: string): string {
  const counts = new Map<string, number>();
  for (const record of logRecordsOf(logFile)) {
    const err = record.err as { code?: unknown; message?: unknown } | undefined;
    if (!err) continue;
    const key = `${typeof err.code === 'string' ? err.code : 'no code'} (${String(err.message).slice(0, 50)})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size === 0 ? 'none' : [...counts].map(([key, count]) => `${count} × ${key}`).join('; ');
}

export async function sqliteIoFault(options: { short: boolean; buildDir?: string }): Promise<boolean> {
  await run('sh', ['-c', 'command -v fiu-run && command -v fiu-ctrl']).catch(() => {
    throw new Error('fiu-run and fiu-ctrl are missing: apt-get install fiu-utils');
  });
  const { buildDir, mainJs } = builtServerOf(options.buildDir);
  const windowMs = options.short ? 3000 : 8000;
  const recoveryMs = options.short ? 3000 : 6000;
  const dir = mkdtempSync(join(tmpdir(), 'battery-sqlite-io-'));
  const databasePath = join(dir, 'store.sqlite');
  const fiuPrefix = join(dir, 'fiu');
  const checks = new Checks('faults sqlite-io');

  console.log(`faults sqlite-io: one store on ${databasePath} under fiu-run, ${windows.length} fault windows of ${windowMs / 1000} s`);
  const store: StoreProcess = spawnStore({
    mainJs,
    buildDir,
    port: await freePort(),
    logFile: join(dir, 'store.log'),
    wrapper: { program: 'fiu-run', args: ['-x', '-f', fiuPrefix] },
    env: {
      DATABASE_URL: databasePath,
      SEED_SKUS: '600',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
  });
  const db = createDb(databasePath);
  let isKept = true;
  try {
    await waitUntilReady(store);
    const log = new AnswerLog();
    const load = await WriteLoad.prepare({
      transport: loopbackTransport(store.baseUrl),
      db: db.kysely,
      cartWriters: 4,
      registrationWriters: 1,
      pageReaders: 1,
      log,
    });
    load.start();
    await sleep(2000);
    for (const window of windows) {
      const enabledAt = Date.now();
      await fiuControl(fiuPrefix, store.pid, window.enable);
      await sleep(windowMs);
      await fiuControl(fiuPrefix, store.pid, window.disable);
      const disabledAt = Date.now();
      await sleep(recoveryMs);
      const during = log.between(enabledAt, disabledAt);
      const refused = during.filter((answer) => answer.label === 'request.storageFailed').length;
      console.log(`${window.name}: ${AnswerLog.tally(during)}`);
      if (window.mustRefuseWrites) checks.expect(refused > 0, 'the fault reached SQLite: writes refused with request.storageFailed', `${refused}`);
      else checks.note(`writes refused while fsync failed: ${refused} (SQLite syncs the WAL only at checkpoints with synchronous=NORMAL)`);
      const after = log.between(disabledAt + 1000, disabledAt + recoveryMs);
      checks.expect(
        after.length > 0 && AnswerLog.count(after, 'ok') === after.length,
        'every request from 1 s after the fault was switched off succeeded',
        AnswerLog.tally(after),
      );
    }
    await load.stop();

    const bad = log.answers.filter((answer) => answer.verdict === 'bad');
    checks.expect(
      bad.length === 0,
      'no 500, no answer outside the envelope, no connection error',
      `${log.answers.length} answers: ${AnswerLog.tally(log.answers)}`,
    );
    checks.expect(store.exit() === null, 'the store process stayed up through every fault', JSON.stringify(store.exit()));
    checks.note(`the store logged: ${storageErrorCodes(store.logFile)}`);
    checks.note(describeLedger(load.ledger));
    const lostWhileUp = await lostWrites(db.kysely, load.ledger);
    checks.expect(lostWhileUp.length === 0, 'every acknowledged write is in the database', lostWhileUp.slice(0, 5).join('; '));
    await db.destroy();

    const stopped = await store.stop();
    checks.expect(stopped.code === 0, 'the store shut down cleanly on SIGTERM', JSON.stringify(stopped));
    const reopened = createDb(databasePath);
    try {
      const lostAfterStop = await lostWrites(reopened.kysely, load.ledger);
      checks.expect(lostAfterStop.length === 0, 'every acknowledged write is there after the store stopped', lostAfterStop.slice(0, 5).join('; '));
    } finally {
      await reopened.destroy();
    }
    const file = new SQLite(databasePath, { readonly: true });
    const integrity = file.pragma('integrity_check', { simple: true });
    file.close();
    checks.expect(integrity === 'ok', 'PRAGMA integrity_check', String(integrity));
    const passed = checks.finish();
    isKept = !passed;
    return passed;
  } finally {
    await store.stop();
    await db.destroy().catch(() => undefined);
    if (isKept) console.log(`kept ${dir} (store.log, store.sqlite) for a look:\n${tailOf(store.logFile, 5)}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
