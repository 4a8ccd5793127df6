import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import type { MemberUploadPurpose } from '../../../contract/upload.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp, type UsedTestApp } from '../../testing/use-test-app.ts';
import { claimUploads } from './upload.service.ts';
import { jpegImage, pngImage, postUpload } from './testing/upload-test-kit.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'upload-claims-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const qiniuEnv = {
  QINIU_ACCESS_KEY: 'test-access-key',
  QINIU_SECRET_KEY: 'test-secret-key',
  QINIU_BUCKET: 'xinpin-images',
  QINIU_UPLOAD_URL: 'https://up-z2.qiniup.com',
  QINIU_DOMAIN: 'https://img.example.com',
};
const notOwned = { errorCode: 'upload.notOwned', msg: '图片不存在或已失效，请重新上传' };
/** A key as Qiniu's saveKey makes it: the content's etag (28 base64url characters) and the extension. */
const qiniuName = (extension = 'jpg') => `Fq2SBbN8GZ1nVd7ax_Kc-aH0mEwL.${extension}`;

async function uploadAs(t: UsedTestApp<undefined>, browser: TestBrowser, purpose: MemberUploadPurpose, data = pngImage()): Promise<string> {
  const { token } = await browser.callOk(uploadCalls.getQiniuToken, { purpose });
  const { envelope } = await postUpload(t.app, browser, { token, file: { filename: 'photo.png', data } });
  if (!envelope.data) throw new Error(`upload refused: ${envelope.msg}`);
  return envelope.data.key;
}

describe('claimUploads with the store’s own uploads', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });
  const deps = () => ({ db: t.db.kysely, config: t.deps.config });

  it('claims the member’s own uploads of the purpose, in the order given, once each, and marks them', async () => {
    const { browser, userId } = await t.member();
    const first = await uploadAs(t, browser, 'feedback');
    const second = await uploadAs(t, browser, 'feedback', jpegImage);
    const before = Date.now();
    const claimed = await claimUploads(deps(), { userId, purpose: 'feedback', keys: [second, first, second] });
    expect(claimed).toEqual([
      expect.objectContaining({
        key: second,
        userId,
        purpose: 'feedback',
        provider: 'local',
        bytes: jpegImage.length,
        mime: 'image/jpeg',
        url: `/img/${second}`,
      }),
      expect.objectContaining({ key: first, mime: 'image/png', bytes: pngImage().length, url: `/img/${first}` }),
    ]);
    const rows = await t.db.kysely.selectFrom('uploads').select(['key', 'claimedAt']).where('userId', '=', userId).execute();
    expect(rows.every((row) => row.claimedAt !== null && row.claimedAt >= before)).toBe(true);
    expect(await claimUploads(deps(), { userId, purpose: 'feedback', keys: [] })).toEqual([]);
  });

  it('refuses another member’s upload, so nobody attaches someone else’s file', async () => {
    const owner = await t.member();
    const key = await uploadAs(t, owner.browser, 'feedback');
    const other = await t.member();
    const ownKey = await uploadAs(t, other.browser, 'feedback');
    await expect(claimUploads(deps(), { userId: other.userId, purpose: 'feedback', keys: [ownKey, key] })).rejects.toMatchObject(notOwned);
    const ownerRow = await t.db.kysely.selectFrom('uploads').select('claimedAt').where('key', '=', key).executeTakeFirstOrThrow();
    expect(ownerRow.claimedAt).toBeNull();
  });

  it('refuses the member’s own upload made for another purpose', async () => {
    const { browser, userId } = await t.member();
    const avatar = await uploadAs(t, browser, 'avatar');
    await expect(claimUploads(deps(), { userId, purpose: 'feedback', keys: [avatar] })).rejects.toMatchObject(notOwned);
    expect(await claimUploads(deps(), { userId, purpose: 'avatar', keys: [avatar] })).toHaveLength(1);
  });

  it('refuses keys never uploaded: made up, with ../, or shaped like a Qiniu key when Qiniu is not used', async () => {
    const { userId } = await t.member();
    for (const key of [
      `feedback/${userId}/${'a'.repeat(32)}.png`,
      `feedback/${userId}/../../../etc/passwd`,
      `../feedback/${userId}/x.png`,
      `feedback/${userId}/${qiniuName()}`,
      '',
    ]) {
      await expect(claimUploads(deps(), { userId, purpose: 'feedback', keys: [key] }), key).rejects.toMatchObject(notOwned);
    }
  });
});

describe('claimUploads with Qiniu', () => {
  const t = useTestApp({ app: { env: { ...qiniuEnv, UPLOAD_DIR: uploadDir } } });
  const deps = () => ({ db: t.db.kysely, config: t.deps.config });

  it('accepts a key the member’s token for the purpose could make, and records it', async () => {
    const { userId } = await t.member();
    const key = `feedback/${userId}/${qiniuName()}`;
    const [claimed] = await claimUploads(deps(), { userId, purpose: 'feedback', keys: [key] });
    expect(claimed).toMatchObject({
      key,
      userId,
      purpose: 'feedback',
      provider: 'qiniu',
      bytes: null,
      mime: 'image/jpeg',
      url: `https://img.example.com/${key}`,
    });
    const row = await t.db.kysely.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId, purpose: 'feedback', provider: 'qiniu' });
    expect(row.claimedAt).not.toBeNull();
    expect(await claimUploads(deps(), { userId, purpose: 'feedback', keys: [key] })).toEqual([claimed]);
  });

  it('refuses keys outside the member’s prefix for the purpose, of other types, or local-shaped and never stored', async () => {
    const { userId } = await t.member();
    const other = await t.member();
    for (const key of [
      `feedback/${other.userId}/${qiniuName()}`,
      `avatar/${userId}/${qiniuName()}`,
      `feedback/${userId}/${qiniuName('svg')}`,
      `feedback/${userId}/${qiniuName('pdf')}`,
      `feedback/${userId}/sub/${qiniuName()}`,
      `feedback/${userId}/../${other.userId}/${qiniuName()}`,
      `feedback/${userId}/${'b'.repeat(32)}.png`,
    ]) {
      await expect(claimUploads(deps(), { userId, purpose: 'feedback', keys: [key] }), key).rejects.toMatchObject(notOwned);
    }
  });

  it('still takes the member’s local uploads made before Qiniu was configured', async () => {
    const { userId } = await t.member();
    const key = `feedback/${userId}/${'c'.repeat(32)}.png`;
    await t.db.kysely
      .insertInto('uploads')
      .values({ key, userId, purpose: 'feedback', provider: 'local', bytes: 68, mime: 'image/png', createdAt: Date.now(), claimedAt: null })
      .execute();
    const [claimed] = await claimUploads(deps(), { userId, purpose: 'feedback', keys: [key] });
    expect(claimed?.url).toBe(`/img/${key}`);
  });
});
