import type { Config } from '../config.ts';
import { databaseFailureOf } from '../db/database-errors.ts';

/** The database address with its password hidden, for messages an operator reads in logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function rootCauseOf(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current;
}

/**
 * A start-up failure an operator can fix (the database unreachable, refused, missing, or the
 * file not writable), told as which variable, which host and what to check; null for a bug,
 * which keeps its stack trace.
 */
export function describeStartupFailure(error: unknown, config: Pick<Config, 'databaseUrl' | 'databaseEngine'>): string | null {
  const cause = rootCauseOf(error);
  if (!(cause instanceof Error)) return null;
  const code = (cause as { code?: unknown }).code;
  if (config.databaseEngine === 'postgres') {
    const url = new URL(config.databaseUrl);
    const where = `${url.hostname}:${url.port || '5432'}`;
    const database = url.pathname.replace(/^\//, '') || '(default)';
    const checks: Record<string, string> = {
      '28P01': `the user "${decodeURIComponent(url.username)}" or its password is wrong (用户名或密码错误)`,
      '28000': `the server refuses this user from this host: check pg_hba.conf (pg_hba.conf 拒绝了此连接)`,
      '3D000': `the database "${database}" does not exist: create it first, e.g. createdb ${database} (数据库不存在，请先创建)`,
    };
    const specific = typeof code === 'string' ? checks[code] : undefined;
    if (!specific && databaseFailureOf(cause) !== 'unavailable') return null;
    return [
      `Cannot start: PostgreSQL at ${where} did not accept the connection (无法连接 PostgreSQL ${where})`,
      `  DATABASE_URL = ${redactedUrl(config.databaseUrl)}`,
      `  error: ${cause.message}`,
      `  check: ${specific ?? `that PostgreSQL is running and listening on ${where}, that the host and port in DATABASE_URL are right, and that no firewall is in the way (请确认数据库已启动、地址和端口正确)`}`,
    ].join('\n');
  }
  if (
    typeof code === 'string' &&
    (code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EROFS' || code === 'SQLITE_READONLY' || code === 'SQLITE_FULL')
  ) {
    return [
      `Cannot start: the SQLite database file cannot be opened or written (无法打开或写入 SQLite 数据库文件)`,
      `  DATABASE_URL = ${config.databaseUrl}`,
      `  error: ${cause.message}`,
      `  check: that the directory exists and is writable by this user, and that the disk is not full (请确认目录可写、磁盘未满)`,
    ].join('\n');
  }
  return null;
}
