import type { Logger } from 'pino';

/**
 * Failures of the database itself rather than of a request: the store answers them with
 * "try again later" (HTTP 503 pages, code 503 envelopes) and logs a warning, not a crash.
 */
export type DatabaseFailure = 'unavailable' | 'busy' | 'storage';

/** PostgreSQL SQLSTATE classes and codes that mean the server or the connection is gone. */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg reports a lost or refused connection in plain messages, without a code. */
const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /connection (is )?closed/i,
];

export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unavailableSqlStates.has(code) || code.startsWith('08') || networkCodes.has(code)) return 'unavailable';
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY_') || code === '55P03') return 'busy';
    if (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN' || code === '53100') return 'storage';
  }
  if (unavailableMessages.some((pattern) => pattern.test(error.message))) return 'unavailable';
  if (error.cause && error.cause !== error) return databaseFailureOf(error.cause);
  return null;
}

/**
 * Background work (index builds, warm-ups) that fails because the database is gone will be retried
 * when it returns: a warning, since an outage is already reported by /readyz. Anything else is an error.
 */
export function logBackgroundFailure(logger: Logger, error: unknown, message: string, fields: Record<string, unknown> = {}): void {
  const failure = databaseFailureOf(error);
  if (failure) logger.warn({ ...fields, err: error, databaseFailure: failure }, message);
  else logger.error({ ...fields, err: error }, message);
}

/** A unique index, as each engine names it in a refusal. */
export interface UniqueIndex {
  /** PostgreSQL reports the index's name (error.constraint). */
  name: string;
  /** SQLite reports the table's columns: "UNIQUE constraint failed: products.code_norm, products.brand_id, …". */
  table: string;
  columns: readonly string[];
}

/**
 * A row a unique index refused: better-sqlite3's SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's 23505.
 * Given an index, only that index's refusals count, so a service maps its own race to its own
 * Chinese answer and lets any other failure through.
 */
export function isUniqueViolation(error: unknown, index?: UniqueIndex): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code === '23505') return index === undefined || constraint === index.name;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE') {
    return error.cause !== undefined && error.cause !== error && isUniqueViolation(error.cause, index);
  }
  if (index === undefined) return true;
  const failed = /constraint failed: (.*)$/i.exec(error.message)?.[1] ?? '';
  return failed === index.columns.map((column) => `${index.table}.${column}`).join(', ');
}
