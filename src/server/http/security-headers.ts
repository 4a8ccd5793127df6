import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * No inline script anywhere (the page state is application/json, schema.org data application/ld+json:
 * neither is executed, so script-src does not apply to them), so scripts are 'self' only.
 * Inline style attributes stay allowed: banners carry their backgroundColor from the database.
 */
export function contentSecurityPolicyDirectives(config: Config, isDevServer: boolean): Record<string, string[]> {
  const imageOrigins = /^https?:\/\//.test(config.imageBaseUrl) ? [new URL(config.imageBaseUrl).origin] : [];
  // Qiniu direct upload: pictures are posted to its upload host and shown from the bucket's domain.
  const qiniu = config.uploads.qiniu;
  const qiniuImages = qiniu ? [new URL(qiniu.domain).origin] : [];
  const qiniuUploads = qiniu ? [new URL(qiniu.uploadUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: isDevServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins, ...qiniuImages],
    fontSrc: ["'self'", 'data:'],
    connectSrc: isDevServer ? ["'self'", 'ws:', 'wss:', ...qiniuUploads] : ["'self'", ...qiniuUploads],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * helmet's headers (nosniff, frame and referrer policies, COOP/CORP…) with the store's CSP, and HSTS
 * on HTTPS answers only: RFC 6797 forbids it over plain HTTP. Behind a proxy that ends TLS, the
 * request is HTTPS when a trusted proxy (TRUST_PROXY) says so in X-Forwarded-Proto.
 * helmet itself, built once: @fastify/helmet built it again on every request, parsing the CSP each
 * time (the largest allocation of a suggestion request after the search itself).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, isDevServer: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config, isDevServer) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Product images come from the image host (qiniuImgAddress), which sends no CORP header.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (request.protocol === 'https') void reply.header('strict-transport-security', strictTransportSecurity);
      done(error instanceof Error ? error : undefined);
    });
  });
}
