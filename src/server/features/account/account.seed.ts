import type { Db } from '../../db/create-db.ts';
import { findUserByPhone, insertUser } from './account.repository.ts';
import { hashPassword } from './password.ts';

/** A member a person can log in with right away (README): 13800138000 / demo1234. */
export const demoMember = { phone: '13800138000', password: 'demo1234', nickName: '演示用户' } as const;

export async function seedDemoMembers(db: Db): Promise<void> {
  if (await findUserByPhone(db.kysely, demoMember.phone)) return;
  await insertUser(db.kysely, {
    phone: demoMember.phone,
    nickName: demoMember.nickName,
    passwordHash: await hashPassword(demoMember.password),
    inviter: null,
    createdAt: Date.now(),
  });
}
