import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { jpegImage, pdfDocument, pngImage, pngOfSize, postUpload, svgImage, windowsProgram } from './testing/upload-test-kit.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'upload-documents-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const megabyte = 1024 * 1024;

/** A PDF of exactly `bytes`: a real header, then padding in a comment. */
function pdfOfSize(bytes: number): Buffer {
  return Buffer.concat([pdfDocument, Buffer.alloc(bytes - pdfDocument.length, 0x20)]);
}

describe('supplier documents (upload purpose supplierDocument)', () => {
  const t = useTestApp({ app: { env: { UPLOAD_DIR: uploadDir } } });

  async function memberWithToken(purpose: 'supplierDocument' | 'feedback' = 'supplierDocument') {
    const member = await t.member();
    const token = await member.browser.callOk(uploadCalls.getQiniuToken, { purpose });
    return { ...member, token };
  }

  it('hands out a token for the member’s supplier prefix, 10 MB, images and PDF', async () => {
    const { token, userId } = await memberWithToken();
    expect(token).toMatchObject({
      keyPrefix: `supplier/${String(userId)}/`,
      maxBytes: 10 * megabyte,
      accept: ['image/bmp', 'image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    });
  });

  it('takes a PDF and pictures by their content, whatever their names say', async () => {
    const { browser, token } = await memberWithToken();
    for (const [data, filename, extension] of [
      [pdfDocument, 'licence.pdf', 'pdf'],
      [pdfDocument, 'licence.png', 'pdf'],
      [pngImage(3, 3), 'scan.pdf', 'png'],
      [jpegImage, 'scan.jpg', 'jpg'],
    ] as const) {
      const { envelope } = await postUpload(t.app, browser, { token: token.token, file: { filename, data } });
      expect(envelope).toMatchObject({ code: 1 });
      expect(envelope.data?.key).toMatch(new RegExp(`^supplier/\\d+/[0-9a-f]{32}\\.${extension}$`));
    }
  });

  it('refuses other types in the words of files, and a PDF for after-sales photos in the words of pictures', async () => {
    const { browser, token, userId } = await memberWithToken();
    for (const data of [svgImage, windowsProgram, Buffer.from('营业执照.docx 的内容')]) {
      const { envelope } = await postUpload(t.app, browser, { token: token.token, file: { filename: 'licence.pdf', data, contentType: 'application/pdf' } });
      expect(envelope).toMatchObject({ code: 400, msg: '文件格式仅支持 bmp、jpg、png、webp、pdf', errorCode: 'upload.badType' });
    }
    expect(await t.db.kysely.selectFrom('uploads').select('key').where('userId', '=', userId).execute()).toEqual([]);
    const feedback = await memberWithToken('feedback');
    const { envelope } = await postUpload(t.app, feedback.browser, { token: feedback.token.token, file: { filename: 'photo.pdf', data: pdfDocument } });
    expect(envelope).toMatchObject({ code: 400, msg: '图片格式仅支持 bmp、jpg、png、webp', errorCode: 'upload.badType' });
  });

  it('takes 10 MB and refuses 10 MB + 1 byte', async () => {
    const { browser, token } = await memberWithToken();
    expect((await postUpload(t.app, browser, { token: token.token, file: { filename: 'big.pdf', data: pdfOfSize(10 * megabyte) } })).envelope.code).toBe(1);
    const over = await postUpload(t.app, browser, { token: token.token, file: { filename: 'big.png', data: pngOfSize(10 * megabyte + 1) } });
    expect(over.envelope).toMatchObject({ code: 400, msg: '文件不能超过 10MB', errorCode: 'upload.tooLarge' });
  });

  it('serves a stored PDF as a download, never as a page of the store', async () => {
    const { browser, token } = await memberWithToken();
    const { envelope } = await postUpload(t.app, browser, { token: token.token, file: { filename: 'licence.pdf', data: pdfDocument } });
    expect(envelope.code).toBe(1);
    const response = await t.browser().get(envelope.data?.url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(pdfDocument)).toBe(true);
  });
});
