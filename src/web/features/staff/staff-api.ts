import type { CallBody, CallResponse } from '../../../contract/call.ts';
import { ResultCode, type Envelope } from '../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffLoginPath } from '../../../contract/staff.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { ApiError, readCookie } from '../../lib/api-client.ts';

/** The console's request layer: POST JSON with the staff anti-forgery header; 401 → the console's login page. */
export async function callStaffApi<C extends AnyStaffCall>(call: C, body: CallBody<C>): Promise<CallResponse<C>> {
  let response: Response;
  try {
    response = await fetch(call.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [staffCsrfHeaderName]: readCookie(staffCsrfCookieName) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, '网络异常，请稍后重试', 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(response.status, '服务器繁忙，请稍后再试', response.status);
  if (envelope.code === ResultCode.success) return envelope.data as CallResponse<C>;
  if (envelope.code === ResultCode.unauthorized) window.location.href = `${staffLoginPath}?return=${encodeURIComponent(window.location.pathname)}`;
  throw new ApiError(envelope.code, envelope.msg, response.status, envelope.errorCode);
}
