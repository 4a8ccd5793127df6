import type { Logger } from 'pino';
import { wechatErrors } from '../../../contract/wechat.ts';
import type { WechatLoginConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * 微信开放平台 网站应用微信登录 (OAuth 2.0 authorization code): the browser goes to qrconnect, WeChat
 * sends it back to redirect_uri with ?code&state, the code buys an access_token with the openid and
 * unionid (sns/oauth2/access_token), and the token reads the nickname and avatar (sns/userinfo).
 */

export interface WechatIdentity {
  unionid: string;
  openid: string;
  nickname: string;
  headImgUrl: string;
}

/** WeChat's answers on failure: {errcode, errmsg}. */
const errcodes = { invalidCode: 40029, codeUsed: 40163 } as const;

const requestTimeoutMs = 5_000;

export function qrConnectUrl(config: WechatLoginConfig, request: { redirectUri: string; state: string }): string {
  const query = new URLSearchParams({
    appid: config.appId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state: request.state,
  });
  return `${config.openBase}/connect/qrconnect?${query.toString()}#wechat_redirect`;
}

async function getJson(url: string, logger: Logger): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(requestTimeoutMs) });
    // WeChat answers errors as HTTP 200 with errcode; anything else is an outage.
    if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) throw new Error('not a JSON object');
    return body as Record<string, unknown>;
  } catch (failure) {
    logger.warn({ err: failure, url: url.replace(/(secret|access_token|code)=[^&]*/g, '$1=…') }, 'WeChat did not answer');
    throw new AppError(wechatErrors.unavailable);
  }
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

function refusalOf(body: Record<string, unknown>, logger: Logger): AppError | null {
  const errcode = body.errcode;
  if (typeof errcode !== 'number' || errcode === 0) return null;
  if (errcode === errcodes.codeUsed) return new AppError(wechatErrors.codeUsed);
  if (errcode === errcodes.invalidCode) return new AppError(wechatErrors.codeInvalid);
  logger.warn({ errcode, errmsg: body.errmsg }, 'WeChat refused');
  return new AppError(wechatErrors.unavailable);
}

/** The code → the WeChat user. A code WeChat refuses (used, invalid) is an AppError of its own. */
export async function identityOfCode(config: WechatLoginConfig, code: string, logger: Logger): Promise<WechatIdentity> {
  const tokenQuery = new URLSearchParams({ appid: config.appId, secret: config.appSecret, code, grant_type: 'authorization_code' });
  const token = await getJson(`${config.apiBase}/sns/oauth2/access_token?${tokenQuery.toString()}`, logger);
  const tokenRefusal = refusalOf(token, logger);
  if (tokenRefusal) throw tokenRefusal;
  const accessToken = text(token, 'access_token');
  const openid = text(token, 'openid');
  if (!accessToken || !openid) {
    logger.warn({ fields: Object.keys(token) }, 'WeChat token answer without access_token or openid');
    throw new AppError(wechatErrors.unavailable);
  }
  const userQuery = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
  const user = await getJson(`${config.apiBase}/sns/userinfo?${userQuery.toString()}`, logger);
  const userRefusal = refusalOf(user, logger);
  if (userRefusal) throw userRefusal;
  // unionid comes with the token once the application belongs to an open-platform account; userinfo carries it too.
  const unionid = text(token, 'unionid') || text(user, 'unionid');
  if (!unionid) {
    logger.warn('WeChat gave no unionid: is the application bound to the open-platform account?');
    throw new AppError(wechatErrors.unavailable);
  }
  return { unionid, openid, nickname: text(user, 'nickname').slice(0, 64), headImgUrl: text(user, 'headimgurl').slice(0, 500) };
}
