import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { replacePasswordHash, updateAvatarPath, updatePhone, updateProfileColumns } from './account.repository.ts';

/**
 * What the member centre (features/member) changes on the member's users row: the profile, the
 * avatar, the password and the phone. The member centre checks the member's rights and codes first.
 */

export async function updateMemberProfile(
  db: Kysely<Database>,
  userId: number,
  profile: { nickName: string; company: string | null; job: string | null; email: string | null },
): Promise<void> {
  await updateProfileColumns(db, userId, profile);
}

export async function setMemberAvatarPath(db: Kysely<Database>, userId: number, userImgPath: string): Promise<void> {
  await updateAvatarPath(db, userId, userImgPath);
}

/**
 * The new hash, only while the member's hash is still `expected` (null: no password yet): of two
 * concurrent changes from one old password, or two first passwords, one is written. False otherwise.
 */
export function replaceMemberPassword(db: Kysely<Database>, userId: number, expected: string | null, passwordHash: string): Promise<boolean> {
  return replacePasswordHash(db, userId, expected, passwordHash);
}

/** The member's new phone; false when another member has it (the unique phone decides, also under a race). */
export function changeMemberPhone(db: Kysely<Database>, userId: number, phone: string): Promise<boolean> {
  return updatePhone(db, userId, phone);
}
