import cookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { answerClientError } from './http/client-errors.ts';
import { rerouteRouterError } from './http/router-errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessions } from './http/session.ts';
import { registerCompression } from './http/compression.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { publicOriginOf } from './http/public-origin.ts';
import { clientBuildDir, noAssets, type PageAssets } from './ssr/assets.ts';
import { createPageRenderer } from './ssr/render-page.tsx';
import type { Page } from './ssr/page-registry.ts';
import { consoleFeatureRegistrations, featureRegistrations } from './features/all-features.ts';
import type { FeatureDeps, FeatureRegistration } from './features/feature-registration.ts';
import { createShellLoaders } from './features/shell/shell.service.ts';
import { createVisitorPageCache } from './features/page-cache/visitor-page-cache.ts';
import { registerPageCacheEarlyAnswer } from './features/page-cache/page-cache-early-answer.ts';
import { createCacheVersions } from './cache/cache-versions.ts';
import { instrumentApp } from './ops/metrics.ts';
import { createOps, type Ops } from './ops/ops.ts';
import { registerOpsRoutes } from './ops/ops-routes.ts';
import { requestIdHeader, requestIdOf } from './ops/request-id.ts';
import type { SmsProvider } from './features/account/sms/sms-provider.ts';
import { requestErrors } from '../contract/errors.ts';
import { failureEnvelope } from './http/error-handler.ts';
import { SearchService } from './features/search/search.service.ts';
import { defaultKeeperOptions } from './features/search/search-index.keeper.ts';
import { snapshotPathOf } from './cache/snapshot-paths.ts';
import { systemClock } from './ops/clock.ts';
import { registerCacheTickHook } from './cache/cache-tick.routes.ts';
import { consolePrefix, consoleRoute, registerConsoleGuards } from './features/staff/staff-access.ts';
import { createWorkPool } from './work/work-pool.ts';

export interface BuildAppOptions {
  /** How pages find their scripts: the Vite manifest, the Vite dev server, or nothing (tests). */
  assets?: PageAssets;
  /** Runs before routes (the Vite dev middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  isDevServer?: boolean;
  /** The shop's features to register; all of them by default (a benchmark swaps one for its own instance). */
  features?: readonly FeatureRegistration[];
  /** The console's features to register under /admin; all of them by default. */
  consoleFeatures?: readonly FeatureRegistration[];
  /** Readiness and metrics; main.ts passes its own to mark the process draining at shutdown. */
  ops?: Ops;
  /** The search service every feature shares; a benchmark passes its own to look inside the index. */
  search?: SearchService;
}

/** The whole store as a Fastify instance that does not listen: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // Explicit server types keep Fastify's logger interface (which pino implements) instead of pino's own type.
  const app = Fastify<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression>({
    loggerInstance: deps.logger,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    logController: new LogController({ disableRequestLogging: deps.config.isProduction }),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    frameworkErrors: rerouteRouterError,
    clientErrorHandler: (error, socket) => answerClientError(deps.logger, error, socket),
  });
  const ops = options.ops ?? createOps(deps, { withProcessMetrics: false });
  const clock = deps.clock ?? systemClock;
  const featureDeps: FeatureDeps = {
    db: deps.db.kysely,
    database: deps.db,
    config: deps.config,
    logger: deps.logger,
    counters: deps.counters,
    sms: countingSends(deps.sms, ops, deps.config.sms.provider),
    ops,
    cacheVersions: createCacheVersions(deps.db.kysely, { logger: deps.logger, clock }),
    search:
      options.search ??
      new SearchService(deps.db, deps.logger, {
        ...defaultKeeperOptions,
        snapshotPath: snapshotPathOf(deps.config.indexSnapshotBase, 'search-index'),
        databaseUrl: deps.config.databaseUrl,
        clock,
      }),
    workPool: createWorkPool({ threads: deps.config.workerThreads }, deps.logger),
    clock,
  };
  app.addHook('onClose', () => featureDeps.workPool.close());
  const originOf = (request: FastifyRequest) => publicOriginOf(deps.config, request);
  const shell = createShellLoaders(featureDeps);
  const pageCache = deps.config.isPageCacheEnabled ? createVisitorPageCache(featureDeps, { originOf, visitorVariantOf: shell.visitorVariantOf }) : null;
  const renderer = createPageRenderer({ siteName: deps.config.siteName, originOf, assets: options.assets ?? noAssets, loadShell: shell.loadShell, pageCache });

  ops.inFlight.track(app);
  await app.register(cookie);
  await registerCompression(app);
  registerSecurityHeaders(app, deps.config, options.isDevServer ?? false);
  registerErrorHandler(app, renderer.renderErrorPage);
  if (options.beforeRoutes) await options.beforeRoutes(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
  instrumentApp(app, ops.metrics, deps);
  if (pageCache) registerPageCacheEarlyAnswer(app, pageCache, { sessions: featureDeps, mobileSite: deps.config.mobileSite, inFlight: ops.inFlight });
  registerOpsRoutes(app, ops, { metricsToken: deps.config.metricsToken, isProduction: deps.config.isProduction });
  if (deps.config.isCacheTickHookEnabled) {
    const { cacheVersions, search } = featureDeps;
    registerCacheTickHook(app, [() => cacheVersions.refresh(), () => search.keeper.catchUp()]);
  }
  await registerStaticFiles(app, clientBuildDir);

  // Sessions and anti-forgery apply to pages and calls, not to health checks and static files. The shop and the
  // console are sibling scopes over the same services, each with its own session, token and not-found answer:
  // neither's hooks see the other's requests.
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST') return reply.status(200).send(failureEnvelope(requestErrors.unknownCall));
    return renderer.renderErrorPage(request, reply, 404);
  };
  await app.register(async (shop) => {
    registerSessions(shop, featureDeps);
    const pages: Page[] = [];
    for (const register of options.features ?? featureRegistrations) register(shop, featureDeps, pages);
    renderer.registerPages(shop, pages);
    shop.setNotFoundHandler(notFound);
  });
  await app.register(
    async (desks) => {
      registerConsoleGuards(desks, featureDeps);
      const pages: Page[] = [];
      for (const register of options.consoleFeatures ?? consoleFeatureRegistrations) register(desks, featureDeps, pages);
      renderer.registerPagesWithoutVisitor(desks, pages, consoleRoute);
      desks.setNotFoundHandler(notFound);
    },
    { prefix: consolePrefix },
  );
  return app;
}

function countingSends(sms: SmsProvider, ops: Ops, provider: string): SmsProvider {
  return {
    async send(message) {
      await sms.send(message);
      ops.metrics.smsSent.inc({ provider });
    },
  };
}
