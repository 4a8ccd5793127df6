import type { Generated, Selectable } from 'kysely';
import type { StaffRole } from '../../../contract/staff.ts';

export interface StaffUsersTable {
  id: Generated<number>;
  login: string;
  displayName: string;
  passwordHash: string;
  /** Base32, as the authenticator app was given it. */
  totpSecret: string;
  /** The TOTP time step of the last code accepted: a code of that step or an earlier one is refused. */
  totpLastStep: number | null;
  role: StaffRole;
  isDisabled: Generated<number>;
  failedCount: Generated<number>;
  lockedUntil: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface StaffSessionsTable {
  /** SHA-256 of the admin_sid cookie. */
  id: string;
  staffId: number;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** Append-only: the database's triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  staffId: number;
  staffName: string;
  action: string;
  subject: string;
  subjectId: string;
  beforeJson: string | null;
  afterJson: string | null;
  ip: string;
  at: number;
}

export type StaffUserRow = Selectable<StaffUsersTable>;

export interface StaffTables {
  staffUsers: StaffUsersTable;
  staffSessions: StaffSessionsTable;
  auditLog: AuditLogTable;
}
