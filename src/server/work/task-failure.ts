import type { ErrorDefinition } from '../../contract/errors.ts';
import { AppError } from '../http/app-error.ts';

/**
 * How a task in a worker thread (work-pool.ts) answers that it could not do its work: refused by its own rules (an
 * AppError: too many lines, not a spreadsheet) or failed (the reader choked). Plain data, since an error's class does
 * not survive the trip between threads.
 */
export type TaskFailure = { kind: 'refused'; error: ErrorDefinition } | { kind: 'failed'; message: string };

export function taskFailureOf(error: unknown): TaskFailure {
  if (error instanceof AppError) return { kind: 'refused', error: { code: error.code, errorCode: error.errorCode, msg: error.msg } };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
