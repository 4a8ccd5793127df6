import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { insertOutboxMessage } from './sms-outbox.repository.ts';
import type { SmsProvider } from './sms-provider.ts';

/** Development and tests: a "sent" message is a row that GET /dev/sms-outbox reads back. */
export function createOutboxSmsProvider(db: Kysely<Database>, now: () => number = Date.now): SmsProvider {
  return {
    async send(message) {
      await insertOutboxMessage(db, { ...message, sentAt: now() });
    },
  };
}
