import type { LightMyRequestResponse } from 'fastify';
import type { ApiKeyCreated } from '../../../../contract/open-api.ts';
import { apiKeyCalls } from '../../../../contract/open-api-calls.ts';
import type { SignedInMember, UsedTestApp } from '../../../testing/use-test-app.ts';

/** A member with a fresh key, through the member call a browser makes. */
export async function memberWithKey<F>(t: UsedTestApp<F>, name = '测试密钥'): Promise<{ member: SignedInMember; created: ApiKeyCreated }> {
  const member = await t.member();
  const created = await member.browser.callOk(apiKeyCalls.create, { name });
  return { member, created };
}

/** A program's request: no cookies, the key in X-Api-Key (or none), JSON in and out. */
export function openRequest<F>(
  t: UsedTestApp<F>,
  method: 'GET' | 'POST',
  url: string,
  options: { apiKey?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
}
