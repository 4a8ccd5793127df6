import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ApiKeyCreated } from '../../../../contract/open-api.ts';
import { apiKeyCalls } from '../../../../contract/open-api-calls.ts';
import type { SignedInMember, UsedTestApp } from '../../../testing/use-test-app.ts';
import { expectDocumented } from './open-api-conformance.ts';

/** A member with a fresh key, through the member call a browser makes. */
export async function memberWithKey<F>(t: UsedTestApp<F>, name = '测试密钥'): Promise<{ member: SignedInMember; created: ApiKeyCreated }> {
  const member = await t.member();
  const created = await member.browser.callOk(apiKeyCalls.create, { name });
  return { member, created };
}

const documentUrl = '/open/v1/openapi.json';

/** A request to /open/v1 whose answer is checked against the OpenAPI document before the test reads it. */
export async function documentedInject<F>(t: UsedTestApp<F>, options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
  const response = await t.app.inject(options);
  if (options.url.startsWith('/open/v1/') && !options.url.startsWith(documentUrl)) expectDocumented(options.method, options.url, response);
  return response;
}

/** A program's request: no cookies, the key in X-Api-Key (or none), JSON in and out; checked against the document. */
export function openRequest<F>(
  t: UsedTestApp<F>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS',
  url: string,
  options: { apiKey?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return documentedInject(t, {
    method,
    url,
    headers: {
      ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
}
