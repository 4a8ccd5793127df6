import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { pngImage, postUpload } from './testing/upload-test-kit.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'upload-qiniu-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const qiniuEnv = {
  QINIU_ACCESS_KEY: 'test-access-key',
  QINIU_SECRET_KEY: 'test-secret-key',
  QINIU_BUCKET: 'xinpin-images',
  QINIU_UPLOAD_URL: 'https://up-z2.qiniup.com',
  QINIU_DOMAIN: 'https://img.example.com',
};

/** accessKey:urlsafe-base64(HMAC-SHA1(secretKey, encodedPolicy)):encodedPolicy */
function decodeQiniuToken(token: string) {
  const [accessKey = '', signature = '', encodedPolicy = ''] = token.split(':');
  const expectedSignature = createHmac('sha1', qiniuEnv.QINIU_SECRET_KEY).update(encodedPolicy).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
  const policy: unknown = JSON.parse(Buffer.from(encodedPolicy, 'base64url').toString('utf8'));
  return { accessKey, isSignatureValid: signature === expectedSignature, policy };
}

describe('/common/api/getQiniuToken with Qiniu configured', () => {
  const t = useTestApp({ app: { env: { ...qiniuEnv, UPLOAD_DIR: uploadDir } } });

  it('gives a Qiniu token limited to the member’s prefix, the deadline, 5 MB and the image types', async () => {
    const { browser, userId } = await t.member();
    const startedSeconds = Math.floor(Date.now() / 1000);
    const answer = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'feedback' });
    const keyPrefix = `feedback/${userId}/`;
    expect(answer).toMatchObject({
      provider: 'qiniu',
      uploadUrl: 'https://up-z2.qiniup.com',
      keyPrefix,
      maxBytes: 5 * 1024 * 1024,
      accept: ['image/bmp', 'image/jpeg', 'image/png', 'image/webp'],
      urlPrefix: 'https://img.example.com/',
    });
    const { accessKey, isSignatureValid, policy } = decodeQiniuToken(answer.token);
    expect(accessKey).toBe('test-access-key');
    expect(isSignatureValid).toBe(true);
    const { deadline, ...limits } = policy as Record<string, unknown>;
    expect(limits).toEqual({
      scope: `xinpin-images:${keyPrefix}`,
      isPrefixalScope: 1,
      saveKey: `${keyPrefix}$(etag)$(ext)`,
      forceSaveKey: true,
      fsizeLimit: 5 * 1024 * 1024,
      detectMime: 1,
      mimeLimit: 'image/bmp;image/jpeg;image/png;image/webp',
    });
    if (typeof deadline !== 'number') throw new Error('no deadline in the policy');
    expect(deadline).toBeGreaterThanOrEqual(startedSeconds + 600);
    expect(deadline).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(answer.expiresAt).toBe(deadline * 1000);
  });

  it('holds an avatar token to the avatar’s prefix and 2 MB', async () => {
    const { browser, userId } = await t.member();
    const answer = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'avatar' });
    expect(decodeQiniuToken(answer.token).policy).toMatchObject({ scope: `xinpin-images:avatar/${userId}/`, fsizeLimit: 2 * 1024 * 1024 });
  });

  it('lets pages post to the upload host and show pictures from the bucket’s domain', async () => {
    const policy = (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(policy).toContain("connect-src 'self' https://up-z2.qiniup.com;");
    expect(policy).toMatch(/img-src [^;]*https:\/\/img\.example\.com/);
  });

  it('is no token for the store’s own endpoint', async () => {
    const { browser } = await t.member();
    const { token } = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'feedback' });
    const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'a.png', data: pngImage() } });
    expect(envelope).toMatchObject({ code: 403, errorCode: 'upload.tokenInvalid' });
  });
});

describe('Qiniu settings', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: ':memory:', SESSION_SECRET: 'test-secret-test-secret-test-secret-42' };

  it('are all five or none', () => {
    expect(loadConfig(base).uploads).toEqual({ dir: 'data/uploads', qiniu: null });
    expect(loadConfig({ ...base, ...qiniuEnv, UPLOAD_DIR: '/srv/uploads' }).uploads).toEqual({
      dir: '/srv/uploads',
      qiniu: {
        accessKey: 'test-access-key',
        secretKey: 'test-secret-key',
        bucket: 'xinpin-images',
        uploadUrl: 'https://up-z2.qiniup.com',
        domain: 'https://img.example.com/',
      },
    });
    const { QINIU_DOMAIN: _domain, QINIU_SECRET_KEY: _secret, ...partial } = qiniuEnv;
    expect(() => loadConfig({ ...base, ...partial })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...partial })).toThrow(/QINIU_SECRET_KEY: required[\s\S]*QINIU_DOMAIN: required/);
  });

  it('need addresses for the upload host and the domain', () => {
    expect(() => loadConfig({ ...base, ...qiniuEnv, QINIU_UPLOAD_URL: 'up-z2.qiniup.com' })).toThrow(/QINIU_UPLOAD_URL/);
    expect(() => loadConfig({ ...base, ...qiniuEnv, QINIU_DOMAIN: 'img.example.com' })).toThrow(/QINIU_DOMAIN/);
  });
});
