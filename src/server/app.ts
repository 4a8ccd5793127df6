import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppDeps } from './app-deps.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessions } from './http/session.ts';
import { clientBuildDir, noAssets, type PageAssets } from './ssr/assets.ts';
import { createPageRenderer } from './ssr/render-page.tsx';
import type { Page } from './ssr/page-registry.ts';
import { featureRegistrations } from './features/all-features.ts';
import type { FeatureDeps, FeatureRegistration } from './features/feature-registration.ts';
import { createShellLoader } from './features/shell/shell.service.ts';
import { requestErrors } from '../contract/errors.ts';
import { failureEnvelope } from './http/error-handler.ts';

export interface BuildAppOptions {
  /** How pages find their scripts: the Vite manifest, the Vite dev server, or nothing (tests). */
  assets?: PageAssets;
  /** Runs before routes (the Vite dev middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  isDevServer?: boolean;
  /** The features to register; all of them by default (a benchmark swaps one for its own instance). */
  features?: readonly FeatureRegistration[];
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
  });
  const featureDeps: FeatureDeps = { db: deps.db.kysely, database: deps.db, config: deps.config, logger: deps.logger, counters: deps.counters, sms: deps.sms };
  const renderer = createPageRenderer({
    siteName: deps.config.siteName,
    assets: options.assets ?? noAssets,
    loadShell: createShellLoader(featureDeps),
  });

  await app.register(cookie);
  await registerSecurityHeaders(app, deps.config, options.isDevServer ?? false);
  registerErrorHandler(app, renderer.renderErrorPage);
  if (options.beforeRoutes) await options.beforeRoutes(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await registerStaticFiles(app);

  // Sessions and anti-forgery apply to pages and calls, not to health checks and static files.
  await app.register(async (site) => {
    registerSessions(site, featureDeps);
    const pages: Page[] = [];
    for (const register of options.features ?? featureRegistrations) register(site, featureDeps, pages);
    renderer.registerPages(site, pages);
    site.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'POST') return reply.status(200).send(failureEnvelope(requestErrors.unknownCall));
      return renderer.renderErrorPage(request, reply, 404);
    });
  });
  return app;
}

async function registerStaticFiles(app: FastifyInstance) {
  const assetsDir = resolve(clientBuildDir, 'assets');
  if (existsSync(assetsDir)) {
    // Hashed file names: cache for a year.
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      index: false,
    });
  }
  const publicDir = existsSync(resolve(clientBuildDir, 'favicon.svg')) ? clientBuildDir : resolve(process.cwd(), 'public');
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/static/',
    maxAge: '1d',
    decorateReply: false,
    index: false,
  });
  const favicon = readFileSync(resolve(publicDir, 'favicon.svg'));
  app.get('/favicon.svg', (_request, reply) => reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(favicon));
}
