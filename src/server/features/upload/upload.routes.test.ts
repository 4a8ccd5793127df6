import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { csrfCookieName, csrfHeaderName } from '../../../contract/envelope.ts';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { localUploadPath, uploadTokenTtlMs } from '../../../contract/upload.ts';
import { signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signUploadToken } from './local-upload-token.ts';
import { issueUploadToken, uploadLimits } from './upload.service.ts';
import {
  bmpImage,
  filler,
  jpegImage,
  multipartBody,
  pdfDocument,
  pngImage,
  pngOfSize,
  postUpload,
  svgImage,
  webpImage,
  windowsProgram,
} from './testing/upload-test-kit.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'upload-routes-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const megabyte = 1024 * 1024;

/** Every file under UPLOAD_DIR, incoming ones included. */
function filesOnDisk(): string[] {
  return readdirSync(uploadDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A POST through a real socket with a declared length, as a browser sends a form. */
function postOverSocket(url: string, headers: Record<string, string>, payload: Buffer): Promise<{ status: number; connection: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': payload.length } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection ?? '', body }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe('/common/api/getQiniuToken without Qiniu', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });

  it('gives a member a token for the store’s own endpoint, bound to the purpose’s prefix, types and size for 10 minutes', async () => {
    const { browser, userId } = await t.member();
    const before = Date.now();
    const feedback = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'feedback' });
    expect(feedback).toMatchObject({
      provider: 'local',
      uploadUrl: localUploadPath,
      keyPrefix: `feedback/${userId}/`,
      maxBytes: 5 * megabyte,
      accept: ['image/bmp', 'image/jpeg', 'image/png', 'image/webp'],
      urlPrefix: '/img/',
    });
    expect(feedback.expiresAt).toBeGreaterThanOrEqual(before + uploadTokenTtlMs);
    expect(feedback.expiresAt).toBeLessThanOrEqual(Date.now() + uploadTokenTtlMs);
    const avatar = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'avatar' });
    expect(avatar).toMatchObject({ keyPrefix: `avatar/${userId}/`, maxBytes: 2 * megabyte });
  });

  it('answers 401 to a visitor', async () => {
    expect(await t.browser().call(uploadCalls.getQiniuToken, { purpose: 'feedback' })).toMatchObject({ code: 401, data: null });
  });

  it('refuses a purpose it does not know, in Chinese', async () => {
    const { browser } = await t.member();
    for (const purpose of ['certificate', '../feedback', 'feedback/../avatar', '']) {
      expect(await browser.post(uploadCalls.getQiniuToken.path, { purpose })).toMatchObject({ code: 400, msg: '上传用途有误', errorCode: 'request.invalid' });
    }
  });
});

