import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallBody, CallResponse } from '../../../../contract/call.ts';
import type { Envelope } from '../../../../contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffLoginPath, type StaffRole } from '../../../../contract/staff.ts';
import { auditDeskCalls, staffAuthCalls, type AnyStaffCall } from '../../../../contract/staff-calls.ts';
import type { Database } from '../../../db/database.ts';
import { createStaffUser } from '../staff.service.ts';
import { totpCodeAt } from '../staff-totp.ts';

/** A browser of the console: keeps its cookies and sends the staff anti-forgery header like callStaffApi. */
export class StaffBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() }, remoteAddress: this.ip });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  /** POSTs to a console path, visiting the login page first when there is no token yet. */
  async post(url: string, body: unknown, token = this.cookies.get(staffCsrfCookieName)): Promise<Envelope<unknown>> {
    if (token === undefined) {
      await this.get(staffLoginPath);
      token = this.cookies.get(staffCsrfCookieName);
    }
    const response = await this.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: this.cookieHeader(), [staffCsrfHeaderName]: token ?? '' },
      remoteAddress: this.ip,
    });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response.json<Envelope<unknown>>();
  }

  /** 操作日志's search, which must succeed. */
  async callOkSearch(query: CallBody<typeof auditDeskCalls.search>) {
    const answer = await this.call(auditDeskCalls.search, query);
    if (answer.code !== 1 || !answer.data) throw new Error(JSON.stringify(answer));
    return answer.data;
  }

  async call<C extends AnyStaffCall>(call: C, body: CallBody<C>): Promise<Envelope<CallResponse<C>>> {
    return (await this.post(call.path, body)) as Envelope<CallResponse<C>>;
  }
}

let staffSerial = 0;

/** A staff account made as the command line makes it, with its password and TOTP secret. */
export async function createTestStaff(db: Kysely<Database>, role: StaffRole = 'admin', displayName = '测试员工') {
  staffSerial += 1;
  const login = `staff${staffSerial}_${role}`;
  const password = `Passw0rd${staffSerial}xyz`;
  const { id, totp } = await createStaffUser(db, { login, displayName, role, password });
  return { id, login, password, secret: totp.secret, displayName, role };
}

/** The code the authenticator shows now, or `stepsLater` time steps later (a fresh, unused code). */
export function currentCode(secret: string, stepsLater = 0): Promise<string> {
  return totpCodeAt(secret, Math.floor(Date.now() / 1000) + stepsLater * 30);
}

/** A console browser signed in as a new staff member of `role`. */
export async function signedInStaff(app: FastifyInstance, db: Kysely<Database>, role: StaffRole = 'admin') {
  const staff = await createTestStaff(db, role);
  const browser = new StaffBrowser(app);
  const answer = await browser.call(staffAuthCalls.login, { login: staff.login, password: staff.password, code: await currentCode(staff.secret) });
  if (answer.code !== 1) throw new Error(`staff login failed: ${JSON.stringify(answer)}`);
  return { ...staff, browser };
}
