import type { Generated } from 'kysely';

/** The live SMS code of a phone (one at a time); see migration 0005-account-security. */
export interface SmsCodesTable {
  phone: string;
  /** sendMsgType: 0 registration, 1 login, 2 find password. */
  purpose: number;
  code: string;
  sentAt: number;
  expiresAt: number;
  failedAttempts: Generated<number>;
  isUsed: Generated<number>;
}

/** What the development SMS provider "sent", read back by GET /dev/sms-outbox. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  code: string;
  content: string;
  sentAt: number;
}

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

/** The graphic code shown to one browser session (sha256 of its sid). */
export interface GraphicCodesTable {
  sidHash: string;
  type: number;
  phone: string | null;
  answer: string;
  expiresAt: number;
}

export interface AccountSecurityTables {
  smsCodes: SmsCodesTable;
  smsOutbox: SmsOutboxTable;
  graphicCodes: GraphicCodesTable;
  loginRecords: LoginRecordsTable;
}
