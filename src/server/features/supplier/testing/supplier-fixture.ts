import { SendMsgType } from '../../../../contract/account.ts';
import type { MemberUploadPurpose } from '../../../../contract/upload.ts';
import { uploadCalls } from '../../../../contract/upload-calls.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import type { UsedTestApp } from '../../../testing/use-test-app.ts';
import { sendCode } from '../../account/account.test-helpers.ts';
import { pdfDocument, pngImage, postUpload } from '../../upload/testing/upload-test-kit.ts';

/** A document uploaded through the store's own endpoint, as the page does: its key. */
export async function uploadDocument(
  t: Pick<UsedTestApp<unknown>, 'app'>,
  browser: TestBrowser,
  file: { filename: string; data: Buffer } = { filename: 'licence.pdf', data: pdfDocument },
  purpose: MemberUploadPurpose = 'supplierDocument',
): Promise<string> {
  const { token } = await browser.callOk(uploadCalls.getQiniuToken, { purpose });
  const { envelope } = await postUpload(t.app, browser, { token, file });
  if (!envelope.data) throw new Error(`upload refused: ${envelope.msg}`);
  return envelope.data.key;
}

export const licencePicture = { filename: 'licence.png', data: pngImage(4, 4) };

/** A supplier SMS code sent to the phone: the code. */
export function sendSupplierCode(t: UsedTestApp<unknown>, browser: TestBrowser, phone: string): Promise<string> {
  return sendCode(t, browser, phone, SendMsgType.supplier);
}

/** Valid credit codes (GB 32100-2015) for tests. */
export const validCreditCodes = ['91350100M000100Y43', '9144030071526726XG', '91330100799655058B', '914403001922038216'] as const;
