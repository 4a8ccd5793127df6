import type { Db } from '../../../db/create-db.ts';
import { insertOutboxMessage } from './sms-outbox.repository.ts';
import type { SmsProvider } from './sms-provider.ts';

/** Development and tests: a "sent" message is a row that GET /dev/sms-outbox reads back. */
export function createOutboxSmsProvider(db: Db, now: () => number = Date.now): SmsProvider {
  return {
    async send(message) {
      await insertOutboxMessage(db.kysely, { ...message, sentAt: now() });
    },
  };
}
