import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/database.ts';
import { hashPassword } from '../../src/server/features/account/password.ts';
import { createMember } from '../../src/server/testing/factories.ts';

/**
 * Redis outlives a test's database: its counters (login failures by phone, member and address) stay
 * for their window, so every run uses phones and addresses of its own (member ids: useCluster).
 */
export function randomPhone(): string {
  return `147${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function randomAddress(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A member who can log in with this password. */
export async function createMemberWithPassword(db: Kysely<Database>, password: string): Promise<{ userId: number; phone: string }> {
  const member = await createMember(db, { phone: randomPhone() });
  await db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password) })
    .where('id', '=', member.userId)
    .execute();
  return member;
}
