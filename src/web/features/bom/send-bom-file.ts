import { bomFileExtensions, bomLimits, bomMessages, bomUploadPath, type BomSheet } from '../../../contract/bom.ts';
import { csrfCookieName, csrfHeaderName, ResultCode } from '../../../contract/envelope.ts';
import { ApiError, readCookie } from '../../lib/api-client.ts';

const acceptedExtensions = bomFileExtensions.map((extension) => `.${extension}`);

/** For the file input's accept attribute. */
export const bomFileAccept = acceptedExtensions.join(',');

/** Why a chosen file cannot be sent, in the server's words, or ''. */
export function bomFileProblem(file: Pick<File, 'name' | 'size'>): string {
  const name = file.name.toLowerCase();
  if (!acceptedExtensions.some((extension) => name.endsWith(extension))) return bomMessages.fileType;
  if (file.size > bomLimits.fileBytesMax) return bomMessages.fileTooLarge;
  if (file.size === 0) return bomMessages.fileEmpty;
  return '';
}

function isSheet(value: unknown): value is BomSheet {
  return typeof value === 'object' && value !== null && 'headers' in value && Array.isArray(value.headers) && 'rows' in value && Array.isArray(value.rows);
}

/**
 * The file as multipart (field `file`) with the anti-forgery header; the store reads it into a
 * sheet. Rejects with an ApiError whose msg is the message to show.
 */
export async function sendBomFile(file: File, signal?: AbortSignal): Promise<BomSheet> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(bomUploadPath, {
      method: 'POST',
      headers: { [csrfHeaderName]: readCookie(csrfCookieName) },
      body: form,
      credentials: 'same-origin',
      signal,
    });
  } catch {
    throw new ApiError(0, '上传失败，请检查网络后重试', 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An answer that is not the envelope (a proxy's 413 page): told below by its status.
  }
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number') {
    if (body.code === ResultCode.success && 'data' in body && isSheet(body.data)) return body.data;
    const msg = 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
    const errorCode = 'errorCode' in body && typeof body.errorCode === 'string' ? body.errorCode : '';
    throw new ApiError(body.code, msg || bomMessages.fileUnreadable, response.status, errorCode);
  }
  if (response.status === 413) throw new ApiError(response.status, bomMessages.fileTooLarge, response.status);
  throw new ApiError(response.status, bomMessages.fileUnreadable, response.status);
}
