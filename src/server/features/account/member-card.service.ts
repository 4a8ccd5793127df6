import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Visitor } from '../../http/session.ts';
import { createVisitorMemo } from '../../http/visitor-memo.ts';
import { findMemberCard, type MemberCardRow } from './account.repository.ts';

const memberCardOfRequest = createVisitorMemo<MemberCardRow | null>();

/**
 * The request's member as pages show them (name, number, picture), read once per request: the
 * status bar and the home page's card both ask. Null for a visitor, and when the session outlived its member.
 */
export function loadMemberCard(db: Kysely<Database>, visitor: Visitor): Promise<MemberCardRow | null> {
  const userId = visitor.userId;
  if (userId === null) return Promise.resolve(null);
  return memberCardOfRequest(visitor, async () => (await findMemberCard(db, userId)) ?? null);
}
