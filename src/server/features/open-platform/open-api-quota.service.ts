import { openApiErrors, openApiResponseHeaders } from '../../../contract/open-api.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import { secondsOf } from '../../http/sliding-window.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { countApiKeyUsage } from './open-platform.repository.ts';

/** What a counted request tells its program about the key's limit. */
export interface OpenRateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the oldest request still counted leaves the window, and remaining grows again. */
  resetSeconds: number;
}

export function rateLimitHeadersOf(rateLimit: OpenRateLimit): Record<string, string> {
  return {
    [openApiResponseHeaders.limit]: String(rateLimit.limit),
    [openApiResponseHeaders.remaining]: String(rateLimit.remaining),
    [openApiResponseHeaders.reset]: String(rateLimit.resetSeconds),
  };
}

/** What a refusal carries to the error handler: the headers beside its 429. */
export interface RateLimitRefusal {
  retryAfterSeconds: number;
  rateLimit: OpenRateLimit;
}

/**
 * Counts the request against the key's limit, a sliding 60 seconds on the app's counters (Redis
 * when configured, else the database), and in the key's usage of the day. A refused request is
 * not kept in the window, so a program that waits Retry-After is served; over the limit this
 * throws openApi.rateLimited with a RateLimitRefusal as its data.
 */
export async function takeOpenApiQuota(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'counters'>,
  keyId: number,
  now = deps.counters.clock.now(),
): Promise<OpenRateLimit> {
  const limit = deps.config.openApiRatePerMinute;
  const counted = await deps.counters.consumeSliding({ key: `open-api:rate:${keyId}`, limit, windowSeconds: 60 }, now);
  await countApiKeyUsage(deps.db, keyId, formatBeijingDate(now), !counted.isAllowed);
  const rateLimit: OpenRateLimit = { limit, remaining: Math.max(0, limit - counted.count), resetSeconds: secondsOf(counted.msUntilFirstLeaves) };
  if (!counted.isAllowed) {
    const refusal: RateLimitRefusal = { retryAfterSeconds: Math.max(1, secondsOf(counted.msUntilAllowed)), rateLimit };
    throw new AppError(openApiErrors.rateLimited, undefined, refusal);
  }
  return rateLimit;
}
