import SQLite from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl } from '../config.ts';
import { backupKindOf, describeDatabase, fileTimestamp, secretFileOf, syncFile } from './backup-files.ts';
import { checkPgArchive, runPgTool } from './pg-tools.ts';
import { assertSqliteIntact } from './sqlite-integrity.ts';

export interface RestoreOptions {
  /** DATABASE_URL: where the backup goes. */
  databaseUrl: string;
  backupFile: string;
  now?: Date;
}

export interface RestoreResult {
  /** SQLite: where the replaced database (and its secret) were moved. */
  previousFile?: string;
  /** SQLite: why the replaced database could not be opened, when it could not (it was moved as it was). */
  previousUnreadable?: string;
  previousSecretFile?: string;
  secretRestored: boolean;
}

/** Refused by restoreStore: nothing was changed. */
export class RestoreRefused extends Error {}

export async function restoreStore({ databaseUrl, backupFile, now = new Date() }: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(backupFile)) throw new RestoreRefused(`找不到备份文件 ${backupFile}`);
  const kind = backupKindOf(backupFile);
  if (isPostgresUrl(databaseUrl)) {
    if (kind !== 'postgres-dump') throw new RestoreRefused(`${backupFile} 不是 pg_dump --format=custom 的备份，不能恢复到 PostgreSQL`);
    await restorePostgres(databaseUrl, backupFile);
    return { secretRestored: false };
  }
  if (kind !== 'sqlite') throw new RestoreRefused(`${backupFile} 不是 SQLite 数据库文件，不能恢复到 ${databaseUrl}`);
  return restoreSqlite(databaseUrl, backupFile, fileTimestamp(now));
}

async function restorePostgres(databaseUrl: string, backupFile: string): Promise<void> {
  await checkPgArchive(backupFile).catch((error: unknown) => {
    throw new RestoreRefused(`${backupFile} 无法读取：${error instanceof Error ? error.message : String(error)}`);
  });
  // One transaction: a failed restore leaves the database as it was.
  await runPgTool('pg_restore', databaseUrl, ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', backupFile]).catch(
    (error: unknown) => {
      throw new Error(`恢复到 ${describeDatabase(databaseUrl)} 失败，数据库未改动：${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    },
  );
}

function restoreSqlite(databasePath: string, backupFile: string, stamp: string): RestoreResult {
  if (databasePath === ':memory:') throw new RestoreRefused('DATABASE_URL=:memory: 不能作为恢复目标');
  try {
    assertSqliteIntact(backupFile);
  } catch (error) {
    throw new RestoreRefused(error instanceof Error ? error.message : String(error));
  }
  mkdirSync(dirname(databasePath), { recursive: true });
  const previous = existsSync(databasePath) ? moveAside(databasePath, stamp) : undefined;
  const incoming = `${databasePath}.restoring`;
  copyFileSync(backupFile, incoming);
  syncFile(incoming);
  renameSync(incoming, databasePath);
  assertSqliteIntact(databasePath);
  return { previousFile: previous?.previousFile, previousUnreadable: previous?.unreadable, ...restoreSecret(databasePath, backupFile, stamp) };
}

/**
 * Moves the current database to `<db>.before-restore-<time>`, refusing while a store has it open.
 * Leaving WAL mode needs SQLite's exclusive lock, which fails while any other process holds the
 * file open; it also folds the -wal file into the database. A database too damaged to open is
 * moved with its -wal, so nothing of it is lost either.
 */
function moveAside(databasePath: string, stamp: string): { previousFile: string; unreadable?: string } {
  let unreadable: string | undefined;
  try {
    leaveWalMode(databasePath);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`商城正在使用 ${databasePath}：请先停止所有商城进程，再恢复。`);
    }
    unreadable = error instanceof Error ? error.message : String(error);
  }
  const previousFile = `${databasePath}.before-restore-${stamp}`;
  renameSync(databasePath, previousFile);
  for (const suffix of ['-wal', '-journal']) {
    if (existsSync(`${databasePath}${suffix}`)) renameSync(`${databasePath}${suffix}`, `${previousFile}${suffix}`);
  }
  rmSync(`${databasePath}-shm`, { force: true });
  return { previousFile, unreadable };
}

function leaveWalMode(databasePath: string): void {
  const db = new SQLite(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 1000');
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** Anti-forgery tokens are signed with the secret the backup was taken with: it comes back with the data. */
function restoreSecret(databasePath: string, backupFile: string, stamp: string): Pick<RestoreResult, 'secretRestored' | 'previousSecretFile'> {
  const saved = secretFileOf(backupFile);
  const current = secretFileOf(databasePath);
  if (!existsSync(saved)) return { secretRestored: false };
  if (existsSync(current) && readFileSync(current, 'utf8') === readFileSync(saved, 'utf8')) return { secretRestored: true };
  let previousSecretFile: string | undefined;
  if (existsSync(current)) {
    previousSecretFile = `${current}.before-restore-${stamp}`;
    renameSync(current, previousSecretFile);
  }
  copyFileSync(saved, current);
  return { secretRestored: true, previousSecretFile };
}
