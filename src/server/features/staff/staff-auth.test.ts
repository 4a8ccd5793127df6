import { describe, expect, it } from 'vitest';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { favoritePageSizes } from '../../../contract/favorite.ts';
import { safeStaffReturnPath, staffCsrfCookieName, staffSessionCookieName } from '../../../contract/staff.ts';
import { staffAuthCalls } from '../../../contract/staff-calls.ts';
import { csrfTokenFor } from '../../http/session.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestStaff, currentCode, signedInStaff, StaffBrowser } from './testing/staff-browser.ts';

describe('staff login and sessions', () => {
  const t = useTestApp();
  const staffRow = (id: number) => t.db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('gives the login page a staff sid and token scoped to /admin (httpOnly, SameSite=Strict) and no member cookie', async () => {
    const response = await new StaffBrowser(t.app).get('/admin/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('芯品商城管理后台');
    expect(response.body).toContain('noindex');
    const sid = response.cookies.find((cookie) => cookie.name === staffSessionCookieName);
    const token = response.cookies.find((cookie) => cookie.name === staffCsrfCookieName);
    expect(sid).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });
    expect(token).toMatchObject({ path: '/admin', sameSite: 'Strict' });
    expect(token?.httpOnly).toBeFalsy();
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('sid');
  });

  it('logs in with password and code, shows the console with the name, and sends a visitor of /admin to the login page', async () => {
    const staff = await createTestStaff(t.db.kysely, 'finance', '王会计');
    const browser = new StaffBrowser(t.app);
    const before = await browser.get('/admin');
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toBe('/admin/login');
    const answer = await browser.call(staffAuthCalls.login, { login: staff.login, password: staff.password, code: await currentCode(staff.secret) });
    expect(answer).toMatchObject({
      code: 1,
      data: { staff: { login: staff.login, displayName: '王会计', role: 'finance', roleLabel: '财务' }, returnPath: '/admin' },
    });
    const home = await browser.get('/admin');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('王会计');
    expect(home.body).toContain('退出登录');
    const sessions = await t.db.kysely.selectFrom('staffSessions').selectAll().where('staffId', '=', staff.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).not.toBe(browser.cookies.get(staffSessionCookieName));
    expect((await browser.get('/admin/login')).headers.location).toBe('/admin');
  });

  it('rotates the sid at login: the anonymous sid of the login page is not the session', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const browser = new StaffBrowser(t.app);
    await browser.get('/admin/login');
    const anonymous = browser.cookies.get(staffSessionCookieName);
    await browser.call(staffAuthCalls.login, { login: staff.login, password: staff.password, code: await currentCode(staff.secret) });
    expect(browser.cookies.get(staffSessionCookieName)).not.toBe(anonymous);
    const planted = new StaffBrowser(t.app);
    planted.cookies.set(staffSessionCookieName, anonymous ?? '');
    expect((await planted.get('/admin')).statusCode).toBe(302);
  });

  it('answers an unknown login, a wrong password and a wrong code alike', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const browser = new StaffBrowser(t.app);
    const code = await currentCode(staff.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [
      await browser.call(staffAuthCalls.login, { login: 'nobody_here', password: staff.password, code }),
      await browser.call(staffAuthCalls.login, { login: staff.login, password: 'Wrong123456', code }),
      await browser.call(staffAuthCalls.login, { login: staff.login, password: staff.password, code: wrongCode }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ code: 400, msg: '登录名、密码或动态码错误', errorCode: 'staff.badCredentials' });
    expect((await browser.get('/admin')).statusCode).toBe(302);
  });

  it('accepts a code once: the same code is refused the second time', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const code = await currentCode(staff.secret);
    const first = await new StaffBrowser(t.app).call(staffAuthCalls.login, { login: staff.login, password: staff.password, code });
    expect(first.code).toBe(1);
    const replay = await new StaffBrowser(t.app).call(staffAuthCalls.login, { login: staff.login, password: staff.password, code });
    expect(replay).toMatchObject({ code: 400, errorCode: 'staff.badCredentials' });
    expect((await staffRow(staff.id)).totpLastStep).toBeGreaterThan(0);
  });

  it('refuses a code in the wrong format with a Chinese message', async () => {
    const answer = await new StaffBrowser(t.app).post(staffAuthCalls.login.path, { login: 'a', password: 'b', code: '12ab' });
    expect(answer).toMatchObject({ code: 400, msg: '请输入认证器上的6位动态码' });
  });

  it('locks the account after 5 failed logins: even the right code is refused, and nothing is counted while locked', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const browser = new StaffBrowser(t.app);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(await browser.call(staffAuthCalls.login, { login: staff.login, password: 'Wrong123456', code: '123456' }));
    expect(answers.slice(0, 4).map((answer) => answer.errorCode)).toEqual(Array(4).fill('staff.badCredentials'));
    expect(answers[4]).toMatchObject({ code: 429, msg: '登录失败次数过多，账号已锁定，请15分钟后再试' });
    const right = await browser.call(staffAuthCalls.login, { login: staff.login, password: staff.password, code: await currentCode(staff.secret) });
    expect(right).toMatchObject({ code: 429, errorCode: 'staff.locked' });
    const row = await staffRow(staff.id);
    expect(row.failedCount).toBe(5);
    expect(row.lockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('refuses a disabled account after the right password and code', async () => {
    const staff = await createTestStaff(t.db.kysely);
    await t.db.kysely.updateTable('staffUsers').set({ isDisabled: 1 }).where('id', '=', staff.id).execute();
    const answer = await new StaffBrowser(t.app).call(staffAuthCalls.login, {
      login: staff.login,
      password: staff.password,
      code: await currentCode(staff.secret),
    });
    expect(answer).toMatchObject({ code: 403, msg: '该账号已停用，请联系管理员' });
  });

  it('ends a session disabled after login, idle past STAFF_SESSION_IDLE_MINUTES, or past its absolute lifetime', async () => {
    const idle = await signedInStaff(t.app, t.db.kysely);
    await t.db.kysely
      .updateTable('staffSessions')
      .set({ lastSeenAt: Date.now() - 31 * 60_000 })
      .where('staffId', '=', idle.id)
      .execute();
    expect((await idle.browser.get('/admin')).statusCode).toBe(302);

    const old = await signedInStaff(t.app, t.db.kysely);
    await t.db.kysely
      .updateTable('staffSessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('staffId', '=', old.id)
      .execute();
    expect((await old.browser.get('/admin')).statusCode).toBe(302);

    const live = await signedInStaff(t.app, t.db.kysely);
    await t.db.kysely
      .updateTable('staffSessions')
      .set({ lastSeenAt: Date.now() - 29 * 60_000 })
      .where('staffId', '=', live.id)
      .execute();
    expect((await live.browser.get('/admin')).statusCode).toBe(200);
    const touched = await t.db.kysely.selectFrom('staffSessions').select('lastSeenAt').where('staffId', '=', live.id).executeTakeFirstOrThrow();
    expect(touched.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
    await t.db.kysely.updateTable('staffUsers').set({ isDisabled: 1 }).where('id', '=', live.id).execute();
    expect((await live.browser.get('/admin')).statusCode).toBe(302);
  });

  it('logout deletes the session: the old cookie opens nothing', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely);
    const oldSid = staff.browser.cookies.get(staffSessionCookieName) ?? '';
    expect(await staff.browser.call(staffAuthCalls.logout, {})).toMatchObject({ code: 1, msg: '已退出登录' });
    expect(await t.db.kysely.selectFrom('staffSessions').selectAll().where('staffId', '=', staff.id).execute()).toEqual([]);
    const replayed = new StaffBrowser(t.app);
    replayed.cookies.set(staffSessionCookieName, oldSid);
    expect((await replayed.get('/admin')).statusCode).toBe(302);
    expect(await staff.browser.call(staffAuthCalls.logout, {})).toMatchObject({ code: 401, msg: '请先登录管理后台' });
  });

  it('refuses a console POST without the staff token, or with a member token, and changes nothing', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const browser = new StaffBrowser(t.app);
    await browser.get('/admin/login');
    const code = await currentCode(staff.secret);
    const member = new TestBrowser(t.app);
    await member.get('/');
    const memberToken = member.cookie('csrfToken') ?? '';
    for (const token of ['', memberToken, 'x'.repeat(43)]) {
      const answer = await browser.post(staffAuthCalls.login.path, { login: staff.login, password: staff.password, code }, token);
      expect(answer).toMatchObject({ code: 403, errorCode: 'staff.forged' });
    }
    expect(await t.db.kysely.selectFrom('staffSessions').selectAll().where('staffId', '=', staff.id).execute()).toEqual([]);
    expect((await staffRow(staff.id)).failedCount).toBe(0);
  });

  it('keeps staff and member sessions apart: a staff session is no member, and /admin neither reads nor sets the member cookie', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely);
    const asMember = new TestBrowser(t.app);
    await asMember.get('/');
    const memberSid = asMember.cookie('sid');
    const staffSid = staff.browser.cookies.get(staffSessionCookieName) ?? '';
    const memberToken = csrfTokenFor(t.deps.config.sessionSecret, staffSid);
    const staffCookieAsMember = await t.app.inject({
      method: 'POST',
      url: favoriteCalls.list.path,
      payload: JSON.stringify({ keyword: '', page: 1, pageSize: favoritePageSizes[0] }),
      headers: { 'content-type': 'application/json', cookie: `sid=${staffSid}; csrfToken=${memberToken}`, 'x-csrf-token': memberToken },
    });
    expect(staffCookieAsMember.json()).toMatchObject({ code: 401 });
    const page = await t.app.inject({ method: 'GET', url: '/admin/login', headers: { cookie: `sid=${memberSid ?? ''}` } });
    expect(page.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    expect(page.cookies.map((cookie) => cookie.name)).not.toContain('csrfToken');
  });

  it('answers malformed login bodies with a Chinese 400, never a 5xx', async () => {
    const browser = new StaffBrowser(t.app);
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { login: 1 },
      { login: 'a'.repeat(65), password: 'x', code: '123456' },
      { login: 'a', password: '', code: '123456' },
      { login: 'a', password: 'b', code: '１２３４５６' },
      { login: 'a\u0000b', password: 'b', code: '123456' },
    ];
    for (const body of bodies) {
      const answer = await browser.post(staffAuthCalls.login.path, body);
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('only ever returns to a console page after login', () => {
    expect(safeStaffReturnPath('/admin/staff?page=2')).toBe('/admin/staff?page=2');
    for (const unsafe of ['https://evil.example/admin', '//evil.example', '/user/person', '/admin/login', '/admin//evil', '/adminx', undefined])
      expect(safeStaffReturnPath(unsafe)).toBe('/admin');
  });
});
