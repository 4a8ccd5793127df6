import type { Generated, Selectable } from 'kysely';
import type { ContactMessageStatus, OfficeKind } from '../../../contract/contact.ts';

export interface ContactOfficesTable {
  id: Generated<number>;
  kind: OfficeKind;
  name: string;
  address: string;
  phone: Generated<string>;
  hours: Generated<string>;
  /** Degrees × 1e6. */
  lngE6: number;
  latE6: number;
  sort: Generated<number>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: Generated<string>;
  company: Generated<string>;
  message: string;
  /** The member who sent it, when signed in. */
  userId: number | null;
  ip: Generated<string>;
  status: ContactMessageStatus;
  createdAt: number;
  handledAt: number | null;
  handledBy: Generated<string>;
  /** What staff noted when handling it (migration 0043). */
  handledNote: Generated<string>;
}

export type ContactOfficeRow = Selectable<ContactOfficesTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;

export interface ContactTables {
  contactOffices: ContactOfficesTable;
  contactMessages: ContactMessagesTable;
}
