/** Every API answer: HTTP 200 with {code, data, msg}; a failure adds its machine-readable errorCode (`cart.full`). */
export interface Envelope<T> {
  code: number;
  data: T | null;
  msg: string;
  errorCode?: string;
  /** On the store's own failures (code 500, 503): the request's id, for support and the logs. */
  requestId?: string;
}

export const ResultCode = {
  success: 1,
  /** Member call without a session; the browser goes to the login page. */
  unauthorized: 401,
  unauthorizedLegacy: 4001,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  internal: 500,
  /** The database or another service is briefly unavailable: try again later. */
  unavailable: 503,
} as const;

export function isUnauthorizedCode(code: number): boolean {
  return code === ResultCode.unauthorized || code === ResultCode.unauthorizedLegacy;
}

export const csrfCookieName = 'csrfToken';
export const csrfHeaderName = 'x-csrf-token';
