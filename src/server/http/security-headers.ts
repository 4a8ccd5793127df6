import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * No inline script anywhere (the page state is application/json), so scripts are 'self' only.
 * Inline style attributes stay allowed: banners carry their backgroundColor from the database.
 */
export function contentSecurityPolicy(config: Config, isDevServer: boolean): string {
  const imageOrigin = /^https?:\/\//.test(config.imageBaseUrl) ? ` ${new URL(config.imageBaseUrl).origin}` : '';
  const scriptSource = isDevServer ? "'self' 'unsafe-inline'" : "'self'";
  const connectSource = isDevServer ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSource}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigin}`,
    "font-src 'self' data:",
    `connect-src ${connectSource}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config, isDevServer: boolean) {
  const policy = contentSecurityPolicy(config, isDevServer);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  });
}
