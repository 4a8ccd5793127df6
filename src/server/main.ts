import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensurePlannerStatistics } from './db/planner-statistics.ts';
import { createCounterStore } from './http/counter-store.ts';
import { manifestAssets, viteDevAssets } from './ssr/assets.ts';
import { createSmsProvider } from './features/account/sms/create-sms-provider.ts';
import { seedIfEmpty } from './seed/seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  await seedIfEmpty(db, { skus: config.seedSkus, logger });
  await ensurePlannerStatistics(db);
  const counters = createCounterStore(config.redisUrl, db.kysely);
  const deps = { config, db, logger, counters, sms: createSmsProvider(config, db.kysely) };

  const isDevServer = !config.isProduction;
  const vite = isDevServer ? await startViteMiddleware() : null;
  const app = await buildApp(deps, {
    assets: vite ? viteDevAssets(vite) : manifestAssets(),
    isDevServer,
    beforeRoutes: vite
      ? async (instance) => {
          const { default: middie } = await import('@fastify/middie');
          await instance.register(middie);
          instance.use(vite.middlewares);
        }
      : undefined,
  });

  let isClosing = false;
  async function shutdown(signal: string) {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await vite?.close();
    await counters.close();
    await db.destroy();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

async function startViteMiddleware() {
  const { createServer } = await import('vite');
  return createServer({ server: { middlewareMode: true }, appType: 'custom' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