describe('POST /common/upload', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });

  async function memberWithToken(purpose: 'feedback' | 'avatar' = 'feedback') {
    const member = await t.member();
    const { token } = await member.browser.callOk(uploadCalls.getQiniuToken, { purpose });
    return { ...member, token };
  }

  it('stores a picture under the member’s prefix, records it, and serves it at the image base address', async () => {
    const { browser, userId, token } = await memberWithToken();
    const picture = pngImage(4, 3);
    const { envelope } = await postUpload(t.app, browser, { token, file: { filename: '故障照片.png', data: picture, contentType: 'image/png' } });
    expect(envelope).toMatchObject({ code: 1, msg: '' });
    const key = envelope.data?.key ?? '';
    expect(key).toMatch(new RegExp(`^feedback/${userId}/[0-9a-f]{32}\\.png$`));
    expect(envelope.data?.url).toBe(`/img/${key}`);
    expect(readFileSync(join(uploadDir, key))).toEqual(picture);
    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId, purpose: 'feedback', provider: 'local', bytes: picture.length, mime: 'image/png', claimedAt: null });

    const served = await t.app.inject({ method: 'GET', url: `/img/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(picture);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['set-cookie']).toBeUndefined();
  });

  it('takes the token from a form field before the file too', async () => {
    const { browser, token } = await memberWithToken();
    const { envelope } = await postUpload(t.app, browser, { token, tokenIn: 'field', file: { filename: 'a.png', data: pngImage() } });
    expect(envelope.code).toBe(1);
  });

  it('decides the type by content: bmp, jpg, png and webp pass, a PNG named .jpg is stored as png', async () => {
    const { browser, token } = await memberWithToken();
    const cases = [
      { filename: 'scan.bmp', data: bmpImage(), extension: 'bmp' },
      { filename: 'photo.jpeg', data: jpegImage, extension: 'jpg' },
      { filename: 'photo.webp', data: webpImage, extension: 'webp' },
      { filename: 'renamed.jpg', data: pngImage(), extension: 'png', contentType: 'image/jpeg' },
    ];
    for (const { extension, ...file } of cases) {
      const { envelope } = await postUpload(t.app, browser, { token, file });
      expect(envelope.data?.key.endsWith(`.${extension}`), file.filename).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: envelope.data?.url ?? '' });
      expect(served.headers['content-type']).toBe(extension === 'jpg' ? 'image/jpeg' : `image/${extension}`);
    }
  });

  it('refuses text, SVG, PDF and a program named .png, keeping nothing', async () => {
    const { browser, userId, token } = await memberWithToken();
    const before = filesOnDisk();
    for (const data of [Buffer.from('这不是图片'), svgImage, pdfDocument, windowsProgram, Buffer.alloc(0)]) {
      const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'picture.png', data, contentType: 'image/png' } });
      expect(envelope).toMatchObject({ code: 400, data: null, msg: '图片格式仅支持 bmp、jpg、png、webp', errorCode: 'upload.badType' });
    }
    expect(filesOnDisk()).toEqual(before);
    expect(await t.db.kysely.selectFrom('uploads').select('key').where('userId', '=', userId).execute()).toEqual([]);
  });

  it('takes a file of exactly 5 MB and refuses 5 MB + 1 byte, keeping nothing of it', async () => {
    const { browser, userId, token } = await memberWithToken();
    const exact = await postUpload(t.app, browser, { token, file: { filename: 'big.png', data: pngOfSize(5 * megabyte) } });
    expect(exact.envelope.code).toBe(1);
    const before = filesOnDisk();
    const over = await postUpload(t.app, browser, { token, file: { filename: 'big.png', data: pngOfSize(5 * megabyte + 1) } });
    expect(over.envelope).toMatchObject({ code: 400, msg: '图片不能超过 5MB', errorCode: 'upload.tooLarge' });
    expect(filesOnDisk()).toEqual(before);
    expect(await t.db.kysely.selectFrom('uploads').select('key').where('userId', '=', userId).execute()).toHaveLength(1);
  });

  it('stops reading an oversized body at the limit instead of taking it all in', async () => {
    const { browser, token } = await memberWithToken();
    // 64 MB offered, made only as the server reads: it must stop asking soon after 5 MB.
    const { response, envelope, sent } = await postUpload(t.app, browser, { token, file: { filename: 'huge.png', data: [pngImage(), ...filler(1024)] } });
    expect(envelope).toMatchObject({ code: 400, errorCode: 'upload.tooLarge' });
    expect(response.headers.connection).toBe('close');
    expect(sent).toBeLessThan(6 * megabyte);
  });

  it('answers a refused file the browser sent in full over a real connection, which stays open', async () => {
    const { browser, token } = await memberWithToken();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A 3 MB program named .png: refused on its first bytes, the rest of the declared body is read and dropped.
    const body = multipartBody([{ name: 'file', filename: 'setup.png', contentType: 'image/png', data: [windowsProgram, ...filler(48)] }]);
    const payload = await buffer(body.payload);
    const headers = {
      'content-type': body.contentType,
      cookie: browser.cookieHeader(),
      [csrfHeaderName]: browser.cookie(csrfCookieName) ?? '',
      'x-upload-token': token,
    };
    const answer = await postOverSocket(`${address}${localUploadPath}`, headers, payload);
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('keep-alive');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 400, errorCode: 'upload.badType' });
  });

  it('refuses a member’s upload past 60 in an hour', async () => {
    const { browser, token } = await memberWithToken();
    const file = { filename: 'a.png', data: pngImage() };
    for (let count = 1; count <= uploadLimits.perMemberPerHour; count += 1) {
      expect((await postUpload(t.app, browser, { token, file })).envelope.code).toBe(1);
    }
    expect((await postUpload(t.app, browser, { token, file })).envelope).toMatchObject({
      code: 429,
      msg: '上传过于频繁，请稍后再试',
      errorCode: 'upload.tooFrequent',
    });
    const other = await memberWithToken();
    expect((await postUpload(t.app, other.browser, { token: other.token, file })).envelope.code).toBe(1);
  });

  it('holds an avatar token to the avatar’s 2 MB', async () => {
    const { browser, token } = await memberWithToken('avatar');
    const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'me.png', data: pngOfSize(2 * megabyte + 1) } });
    expect(envelope).toMatchObject({ code: 400, msg: '图片不能超过 2MB', errorCode: 'upload.tooLarge' });
    const fits = await postUpload(t.app, browser, { token, file: { filename: 'me.png', data: pngOfSize(2 * megabyte) } });
    expect(fits.envelope.data?.key).toMatch(/^avatar\/\d+\/[0-9a-f]{32}\.png$/);
  });

  it('refuses an expired token before reading the file', async () => {
    const { browser, userId } = await t.member();
    if (!browser.cookie('csrfToken')) await browser.get('/');
    const visitor = { userId, sid: browser.cookie('sid') ?? '' };
    const stale = issueUploadToken(t.deps.config, visitor, 'feedback', Date.now() - uploadTokenTtlMs - 1000);
    const { envelope } = await postUpload(t.app, browser, { token: stale.token, file: { filename: 'a.png', data: pngImage() } });
    expect(envelope).toMatchObject({ code: 400, msg: '上传凭证已过期，请重新上传', errorCode: 'upload.tokenExpired' });
    const fresh = issueUploadToken(t.deps.config, visitor, 'feedback', Date.now() - uploadTokenTtlMs + 60_000);
    expect((await postUpload(t.app, browser, { token: fresh.token, file: { filename: 'a.png', data: pngImage() } })).envelope.code).toBe(1);
  });

  it('refuses another member’s token, the member’s token in another session, and a token altered in any field', async () => {
    const owner = await memberWithToken();
    const other = await t.member();
    const file = { filename: 'a.png', data: pngImage() };
    const invalid = { code: 403, msg: '上传凭证无效，请重新上传', errorCode: 'upload.tokenInvalid' };
    expect((await postUpload(t.app, other.browser, { token: owner.token, file })).envelope).toMatchObject(invalid);
    expect((await postUpload(t.app, other.browser, { token: owner.token, tokenIn: 'field', file })).envelope).toMatchObject(invalid);

    const secondSession = t.browser();
    await signIn(secondSession, t.db.kysely, owner.userId);
    expect((await postUpload(t.app, secondSession, { token: owner.token, file })).envelope).toMatchObject(invalid);

    const [payload = '', signature = ''] = owner.token.split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [{ purpose: 'avatar' }, { maxBytes: 50 * megabyte }, { keyPrefix: 'feedback/../../' }, { expiresAt: Date.now() + 86_400_000 }]) {
      const altered = `${Buffer.from(JSON.stringify({ ...grant, ...change })).toString('base64url')}.${signature}`;
      expect((await postUpload(t.app, owner.browser, { token: altered, file })).envelope).toMatchObject(invalid);
    }
    for (const garbage of ['', 'x', `${payload}.`, `${payload}.${signature}.extra`]) {
      const { envelope } = await postUpload(t.app, owner.browser, { token: garbage, file });
      expect(envelope.code, garbage).not.toBe(1);
    }
    expect((await postUpload(t.app, owner.browser, { token: owner.token, file })).envelope.code).toBe(1);
  });

  it('refuses a grant the store itself never gives, even signed with its secret: another prefix, ../, a bigger size, another member', async () => {
    const { browser, userId } = await memberWithToken();
    const sid = browser.cookie('sid') ?? '';
    const grant = { purpose: 'feedback' as const, userId, keyPrefix: `feedback/${userId}/`, maxBytes: 5 * megabyte, expiresAt: Date.now() + 60_000 };
    const file = { filename: 'a.png', data: pngImage() };
    for (const change of [
      { keyPrefix: `feedback/${userId + 1}/` },
      { keyPrefix: `feedback/${userId}/../../` },
      { keyPrefix: '/etc/' },
      { maxBytes: 50 * megabyte },
      { purpose: 'avatar' as const },
      { userId: userId + 1, keyPrefix: `feedback/${userId + 1}/` },
    ]) {
      const token = signUploadToken(t.deps.config.sessionSecret, sid, { ...grant, ...change });
      const { envelope } = await postUpload(t.app, browser, { token, file });
      expect(envelope, JSON.stringify(change)).toMatchObject({ code: 403, errorCode: 'upload.tokenInvalid' });
    }
    const token = signUploadToken(t.deps.config.sessionSecret, sid, grant);
    expect((await postUpload(t.app, browser, { token, file })).envelope.code).toBe(1);
  });

  it('answers 401 to a visitor and refuses a post without the anti-forgery header', async () => {
    const owner = await memberWithToken();
    const file = { filename: 'a.png', data: pngImage() };
    expect((await postUpload(t.app, t.browser(), { token: owner.token, file })).envelope).toMatchObject({ code: 401 });
    expect((await postUpload(t.app, owner.browser, { token: owner.token, file, isForged: true })).envelope).toMatchObject({
      code: 403,
      errorCode: 'request.forged',
    });
  });

  it('asks for the token and the file when either is missing', async () => {
    const { browser, token } = await memberWithToken();
    expect((await postUpload(t.app, browser, { file: { filename: 'a.png', data: pngImage() } })).envelope).toMatchObject({ errorCode: 'upload.tokenMissing' });
    expect((await postUpload(t.app, browser, { token })).envelope).toMatchObject({ msg: '请选择要上传的图片', errorCode: 'upload.fileMissing' });
    const json = await browser.post(localUploadPath, { token });
    expect(json).toMatchObject({ code: 400, errorCode: 'upload.formInvalid' });
  });

  it('never lets a name in the form reach the disk: file names, field names and image addresses with ../ go nowhere', async () => {
    const { browser, userId, token } = await memberWithToken();
    const traversal = await postUpload(t.app, browser, { token, file: { filename: '../../../../tmp/evil.png', data: pngImage() } });
    expect(traversal.envelope.data?.key).toMatch(new RegExp(`^feedback/${userId}/[0-9a-f]{32}\\.png$`));
    const oddField = await postUpload(t.app, browser, { token, extraParts: [{ name: '../x', value: '1' }], file: { filename: 'a.png', data: pngImage() } });
    expect(oddField.envelope.code).toBe(1);
    const proto = await postUpload(t.app, browser, { token, extraParts: [{ name: '__proto__', value: '1' }], file: { filename: 'a.png', data: pngImage() } });
    expect(proto.envelope.data?.key).toMatch(new RegExp(`^feedback/${userId}/[0-9a-f]{32}\\.png$`));
    for (const url of [
      '/img/feedback/..%2F..%2Fpackage.json',
      '/img/feedback/%2e%2e/%2e%2e/package.json',
      `/img/feedback/${userId}/..%2F..%2F..%2Fpackage.json`,
      '/img/feedback/.incoming/x.part',
      `/img/feedback/${userId}/${'0'.repeat(32)}.png`,
      `/img/avatar/${userId}/${'0'.repeat(32)}.png`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('"name"');
    }
  });

  it('keeps the generated pictures where they were beside the stored ones', async () => {
    const { browser, token } = await memberWithToken('avatar');
    const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'me.png', data: pngImage() } });
    expect((await t.app.inject({ method: 'GET', url: envelope.data?.url ?? '' })).headers['content-type']).toBe('image/png');
    const generated = await t.app.inject({ method: 'GET', url: '/img/avatar/default.svg' });
    expect(generated.headers['content-type']).toContain('image/svg+xml');
    expect((await t.app.inject({ method: 'GET', url: '/img/package/sop-8.svg' })).statusCode).toBe(200);
  });
});
