import type { Db } from '../../db/create-db.ts';
import { findOrCreateMember } from './account.service.ts';

/** A member a person can log in with right away (README): 13800138000 / demo1234. */
export const demoMember = { phone: '13800138000', password: 'demo1234', nickName: '演示用户' } as const;

export async function seedDemoMembers(db: Db): Promise<void> {
  await findOrCreateMember(db.kysely, { ...demoMember, createdAt: Date.now() });
}
