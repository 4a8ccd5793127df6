import type { Generated } from 'kysely';

/** Members' messages; messageType 1 BOM, 2 returned, 3 order, 4 invoice, 5 offer. */
export interface MessagesTable {
  id: Generated<number>;
  userId: number;
  messageType: number;
  /** Plain text, or HTML for BOM/offer messages (sanitised whenever it is read). */
  msgContent: string;
  sendDate: number;
  isRead: Generated<number>;
}

export interface MessageTables {
  messages: MessagesTable;
}
