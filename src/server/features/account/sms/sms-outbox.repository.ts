import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { SmsMessage } from './sms-provider.ts';

export interface OutboxMessage extends SmsMessage {
  sentAt: number;
}

export async function insertOutboxMessage(db: Kysely<Database>, message: OutboxMessage): Promise<void> {
  await db.insertInto('smsOutbox').values(message).execute();
}

/** Oldest first, as the development route promises. */
export async function listOutboxMessages(db: Kysely<Database>, phone: string): Promise<OutboxMessage[]> {
  return db.selectFrom('smsOutbox').select(['phone', 'code', 'content', 'sentAt']).where('phone', '=', phone).orderBy('id', 'asc').execute();
}
