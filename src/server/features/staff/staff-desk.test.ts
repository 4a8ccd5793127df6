import { describe, expect, it } from 'vitest';
import { staffRoles, staffSessionCookieName } from '../../../contract/staff.ts';
import { staffAuthCalls, staffDeskCalls } from '../../../contract/staff-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestStaff, currentCode, signedInStaff, StaffBrowser } from './testing/staff-browser.ts';

describe('员工管理 (staff desk)', () => {
  const t = useTestApp();
  const auditRows = () => t.db.kysely.selectFrom('auditLog').selectAll().orderBy('id').execute();
  const staffRows = () => t.db.kysely.selectFrom('staffUsers').selectAll().orderBy('id').execute();

  it('lets an administrator create a staff member, who gets a TOTP setup once and can log in with it; the change is audited', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const answer = await admin.browser.call(staffDeskCalls.create, { login: 'chen.cw', displayName: '陈财务', role: 'finance', password: 'Finance2026x' });
    expect(answer).toMatchObject({
      code: 1,
      msg: '员工账号已创建，请把认证器密钥交给本人，只显示这一次',
      data: { staff: { login: 'chen.cw', role: 'finance', roleLabel: '财务', isDisabled: false } },
    });
    const secret = answer.data?.totp.secret ?? '';
    const login = await new StaffBrowser(t.app).call(staffAuthCalls.login, { login: 'chen.cw', password: 'Finance2026x', code: await currentCode(secret) });
    expect(login.code).toBe(1);
    const entry = (await auditRows()).find((row) => row.subjectId === String(answer.data?.staff.id));
    expect(entry).toMatchObject({ staffId: admin.id, staffName: admin.displayName, action: 'create', subject: 'Staff', beforeJson: null, ip: '127.0.0.1' });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ login: 'chen.cw', role: 'finance' });
    expect(entry?.afterJson).not.toContain(secret);
    expect(entry?.afterJson).not.toContain('argon2');
  });

  it('changes a role, disables (ending the sessions), unlocks and resets TOTP, each with before and after in the audit log', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const target = await signedInStaff(t.app, t.db.kysely, 'content');
    const setRole = await admin.browser.call(staffDeskCalls.setRole, { staffId: target.id, role: 'service' });
    expect(setRole).toMatchObject({ code: 1, data: { role: 'service', roleLabel: '客服' } });
    await t.db.kysely
      .updateTable('staffUsers')
      .set({ failedCount: 5, lockedUntil: Date.now() + 600_000 })
      .where('id', '=', target.id)
      .execute();
    expect(await admin.browser.call(staffDeskCalls.unlock, { staffId: target.id })).toMatchObject({ code: 1, data: { isLocked: false } });
    const reset = await admin.browser.call(staffDeskCalls.resetTotp, { staffId: target.id });
    expect(reset.data?.secret).not.toBe(target.secret);
    expect((await target.browser.get('/admin')).statusCode).toBe(302);
    const disabled = await admin.browser.call(staffDeskCalls.setDisabled, { staffId: target.id, isDisabled: true });
    expect(disabled).toMatchObject({ code: 1, msg: '账号已停用', data: { isDisabled: true } });
    const entries = (await auditRows()).filter((row) => row.subjectId === String(target.id));
    expect(entries.map((row) => row.action)).toEqual(['setRole', 'unlock', 'resetTotp', 'disable']);
    expect(JSON.parse(entries[0]?.beforeJson ?? '{}')).toMatchObject({ role: 'content' });
    expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toMatchObject({ role: 'service' });
    expect(JSON.parse(entries[1]?.beforeJson ?? '{}')).toMatchObject({ failedCount: 5 });
    expect(JSON.parse(entries[1]?.afterJson ?? '{}')).toMatchObject({ failedCount: 0, lockedUntil: null });
    expect(await t.db.kysely.selectFrom('staffSessions').selectAll().where('staffId', '=', target.id).execute()).toEqual([]);
  });

  it('refuses an administrator disabling themselves or changing their own role', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    expect(await admin.browser.call(staffDeskCalls.setDisabled, { staffId: admin.id, isDisabled: true })).toMatchObject({
      code: 400,
      msg: '不能停用自己或修改自己的角色',
    });
    expect(await admin.browser.call(staffDeskCalls.setRole, { staffId: admin.id, role: 'sales' })).toMatchObject({ code: 400 });
  });

  it('answers 404 for an unknown staff member, and a weak password with the rule', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    expect(await admin.browser.call(staffDeskCalls.unlock, { staffId: 999_999 })).toMatchObject({ code: 404, msg: '员工不存在' });
    expect(await admin.browser.call(staffDeskCalls.create, { login: 'weak.one', displayName: '弱', role: 'sales', password: 'abc123' })).toMatchObject({
      code: 400,
      msg: '密码至少10位，且须同时包含字母和数字',
    });
  });

  for (const role of staffRoles.filter((each) => each !== 'admin')) {
    it(`refuses ${role} every staff desk call with 403, and nothing changes or is audited`, async () => {
      const caller = await signedInStaff(t.app, t.db.kysely, role);
      const victim = await createTestStaff(t.db.kysely, 'sales');
      await t.db.kysely
        .updateTable('staffUsers')
        .set({ failedCount: 5, lockedUntil: Date.now() + 600_000 })
        .where('id', '=', victim.id)
        .execute();
      const [staffBefore, auditBefore] = [await staffRows(), await auditRows()];
      const answers = [
        await caller.browser.call(staffDeskCalls.list, {}),
        await caller.browser.call(staffDeskCalls.create, { login: `x${role}`, displayName: '越权', role: 'admin', password: 'Escalate2026x' }),
        await caller.browser.call(staffDeskCalls.setRole, { staffId: caller.id, role: 'admin' }),
        await caller.browser.call(staffDeskCalls.setDisabled, { staffId: victim.id, isDisabled: true }),
        await caller.browser.call(staffDeskCalls.resetTotp, { staffId: victim.id }),
        await caller.browser.call(staffDeskCalls.unlock, { staffId: victim.id }),
      ];
      for (const answer of answers) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作', errorCode: 'staff.forbidden' });
      expect(await staffRows()).toEqual(staffBefore);
      expect(await auditRows()).toEqual(auditBefore);
    });
  }

  it('asks a visitor without a staff session to log in', async () => {
    const visitor = new StaffBrowser(t.app);
    expect(await visitor.call(staffDeskCalls.list, {})).toMatchObject({ code: 401, msg: '请先登录管理后台' });
    expect(visitor.cookies.get(staffSessionCookieName)).toBeDefined();
  });

  it('lists the staff with role, disabled and locked state', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const answer = await admin.browser.call(staffDeskCalls.list, {});
    const me = answer.data?.rows.find((row) => row.id === admin.id);
    expect(me).toMatchObject({ login: admin.login, role: 'admin', roleLabel: '管理员', isDisabled: false, isLocked: false });
    expect(me?.createdAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('shows 员工管理 in the menu and opens its page for an administrator only', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const home = await admin.browser.get('/admin');
    expect(home.body).toContain('href="/admin/staff"');
    const desk = await admin.browser.get('/admin/staff');
    expect(desk.statusCode).toBe(200);
    expect(desk.body).toContain('员工管理');
    expect(desk.body).toContain(admin.login);
    for (const role of staffRoles.filter((each) => each !== 'admin')) {
      const other = await signedInStaff(t.app, t.db.kysely, role);
      expect((await other.browser.get('/admin')).body).not.toContain('href="/admin/staff"');
      const refused = await other.browser.get('/admin/staff');
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe('/admin');
    }
    const visitor = await new StaffBrowser(t.app).get('/admin/staff');
    expect(visitor.headers.location).toBe('/admin/login?return=%2Fadmin%2Fstaff');
  });
});
