import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * No inline script anywhere (the page state is application/json), so scripts are 'self' only.
 * Inline style attributes stay allowed: banners carry their backgroundColor from the database.
 */
export function contentSecurityPolicyDirectives(config: Config, isDevServer: boolean): Record<string, string[]> {
  const imageOrigins = /^https?:\/\//.test(config.imageBaseUrl) ? [new URL(config.imageBaseUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: isDevServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
    fontSrc: ["'self'", 'data:'],
    connectSrc: isDevServer ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** helmet's headers (HSTS, nosniff, frame and referrer policies, COOP/CORP…) with the store's CSP. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, isDevServer: boolean): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config, isDevServer) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Product images come from the image host (qiniuImgAddress), which sends no CORP header.
    crossOriginEmbedderPolicy: false,
  });
}
