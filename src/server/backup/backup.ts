import SQLite from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { isPostgresUrl } from '../config.ts';
import { describeDatabase, fileTimestamp, secretFileOf, syncFile } from './backup-files.ts';
import { checkPgArchive, runPgTool } from './pg-tools.ts';
import { assertSqliteIntact } from './sqlite-integrity.ts';

export interface BackupOptions {
  /** DATABASE_URL: a SQLite file path or postgres://… */
  databaseUrl: string;
  /** Created when missing. */
  directory: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  /** The session secret copied beside a SQLite backup, when the store has one. */
  secretFile?: string;
}

/** `backupStore`: one file in `directory`, named after the database and the time, checked before it gets its final name. */
export async function backupStore({ databaseUrl, directory, now = new Date() }: BackupOptions): Promise<BackupResult> {
  mkdirSync(directory, { recursive: true });
  return isPostgresUrl(databaseUrl) ? backupPostgres(databaseUrl, directory, now) : backupSqlite(databaseUrl, directory, now);
}

/** Every remaining page in one step: one read transaction, so writers from other processes cannot restart the copy. */
const ALL_PAGES = 0x7fffffff;

async function backupSqlite(databasePath: string, directory: string, now: Date): Promise<BackupResult> {
  if (databasePath === ':memory:') throw new Error('DATABASE_URL=:memory: 没有可备份的文件');
  if (!existsSync(databasePath)) throw new Error(`找不到数据库文件 ${databasePath}（DATABASE_URL）`);
  const file = join(directory, `${basename(databasePath, extname(databasePath))}-${fileTimestamp(now)}.sqlite`);
  const partial = `${file}.partial`;
  // SQLite's online backup API: a consistent snapshot while the store keeps writing (WAL).
  const source = new SQLite(databasePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  makeSelfContained(partial);
  assertSqliteIntact(partial);
  syncFile(partial);
  renameSync(partial, file);
  const secret = secretFileOf(databasePath);
  if (!existsSync(secret)) return { file };
  copyFileSync(secret, secretFileOf(file));
  return { file, secretFile: secretFileOf(file) };
}

/** The copy keeps the store's WAL mode; a backup is one file with no -wal or -shm beside it. */
function makeSelfContained(path: string): void {
  const db = new SQLite(path, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

async function backupPostgres(databaseUrl: string, directory: string, now: Date): Promise<BackupResult> {
  const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  const file = join(directory, `${databaseName}-${fileTimestamp(now)}.dump`);
  const partial = `${file}.partial`;
  try {
    // pg_dump reads one snapshot (a repeatable-read transaction): writes may continue.
    await runPgTool('pg_dump', databaseUrl, ['--format=custom', `--file=${partial}`]);
    await checkPgArchive(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Error(`备份 ${describeDatabase(databaseUrl)} 失败：${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  syncFile(partial);
  renameSync(partial, file);
  return { file };
}
