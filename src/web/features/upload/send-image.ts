import { csrfCookieName, csrfHeaderName, isUnauthorizedCode, ResultCode } from '../../../contract/envelope.ts';
import {
  uploadErrors,
  uploadFileField,
  uploadMessages,
  uploadTokenField,
  uploadTokenHeader,
  type UploadedImage,
  type UploadToken,
} from '../../../contract/upload.ts';
import { ApiError, loginUrlFor, readCookie } from '../../lib/api-client.ts';

/**
 * One file to where the token says, with upload progress (fetch has none, so XMLHttpRequest).
 * The store's endpoint answers the envelope; Qiniu answers {key, hash} or an HTTP error, told
 * here in the store's words. Rejects with an ApiError carrying the message to show.
 */
export function sendImage(token: UploadToken, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.append(uploadTokenField, token.token);
    form.append(uploadFileField, file);
    request.open('POST', token.uploadUrl);
    if (token.provider === 'local') {
      request.setRequestHeader(csrfHeaderName, readCookie(csrfCookieName));
      request.setRequestHeader(uploadTokenHeader, token.token);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(token.provider === 'local' ? localAnswer(request) : qiniuAnswer(request, token));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(0, uploadMessages.failed, request.status));
      }
    };
    request.onerror = () => reject(new ApiError(0, uploadMessages.failed, 0));
    request.onabort = () => reject(new ApiError(0, '', 0));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parsed(request: XMLHttpRequest): unknown {
  try {
    return JSON.parse(request.responseText);
  } catch {
    return null;
  }
}

function localAnswer(request: XMLHttpRequest): UploadedImage {
  const body = parsed(request);
  if (request.status !== 200 || typeof body !== 'object' || body === null || !('code' in body)) throw new ApiError(0, uploadMessages.failed, request.status);
  const msg = 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
  const errorCode = 'errorCode' in body && typeof body.errorCode === 'string' ? body.errorCode : '';
  if (body.code === ResultCode.success && 'data' in body && isUploadedImage(body.data)) return body.data;
  if (typeof body.code === 'number' && isUnauthorizedCode(body.code)) window.location.href = loginUrlFor(window.location);
  throw new ApiError(typeof body.code === 'number' ? body.code : 0, msg || uploadMessages.failed, request.status, errorCode);
}

function isUploadedImage(value: unknown): value is UploadedImage {
  return typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string' && 'url' in value && typeof value.url === 'string';
}

/** Qiniu's refusals: 401 a token past its deadline, 413 the size limit, 403 naming the MIME type the type limit. */
function qiniuAnswer(request: XMLHttpRequest, token: UploadToken): UploadedImage {
  const body = parsed(request);
  if (request.status === 200 && typeof body === 'object' && body !== null && 'key' in body && typeof body.key === 'string') {
    return { key: body.key, url: `${token.urlPrefix}${body.key}` };
  }
  if (request.status === 401) throw new ApiError(ResultCode.badRequest, uploadErrors.tokenExpired.msg, request.status, uploadErrors.tokenExpired.errorCode);
  if (request.status === 413)
    throw new ApiError(ResultCode.badRequest, uploadMessages.tooLarge(token.maxBytes), request.status, uploadErrors.tooLarge.errorCode);
  const error = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : '';
  if (request.status === 403 && /mime/i.test(error))
    throw new ApiError(ResultCode.badRequest, uploadMessages.badType, request.status, uploadErrors.badType.errorCode);
  throw new ApiError(0, uploadMessages.failed, request.status);
}
