import type { Kysely } from 'kysely';
import { loginRecordLimits, type LoginMethod } from '../../../contract/member.ts';
import type { Database } from '../../db/database.ts';
import { insertLoginRecord, listLoginRecords } from './login-record.repository.ts';

/** A login as its record keeps it. */
export interface LoginRecord {
  method: string;
  ip: string;
  userAgent: string;
  createdAt: number;
}

/** Called by every login path (password, SMS, registrations, WeChat) once the session is stored; the newest few per member are kept. */
export async function recordLogin(
  db: Kysely<Database>,
  login: { userId: number; method: LoginMethod; ip: string; userAgent: string | undefined },
  now = Date.now(),
): Promise<void> {
  const record = { userId: login.userId, method: login.method, ip: login.ip, userAgent: (login.userAgent ?? '').slice(0, 400), createdAt: now };
  await insertLoginRecord(db, record, loginRecordLimits.kept);
}

/** The member's newest logins, newest first. */
export function findRecentLogins(db: Kysely<Database>, userId: number, limit: number): Promise<LoginRecord[]> {
  return listLoginRecords(db, userId, limit);
}
