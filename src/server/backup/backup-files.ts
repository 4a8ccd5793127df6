import { closeSync, fsyncSync, openSync, readSync } from 'node:fs';

export type BackupKind = 'sqlite' | 'postgres-dump';

/** A file name part that sorts by time and is valid on every file system: 2026-05-01T08-30-00-123Z. */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** The session secret file the store keeps beside a SQLite database (config.ts). */
export function secretFileOf(path: string): string {
  return `${path}.secret`;
}

/** Reads the file's first bytes: a SQLite database, a pg_dump custom archive, or neither. */
export function backupKindOf(path: string): BackupKind | undefined {
  const header = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (header.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres-dump';
  return undefined;
}

/** Flushes a finished file to the disk before it is renamed into place. */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The database address without its password, for messages. */
export function describeDatabase(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
