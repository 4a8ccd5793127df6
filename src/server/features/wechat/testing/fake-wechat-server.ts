import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for 微信开放平台's website login, for tests: /connect/qrconnect approves at
 * once (as if the user scanned and pressed 允许) and sends the browser to redirect_uri?code&state;
 * /sns/oauth2/access_token takes each code once (40163 after, 40029 for an unknown one);
 * /sns/userinfo describes the user. POST /__fake/next-identity chooses who the next approval is.
 */

export interface FakeWechatIdentity {
  unionid: string;
  openid?: string;
  nickname?: string;
}

export interface FakeWechatServer {
  /** http://127.0.0.1:<port>, no trailing slash: both WECHAT_OPEN_BASE and WECHAT_API_BASE. */
  url: string;
  /** The next approval's WeChat user (default: a new one each time). */
  setNextIdentity(identity: FakeWechatIdentity): void;
  /** Refuse the next approval (the user pressed 拒绝): redirect with the state only. */
  denyNext(): void;
  close(): Promise<void>;
}

export const fakeWechatApp = { appId: 'wxfake0000000001', appSecret: 'fake-wechat-app-secret-0001' } as const;

interface Grant {
  identity: Required<FakeWechatIdentity>;
  isUsed: boolean;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (body: unknown): Answer => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
const text = (status: number, body: string): Answer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body });

export async function startFakeWechatServer(options: { port?: number; appId?: string; appSecret?: string } = {}): Promise<FakeWechatServer> {
  const appId = options.appId ?? fakeWechatApp.appId;
  const appSecret = options.appSecret ?? fakeWechatApp.appSecret;
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Required<FakeWechatIdentity>>();
  let next: FakeWechatIdentity | null = null;
  let isNextDenied = false;
  let counter = 0;

  function approvedIdentity(): Required<FakeWechatIdentity> {
    counter += 1;
    const chosen = next ?? { unionid: `o6_union_${randomBytes(6).toString('hex')}` };
    next = null;
    return { unionid: chosen.unionid, openid: chosen.openid ?? `oFake_${chosen.unionid}`, nickname: chosen.nickname ?? `微信用户${String(counter)}` };
  }

  function handle(request: IncomingMessage, body: string): Answer {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const query = url.searchParams;
    if (url.pathname === '/healthz') return json({ ok: true });
    if (request.method === 'POST' && url.pathname === '/__fake/next-identity') {
      next = JSON.parse(body) as FakeWechatIdentity;
      return json({ ok: true });
    }
    if (url.pathname === '/connect/qrconnect') {
      const redirectUri = query.get('redirect_uri') ?? '';
      if (query.get('appid') !== appId || query.get('scope') !== 'snsapi_login' || query.get('response_type') !== 'code' || !/^https?:\/\//.test(redirectUri)) {
        return text(400, '参数错误');
      }
      const target = new URL(redirectUri);
      if (isNextDenied) isNextDenied = false;
      else {
        const code = randomBytes(16).toString('hex');
        grants.set(code, { identity: approvedIdentity(), isUsed: false });
        target.searchParams.set('code', code);
      }
      target.searchParams.set('state', query.get('state') ?? '');
      return { status: 302, headers: { location: target.href }, body: '' };
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (query.get('appid') !== appId || query.get('secret') !== appSecret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const grant = grants.get(query.get('code') ?? '');
      if (!grant) return json({ errcode: 40029, errmsg: 'invalid code' });
      if (grant.isUsed) return json({ errcode: 40163, errmsg: 'code been used' });
      grant.isUsed = true;
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.identity);
      const { openid, unionid } = grant.identity;
      return json({ access_token: accessToken, expires_in: 7200, refresh_token: randomBytes(16).toString('hex'), openid, scope: 'snsapi_login', unionid });
    }
    if (url.pathname === '/sns/userinfo') {
      const identity = tokens.get(query.get('access_token') ?? '');
      const invalidCredential = { errcode: 40001, errmsg: 'invalid credential' };
      if (!identity) return json(invalidCredential);
      if (identity.openid !== query.get('openid')) return json(invalidCredential);
      const { openid, unionid, nickname } = identity;
      return json({ openid, nickname, sex: 0, province: '', city: '', country: 'CN', headimgurl: '', privilege: [], unionid });
    }
    return text(404, 'not found');
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handle(request, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    setNextIdentity(identity) {
      next = identity;
    },
    denyNext() {
      isNextDenied = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The environment that points the app at a fake. */
export function fakeWechatEnv(url: string): Record<string, string> {
  return { WECHAT_APP_ID: fakeWechatApp.appId, WECHAT_APP_SECRET: fakeWechatApp.appSecret, WECHAT_OPEN_BASE: url, WECHAT_API_BASE: url };
}
