import { pino, type Logger } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensurePlannerStatistics } from './db/planner-statistics.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { createCounterStore } from './http/fallback-counter-store.ts';
import { createOps } from './ops/ops.ts';
import { gracefulShutdown } from './ops/shutdown.ts';
import { describeStartupFailure } from './ops/startup-errors.ts';
import { manifestAssets, viteDevAssets } from './ssr/assets.ts';
import { createSmsProvider } from './features/account/sms/create-sms-provider.ts';
import type { SmsProvider } from './features/account/sms/sms-provider.ts';
import { seedIfEmpty, topUpDemoData } from './seed/seed.ts';

async function main(config: Config) {
  const logger = pino({ level: config.logLevel });
  const db = createDb(config.databaseUrl, {
    onConnectionError: (error) => logger.warn({ err: error }, 'a pooled PostgreSQL connection failed; it is replaced on next use'),
  });
  try {
    await withStartupLock(db, async () => {
      await migrateToLatest(db);
      if (!(await seedIfEmpty(db, { skus: config.seedSkus, logger }))) await topUpDemoData(db, { logger });
    });
    await ensurePlannerStatistics(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  const counters = createCounterStore(config.redisUrl, db.kysely, logger, config.databaseUrl);
  const sms = outboxCodesToLog(createSmsProvider(config, db.kysely), config, logger);
  const deps = { config, db, logger, counters, sms };
  const ops = createOps(deps, { withProcessMetrics: true });

  const isDevServer = !config.isProduction;
  const vite = isDevServer ? await startViteMiddleware() : null;
  const app = await buildApp(deps, {
    assets: vite ? viteDevAssets(vite) : manifestAssets(),
    isDevServer,
    ops,
    beforeRoutes: vite
      ? async (instance) => {
          const { default: middie } = await import('@fastify/middie');
          await instance.register(middie);
          instance.use(vite.middlewares);
        }
      : undefined,
  });

  const shutdown = gracefulShutdown({
    app,
    readiness: ops.readiness,
    inFlight: ops.inFlight,
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    closers: [async () => vite?.close(), () => counters.close(), () => db.destroy()],
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void shutdown(signal).then((code) => process.exit(code)));
  }

  await app.listen({ port: config.port, host: config.host });
}

/**
 * With the default outbox provider a first run needs no SMS account: the codes are written
 * to the server's log, so a new user can register (GET /dev/sms-outbox is off in production).
 */
function outboxCodesToLog(sms: SmsProvider, config: Config, logger: Logger): SmsProvider {
  if (config.sms.provider !== 'outbox') return sms;
  return {
    async send(message) {
      await sms.send(message);
      logger.info({ phone: message.phone, code: message.code }, `短信验证码（outbox，未真实发送）：${message.phone} → ${message.code}`);
    },
  };
}

async function startViteMiddleware() {
  const { createServer } = await import('vite');
  return createServer({ server: { middlewareMode: true }, appType: 'custom' });
}

function start() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  main(config).catch((error: unknown) => {
    console.error(describeStartupFailure(error, config) ?? error);
    process.exit(1);
  });
}

start();
