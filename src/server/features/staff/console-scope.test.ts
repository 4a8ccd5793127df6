import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaffCallTable } from '../../../../battery/lib/call-table.ts';
import { adminInvoiceFilePath } from '../../../contract/console/orders.ts';
import { adminProductImageUploadPath } from '../../../contract/console/products.ts';
import { contentDeskPaths } from '../../../contract/console/content.ts';
import { csrfCookieName, csrfHeaderName } from '../../../contract/envelope.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { priceImportUploadPath } from '../../../contract/price-import.ts';
import { staffCsrfCookieName, staffCsrfHeaderName, staffErrors, staffSessionCookieName } from '../../../contract/staff.ts';
import { auditDeskCalls, staffAuthCalls } from '../../../contract/staff-calls.ts';
import { buildApp } from '../../app.ts';
import { sessionCookieName } from '../../http/session.ts';
import { signIn } from '../../testing/factories.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { FeatureRegistration } from '../feature-registration.ts';
import { consoleRoute } from './staff-access.ts';
import { registerStaffFeature } from './staff.feature.ts';
import { signedInStaff, StaffBrowser } from './testing/staff-browser.ts';

/** The console (/admin) and the shop are sibling Fastify scopes: each has its own session, token and access rule, and neither reads the other's. */
describe("the console's own scope", () => {
  const t = useTestApp();

  async function rowCounts(): Promise<Record<string, number>> {
    const tables = (await t.db.kysely.introspection.getTables()).map((table) => table.name).sort();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(t.db.kysely);
      counts[table] = Number(row.rows[0]?.count ?? 0);
    }
    return counts;
  }

  function postJson(url: string, cookie: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json', cookie, ...headers } });
  }

  function postFile(url: string, cookie: string, headers: Record<string, string>) {
    const boundary = 'xinpinboundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot really a png\r\n--${boundary}--\r\n`;
    return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, ...headers } });
  }

  const isForged = (response: LightMyRequestResponse) => response.json<{ errorCode?: string }>().errorCode === staffErrors.forged.errorCode;

  it("refuses every console call and upload without the staff token, with another session's, or with the member's token: nothing changes", async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const other = await signedInStaff(t.app, t.db.kysely, 'admin');
    const member = await t.member();
    const adminCookies = admin.browser.cookieHeader();
    const memberToken = member.browser.cookie(csrfCookieName) ?? '';
    const bothCookies = `${adminCookies}; ${member.browser.cookieHeader()}`;
    const otherToken = other.browser.cookies.get(staffCsrfCookieName) ?? '';
    const wrongs: { cookie: string; headers: Record<string, string> }[] = [
      { cookie: adminCookies, headers: {} },
      { cookie: adminCookies, headers: { [staffCsrfHeaderName]: otherToken } },
      { cookie: bothCookies, headers: { [csrfHeaderName]: memberToken, [staffCsrfHeaderName]: memberToken } },
    ];
    const calls = await loadStaffCallTable();
    expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/admin/api/orders/list', '/admin/api/content/saveBanner']));
    const before = await rowCounts();

    const unrefused: string[] = [];
    for (const path of [...calls.map((call) => call.path), staffAuthCalls.login.path, staffAuthCalls.logout.path]) {
      for (const wrong of wrongs) if (!isForged(await postJson(path, wrong.cookie, wrong.headers))) unrefused.push(path);
    }
    for (const path of [adminInvoiceFilePath, adminProductImageUploadPath, contentDeskPaths.uploadImage, priceImportUploadPath]) {
      for (const wrong of wrongs) if (!isForged(await postFile(path, wrong.cookie, wrong.headers))) unrefused.push(path);
    }
    expect(unrefused).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    // The same browser with its token is served.
    expect((await admin.browser.call(auditDeskCalls.search, { page: 1, pageSize: 10, filters: {} })).code).toBe(1);
  });

  it("does not open the console to a member's session: its pages send to the console's login, its calls answer 401, and no member cookie is set under /admin", async () => {
    const member = await t.member();
    const page = await member.browser.get('/admin/orders');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/admin/login?return=%2Fadmin%2Forders');
    expect(page.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookieName);

    const login = await member.browser.get('/admin/login');
    expect(login.statusCode).toBe(200);
    expect(login.cookies.map((cookie) => cookie.name).sort()).toEqual([staffCsrfCookieName, staffSessionCookieName].sort());
    // The member's cookies and a staff token of the browser's anonymous staff sid: a visitor to the console.
    const answer = await postJson(auditDeskCalls.search.path, member.browser.cookieHeader(), {
      [staffCsrfHeaderName]: member.browser.cookie(staffCsrfCookieName) ?? '',
      [csrfHeaderName]: member.browser.cookie(csrfCookieName) ?? '',
    });
    expect(answer.json()).toMatchObject({ code: 401, errorCode: staffErrors.loginRequired.errorCode });
  });

  it('answers an unknown console path in its own scope: the staff token is asked, then unknownCall or the 404 page, and no member cookie is set', async () => {
    const staff = new StaffBrowser(t.app);
    expect(await staff.post('/admin/api/no/such/call', {})).toMatchObject({ errorCode: requestErrors.unknownCall.errorCode });
    expect(isForged(await postJson('/admin/api/no/such/call', staff.cookieHeader(), {}))).toBe(true);
    const page = await staff.get('/admin/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookieName);
  });

  describe('with probe routes in each scope', () => {
    let probed: FastifyInstance | undefined;
    afterAll(async () => probed?.close());

    const shopProbe: FeatureRegistration = (app) => {
      app.get('/probe/scope', async (request) => ({ visitor: request.visitor, hasStaff: 'staff' in request }));
    };
    const consoleProbe: FeatureRegistration = (app) => {
      app.get(consoleRoute('/admin/probe/scope'), { config: { staffAccess: 'anyone' } }, async (request) => ({
        staff: request.staff,
        hasVisitor: 'visitor' in request,
      }));
    };

    it("never gives a shop request the staff session, nor a console request the member's", async () => {
      probed = await buildApp(t.deps, { features: [shopProbe], consoleFeatures: [registerStaffFeature, consoleProbe] });
      const staff = await signedInStaff(probed, t.db.kysely, 'content');
      const member = await t.member();
      const memberBrowser = new TestBrowser(probed);
      await signIn(memberBrowser, t.db.kysely, member.userId);
      // One browser holding both sessions' cookies, sent to both scopes.
      const cookie = `${staff.browser.cookieHeader()}; ${memberBrowser.cookieHeader()}`;

      const shop = await probed.inject({ method: 'GET', url: '/probe/scope', headers: { cookie } });
      expect(shop.json()).toEqual({ visitor: { sid: memberBrowser.cookie(sessionCookieName), userId: member.userId }, hasStaff: false });
      expect(shop.cookies.map((each) => each.name)).not.toContain(staffSessionCookieName);

      const desk = await probed.inject({ method: 'GET', url: '/admin/probe/scope', headers: { cookie } });
      expect(desk.json()).toMatchObject({ staff: { login: staff.login, role: 'content' }, hasVisitor: false });
      expect(desk.cookies.map((each) => each.name)).not.toContain(sessionCookieName);
    });
  });

  it('stops the app at start when a console route does not say who may use it', async () => {
    const unguarded: FeatureRegistration = (app) => {
      app.get('/unguarded', async () => 'open');
    };
    await expect(buildApp(t.deps, { features: [], consoleFeatures: [unguarded] })).rejects.toThrow(
      /GET \/admin\/unguarded: a console route says who may use it/,
    );
  });
});
