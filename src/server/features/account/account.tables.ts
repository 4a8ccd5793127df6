import type { Generated } from 'kysely';
import type { AccountSecurityTables } from './account-security.tables.ts';

export interface UsersTable {
  id: Generated<number>;
  /** Public member number shown when there is no nickname, e.g. U2611220001. */
  userNumber: string;
  phone: string;
  nickName: string;
  /** argon2id; null for members who registered by SMS only and never set a password. */
  passwordHash: string | null;
  userImgPath: string | null;
  /** Who invited this member (the `inviter` of the page query at registration). */
  inviter: string | null;
  createdAt: number;
  /** Profile fields of /user/profile (migration 0026); null until the member fills them in. */
  company: string | null;
  job: string | null;
  email: string | null;
  /** When staff disabled the member (migration 0043); null while the account is active. */
  disabledAt: Generated<number | null>;
}

export interface AccountTables extends AccountSecurityTables {
  users: UsersTable;
}
