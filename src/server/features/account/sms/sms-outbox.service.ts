import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { listOutboxMessages, type OutboxMessage } from './sms-outbox.repository.ts';

/** Development and e2e only (GET /dev/sms-outbox): what the outbox provider "sent" to a phone, oldest first. */
export function readSmsOutbox(db: Kysely<Database>, phone: string): Promise<OutboxMessage[]> {
  return listOutboxMessages(db, phone);
}
