import sharp from 'sharp';
import { expect } from 'vitest';
import { uploadCalls } from '../../../contract/upload-calls.ts';
import type { TestApp, TestBrowser } from '../../testing/test-app.ts';
import { postUpload } from '../upload/testing/upload-test-kit.ts';

/** Uploads a picture with an 'avatar' token, as the profile page does; returns its key. */
export async function uploadAvatarFile(t: TestApp, browser: TestBrowser, data: Buffer, filename = 'me.png'): Promise<string> {
  const token = await browser.callOk(uploadCalls.getQiniuToken, { purpose: 'avatar' });
  const { envelope } = await postUpload(t.app, browser, { token: token.token, file: { filename, data } });
  expect(envelope).toMatchObject({ code: 1 });
  if (!envelope.data) throw new Error('upload answered no key');
  return envelope.data.key;
}

/** A PNG in three vertical bands, red | green | blue: its centred square is all green. */
export async function threeBandPng(width = 300, height = 100): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x * 3) / width);
      pixels.set(band === 0 ? [255, 0, 0] : band === 1 ? [0, 255, 0] : [0, 0, 255], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The RGB of one pixel of an image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}
