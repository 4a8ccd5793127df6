import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/create-db.ts';
import type { CounterStore } from './http/counter-store.ts';
import type { SmsProvider } from './features/account/sms/sms-provider.ts';
import type { Clock } from './ops/clock.ts';

/** What the app is built from; tests build it with their own database, counters and SMS outbox. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  counters: CounterStore;
  sms: SmsProvider;
  /** The time the cache tick and background work read (ops/clock.ts); the system's unless a test moves its own. */
  clock?: Clock;
}
