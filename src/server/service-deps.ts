import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CacheVersions } from './cache/cache-versions.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { CounterStore } from './http/counter-store.ts';
import type { SmsProvider } from './features/account/sms/sms-provider.ts';

/**
 * What a service may be handed. A service that needs only data takes `db: Kysely<Database>`
 * (a transaction is one too); one that needs more takes `deps: ServiceDeps`. Nothing else.
 */
export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  counters: CounterStore;
  sms: SmsProvider;
  /** What the in-process caches check before serving, so a write by any process reaches them all. */
  cacheVersions: CacheVersions;
}
