import { ResultCode } from './envelope.ts';

/**
 * A failure a user can meet: the envelope's numeric `code`, a stable machine-readable
 * `errorCode` (`cart.full`) that programs and tests key on, and the Chinese `msg` shown.
 */
export interface ErrorDefinition {
  readonly code: number;
  readonly errorCode: string;
  readonly msg: string;
}

type ErrorTable = Record<string, { code: number; msg: string }>;

/** A domain's failures: each entry's errorCode is `<domain>.<key>`. */
export function defineErrors<const Table extends ErrorTable>(domain: string, table: Table): { readonly [Key in keyof Table]: ErrorDefinition } {
  return Object.fromEntries(Object.entries(table).map(([key, entry]) => [key, { ...entry, errorCode: `${domain}.${key}` }])) as {
    readonly [Key in keyof Table]: ErrorDefinition;
  };
}

/** Failures of the request itself, before any domain rule. */
export const requestErrors = defineErrors('request', {
  invalid: { code: ResultCode.badRequest, msg: '请求参数有误' },
  malformed: { code: ResultCode.badRequest, msg: '请求内容不是有效的 JSON' },
  notJson: { code: ResultCode.badRequest, msg: '请求格式有误，请以 JSON 提交' },
  tooLarge: { code: ResultCode.badRequest, msg: '提交的内容过大' },
  empty: { code: ResultCode.badRequest, msg: '请求内容不能为空' },
  badLength: { code: ResultCode.badRequest, msg: '请求长度有误' },
  badUrl: { code: ResultCode.badRequest, msg: '请求地址有误' },
  headersTooLarge: { code: ResultCode.badRequest, msg: '请求头过大，请清除本站 Cookie 后重试' },
  timedOut: { code: ResultCode.badRequest, msg: '请求超时，请重试' },
  unparsable: { code: ResultCode.badRequest, msg: '请求格式有误' },
  unknownCall: { code: ResultCode.notFound, msg: '接口不存在' },
  forged: { code: ResultCode.forbidden, msg: '页面已过期，请刷新页面后重试' },
  loginRequired: { code: ResultCode.unauthorized, msg: '请先登录' },
  tooFrequent: { code: ResultCode.tooManyRequests, msg: '操作过于频繁，请稍后再试' },
  notFound: { code: ResultCode.notFound, msg: '您访问的内容不存在' },
  internal: { code: ResultCode.internal, msg: '服务器繁忙，请稍后再试' },
  unavailable: { code: ResultCode.unavailable, msg: '服务暂时不可用，请稍后重试' },
  busy: { code: ResultCode.unavailable, msg: '系统繁忙，请稍后重试' },
  storageFailed: { code: ResultCode.unavailable, msg: '服务器存储异常，本次操作未保存，请稍后重试' },
});
