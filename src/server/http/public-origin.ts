import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The store's address as the outside world writes it, for links that leave the page (invite links,
 * OAuth callbacks): PUBLIC_BASE_URL when configured, else the scheme and host this request came on
 * (behind a proxy, as trust-proxy.ts lets Fastify read them).
 */
export function publicOriginOf(config: Config, request: FastifyRequest): string {
  return config.payments.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}
