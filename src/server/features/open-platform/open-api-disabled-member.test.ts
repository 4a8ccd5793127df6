import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import type { OpenApiFailureBody } from '../../../contract/open-api.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { signRequest } from './open-api-auth.service.ts';
import { documentedInject, memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

const disabled = { code: 403, data: null, msg: '该密钥所属账号已被停用，暂不能调用接口，如有疑问请联系客服', errorCode: 'openApi.memberDisabled' };
const searchUrl = '/open/v1/search?keyword=STM32';

describe("开放平台: a disabled member's API keys", () => {
  const t = useTestApp({ fixture: async (app) => insertCatalogFixture(app.db) });

  const signed = (apiKey: string, url: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return documentedInject(t, {
      method: 'GET',
      url,
      headers: {
        'x-api-key-id': apiKey.split('_')[2] ?? '',
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signRequest(apiKey, 'GET', url, timestamp, nonce, ''),
      },
    });
  };

  async function setDisabled(userId: number, isDisabled: boolean) {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId, isDisabled })).toMatchObject({ code: 1 });
  }

  const usageOf = (keyId: number) => t.db.kysely.selectFrom('apiKeyUsage').select(['day', 'requestCount', 'limitedCount']).where('keyId', '=', keyId).execute();
  const keyRow = (keyId: number) => t.db.kysely.selectFrom('apiKeys').select(['revokedAt']).where('id', '=', keyId).executeTakeFirstOrThrow();
  const statusOf = (response: LightMyRequestResponse) => [response.statusCode, response.json<Partial<OpenApiFailureBody>>().errorCode ?? 'ok'];

  it('refuses the key and the signed request with a Chinese 403 while disabled, and serves them again once enabled', async () => {
    const { member, created } = await memberWithKey(t);
    const keyId = created.view.keyId;
    expect((await openRequest(t, 'GET', searchUrl, { apiKey: created.key })).statusCode).toBe(200);
    const usageBefore = await usageOf(keyId);

    await setDisabled(member.userId, true);
    const byKey = await openRequest(t, 'GET', searchUrl, { apiKey: created.key });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toEqual(disabled);
    const bySignature = await signed(created.key, searchUrl);
    expect(bySignature.statusCode).toBe(403);
    expect(bySignature.json()).toEqual(disabled);
    // Refused before the quota: the day's usage did not move; the key itself is not revoked.
    expect(await usageOf(keyId)).toEqual(usageBefore);
    expect((await keyRow(keyId)).revokedAt).toBeNull();

    await setDisabled(member.userId, false);
    expect((await openRequest(t, 'GET', searchUrl, { apiKey: created.key })).statusCode).toBe(200);
    expect((await signed(created.key, searchUrl)).statusCode).toBe(200);
  });

  it('answers a wrong secret of a disabled member as any bad key (401), so only the key holder learns the account is disabled', async () => {
    const { member, created } = await memberWithKey(t);
    await setDisabled(member.userId, true);
    const wrong = `${created.key.slice(0, -4)}AAAA`;
    expect(statusOf(await openRequest(t, 'GET', searchUrl, { apiKey: wrong }))).toEqual([401, 'openApi.badKey']);
    expect(statusOf(await openRequest(t, 'GET', searchUrl, { apiKey: created.key }))).toEqual([403, 'openApi.memberDisabled']);
  });

  it("keeps other members' keys working", async () => {
    const first = await memberWithKey(t);
    const second = await memberWithKey(t);
    await setDisabled(first.member.userId, true);
    expect((await openRequest(t, 'GET', searchUrl, { apiKey: second.created.key })).statusCode).toBe(200);
    expect((await openRequest(t, 'GET', searchUrl, { apiKey: first.created.key })).statusCode).toBe(403);
  });
});
