import type { CallBody, CallResponse } from '../../../contract/call.ts';
import { ResultCode, type Envelope } from '../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffLoginPath } from '../../../contract/staff.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { uploadFileField } from '../../../contract/upload.ts';
import { ApiError, readCookie } from '../../lib/api-client.ts';

/** Sends a console request with the staff anti-forgery header and reads the envelope; 401 → the console's login page. */
async function staffRequest(path: string, init: { body: BodyInit; contentType?: string }): Promise<{ envelope: Envelope<unknown>; status: number }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { ...(init.contentType ? { 'content-type': init.contentType } : {}), [staffCsrfHeaderName]: readCookie(staffCsrfCookieName) },
      body: init.body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, '网络异常，请稍后重试', 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(response.status, '服务器繁忙，请稍后再试', response.status);
  if (envelope.code === ResultCode.unauthorized) window.location.href = `${staffLoginPath}?return=${encodeURIComponent(window.location.pathname)}`;
  if (envelope.code !== ResultCode.success) throw new ApiError(envelope.code, envelope.msg, response.status, envelope.errorCode);
  return { envelope, status: response.status };
}

/** The console's request layer: POST JSON with the staff anti-forgery header; 401 → the console's login page. */
export async function callStaffApi<C extends AnyStaffCall>(call: C, body: CallBody<C>): Promise<CallResponse<C>> {
  const { envelope } = await staffRequest(call.path, { body: JSON.stringify(body), contentType: 'application/json' });
  return envelope.data as CallResponse<C>;
}

/** Sends one file as multipart (field `file`) to a console path, as callStaffApi does JSON; its answer must carry data. */
export async function sendStaffFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append(uploadFileField, file, file.name);
  const { envelope, status } = await staffRequest(path, { body: form });
  if (envelope.data === null || envelope.data === undefined) throw new ApiError(envelope.code, '', status);
  return envelope.data as T;
}

/** The server's message of a failed console request, or `fallback` when it gave none. */
export function failureMessage(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : fallback;
}
