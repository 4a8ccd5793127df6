import { csrfCookieName, csrfHeaderName } from '../../src/contract/envelope.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { headerValues, type RawResponse, type Transport } from './transport.ts';

/** What a POST carries as its anti-forgery header: the session's own token, none, or a given one. */
export type TokenChoice = { kind: 'own' } | { kind: 'none' } | { kind: 'given'; value: string };

export interface PostOptions {
  /** Default application/json; null sends no content type at all. */
  contentType?: string | null;
  token?: TokenChoice;
}

/** Whether the answer sets the cookie (a new session, for sid). */
export function setsCookie(response: RawResponse, name: string): boolean {
  return headerValues(response, 'set-cookie').some((line) => line.startsWith(`${name}=`));
}

/** A browser stand-in over any transport: keeps its cookies, sends its anti-forgery token. */
export class BatteryClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly transport: Transport,
    readonly label: string,
    readonly remoteAddress?: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get sid(): string | undefined {
    return this.cookies.get(sessionCookieName);
  }

  get csrfToken(): string | undefined {
    return this.cookies.get(csrfCookieName);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: RawResponse) {
    for (const line of headerValues(response, 'set-cookie')) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (isExpired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<RawResponse> {
    const response = await this.transport({ method: 'GET', path, headers: { cookie: this.cookieHeader() }, remoteAddress: this.remoteAddress });
    this.remember(response);
    return response;
  }

  /** Visits a page when the client has no session yet, as a browser would before its first call. */
  async ensureSession(): Promise<void> {
    if (!this.csrfToken || !this.sid) await this.get('/');
    if (!this.csrfToken || !this.sid) throw new Error(`${this.label}: the store set no sid and csrfToken cookies on GET /`);
  }

  async post(path: string, body: string | Buffer, options: PostOptions = {}): Promise<RawResponse> {
    await this.ensureSession();
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    const token = options.token ?? { kind: 'own' };
    if (token.kind === 'own') headers[csrfHeaderName] = this.csrfToken ?? '';
    if (token.kind === 'given') headers[csrfHeaderName] = token.value;
    const response = await this.transport({ method: 'POST', path, headers, body, remoteAddress: this.remoteAddress });
    this.remember(response);
    return response;
  }

  /** Posts JSON and reads the envelope, for the battery's own set-up calls. */
  async postJson(path: string, body: unknown): Promise<{ code: number; msg: string; data: unknown; errorCode?: string }> {
    const response = await this.post(path, JSON.stringify(body));
    if (response.status !== 200) throw new Error(`${this.label}: HTTP ${response.status} from ${path}: ${response.body.slice(0, 300)}`);
    return JSON.parse(response.body) as { code: number; msg: string; data: unknown; errorCode?: string };
  }
}
