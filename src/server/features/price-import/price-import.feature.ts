import type { FeatureRegistration } from '../feature-registration.ts';
import { createBullmqPriceImportQueue, createEmbeddedPriceImportQueue, type PriceImportQueue } from './price-import-queue.ts';
import { createPriceImportUndoPurge } from './price-import-sweeper.ts';
import { priceImportPages } from './price-import.pages.ts';
import { registerPriceImportRoutes } from './price-import.routes.ts';

/** The database's name keeps the queues of stores sharing one Redis apart. */
function queuePrefixOf(databaseUrl: string): string {
  return `bull:${new URL(databaseUrl).pathname.replace(/^\//, '')}`;
}

/**
 * 价格导入 (operations console): the desk's calls and page, and the worker of applied price lists from ready to
 * close — BullMQ on PostgreSQL with Redis, else this process working the job table — and the purge of undo rows
 * past their retention.
 */
export const registerPriceImportFeature: FeatureRegistration = (app, deps, pages) => {
  const queue: PriceImportQueue =
    deps.database.engine === 'postgres' && deps.config.redisUrl
      ? createBullmqPriceImportQueue(deps.db, deps.logger, { redisUrl: deps.config.redisUrl, prefix: queuePrefixOf(deps.config.databaseUrl) })
      : createEmbeddedPriceImportQueue(deps.db, deps.logger);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.close());
  // Finished jobs keep their "before" values 30 days for 回滚; an hourly pass drops them after.
  const undoPurge = createPriceImportUndoPurge(deps.db, deps.logger);
  app.addHook('onListen', async () => undoPurge.start());
  app.addHook('onClose', async () => undoPurge.close());
  registerPriceImportRoutes(app, deps, queue);
  pages.push(...priceImportPages(deps));
};
