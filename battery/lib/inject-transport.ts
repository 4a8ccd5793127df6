import type { FastifyInstance } from 'fastify';
import type { Transport } from './transport.ts';

/** The app in process (Fastify's inject): what the Vitest battery uses on each engine. */
export function injectTransport(app: FastifyInstance): Transport {
  return async (raw) => {
    const response = await app.inject({
      method: raw.method,
      url: raw.path,
      headers: raw.headers,
      ...(raw.body === undefined ? {} : { payload: raw.body }),
      remoteAddress: raw.remoteAddress ?? '127.0.0.1',
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
}
