import type { Generated } from 'kysely';

/** One successful login of a member (migration 0026); the newest few per member are kept. */
export interface LoginRecordsTable {
  id: Generated<number>;
  userId: number;
  /** LoginMethod (contract/member.ts). */
  method: string;
  ip: string;
  /** As the browser sent it, cut to a few hundred characters. */
  userAgent: string;
  createdAt: number;
}

/** A member proved the old phone by SMS and may bind a new phone until expiresAt. */
export interface PhoneChangeGrantsTable {
  userId: number;
  expiresAt: number;
}

export interface MemberTables {
  loginRecords: LoginRecordsTable;
  phoneChangeGrants: PhoneChangeGrantsTable;
}
