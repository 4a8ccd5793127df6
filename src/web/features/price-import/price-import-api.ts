import { ResultCode, type Envelope } from '../../../contract/envelope.ts';
import { priceImportUploadPath, type PriceImportUploadView } from '../../../contract/price-import.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffLoginPath } from '../../../contract/staff.ts';
import { ApiError, readCookie } from '../../lib/api-client.ts';

/** Sends the price list as multipart (field `file`) with the console's anti-forgery header. */
export async function uploadPriceListFile(file: File): Promise<PriceImportUploadView> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(priceImportUploadPath, {
      method: 'POST',
      headers: { [staffCsrfHeaderName]: readCookie(staffCsrfCookieName) },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, '网络异常，请稍后重试', 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<PriceImportUploadView> | null;
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(response.status, '服务器繁忙，请稍后再试', response.status);
  if (envelope.code === ResultCode.success && envelope.data) return envelope.data;
  if (envelope.code === ResultCode.unauthorized) window.location.href = `${staffLoginPath}?return=${encodeURIComponent(window.location.pathname)}`;
  throw new ApiError(envelope.code, envelope.msg, response.status, envelope.errorCode);
}

export function failureMessage(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : fallback;
}
