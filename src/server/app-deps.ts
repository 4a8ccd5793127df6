import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/create-db.ts';
import type { CounterStore } from './http/counter-store.ts';
import type { SmsProvider } from './features/account/sms/sms-provider.ts';

/** What the app is built from; tests build it with their own database, counters and SMS outbox. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  counters: CounterStore;
  sms: SmsProvider;
}
