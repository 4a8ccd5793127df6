import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';
const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Every request's id: the proxy's (nginx sets X-Request-Id) when it is a plain token, so one
 * id follows the request through nginx and the app's logs; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && acceptableId.test(given) ? given : randomUUID();
}
