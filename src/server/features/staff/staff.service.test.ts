import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { staffMaxFailedLogins } from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { parseAdminArguments } from '../../admin-cli/admin.cli.ts';
import { verifyPassword } from '../account/account.service.ts';
import { authenticateStaff, createStaffUser } from './staff.service.ts';
import { matchTotpStep, totpCodeAt } from './staff-totp.ts';
import { createTestStaff, currentCode } from './testing/staff-browser.ts';

async function errorCodeOf(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.errorCode;
    throw error;
  }
}

describe('staff accounts', () => {
  const t = useTestApp();

  it('stores an argon2id hash and a TOTP secret, and gives the authenticator an otpauth:// URI', async () => {
    const created = await createStaffUser(t.db.kysely, { login: 'li.ming', displayName: ' 李明 ', role: 'catalog', password: 'Catalog2026x' });
    const row = await t.db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ login: 'li.ming', displayName: '李明', role: 'catalog', isDisabled: 0, failedCount: 0, totpSecret: created.totp.secret });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'Catalog2026x')).toBe(true);
    expect(created.totp.uri).toMatch(/^otpauth:\/\/totp\/.+:li\.ming\?secret=[A-Z2-7]+&issuer=/);
    expect(created.totp.uri).toContain(`secret=${created.totp.secret}`);
  });

  it('refuses a weak password, a bad or taken login name', async () => {
    const make = (login: string, password: string) => errorMessageOf(createStaffUser(t.db.kysely, { login, displayName: '张三', role: 'admin', password }));
    expect(await make('zhang', 'short1a')).toBe('密码至少10位，且须同时包含字母和数字');
    expect(await make('zhang', 'onlyletterspassword')).toBe('密码至少10位，且须同时包含字母和数字');
    expect(await make('zhang', '12345678901')).toBe('密码至少10位，且须同时包含字母和数字');
    expect(await make('有 空格', 'Goodpass123')).toBe('登录名为2-32位字母、数字、点、下划线或连字符');
    await createStaffUser(t.db.kysely, { login: 'taken', displayName: '甲', role: 'admin', password: 'Goodpass123' });
    expect(await make('taken', 'Goodpass123')).toBe('该登录名已存在');
    expect(await t.db.kysely.selectFrom('staffUsers').select('id').where('login', '=', 'zhang').execute()).toEqual([]);
  });

  it('creates one account of two racing for the same login name; the other is told the name is taken', async () => {
    const make = () => errorMessageOf(createStaffUser(t.db.kysely, { login: 'racer', displayName: '甲', role: 'sales', password: 'Goodpass123' }));
    expect((await Promise.all([make(), make()])).sort()).toEqual(['ok', '该登录名已存在']);
    expect(await t.db.kysely.selectFrom('staffUsers').select('id').where('login', '=', 'racer').execute()).toHaveLength(1);
  });

  it('checks no more than 5 of 12 concurrent wrong logins, then locks: the right one is refused', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const attempts = Array.from({ length: 12 }, () =>
      errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: 'Wrong123456', code: '123456' })),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'staff.badCredentials').length).toBeLessThanOrEqual(staffMaxFailedLogins - 1);
    expect(outcomes.filter((outcome) => outcome === 'staff.locked').length).toBeGreaterThanOrEqual(12 - staffMaxFailedLogins + 1);
    const row = await t.db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.failedCount).toBe(staffMaxFailedLogins);
    expect(row.lockedUntil).not.toBeNull();
    expect(await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: staff.password, code: await currentCode(staff.secret) }))).toBe(
      'staff.locked',
    );
  });

  it('lifts the lock after 15 minutes and starts counting afresh; a success clears the count', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const now = Date.now();
    for (let attempt = 0; attempt < 5; attempt++)
      await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: 'Wrong123456', code: '123456' }, now));
    const code = await totpCodeAt(staff.secret, Math.floor((now + 14 * 60_000) / 1000));
    expect(await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: staff.password, code }, now + 14 * 60_000))).toBe('staff.locked');
    const later = now + 15 * 60_000 + 1000;
    const laterCode = await totpCodeAt(staff.secret, Math.floor(later / 1000));
    expect(await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: staff.password, code: laterCode }, later))).toBe('ok');
    const row = await t.db.kysely.selectFrom('staffUsers').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failedCount: 0, lockedUntil: null });
  });

  it('accepts a code of the step before or after (clock drift), but not two steps away', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const now = Math.floor(Date.now() / 1000);
    expect(await matchTotpStep(staff.secret, await totpCodeAt(staff.secret, now - 30), null, now)).not.toBeNull();
    expect(await matchTotpStep(staff.secret, await totpCodeAt(staff.secret, now + 30), null, now)).not.toBeNull();
    expect(await matchTotpStep(staff.secret, await totpCodeAt(staff.secret, now - 90), null, now)).toBeNull();
  });

  it('refuses an older code once a newer one was used', async () => {
    const staff = await createTestStaff(t.db.kysely);
    const now = Date.now();
    const newer = await totpCodeAt(staff.secret, Math.floor(now / 1000) + 30);
    const older = await totpCodeAt(staff.secret, Math.floor(now / 1000));
    expect(await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: staff.password, code: newer }, now))).toBe('ok');
    expect(await errorCodeOf(authenticateStaff(t.db.kysely, { login: staff.login, password: staff.password, code: older }, now))).toBe('staff.badCredentials');
  });

  it('keeps the audit log append-only in the database: UPDATE and DELETE are refused', async () => {
    await t.db.kysely
      .insertInto('auditLog')
      .values({
        staffId: 1,
        staffName: '甲',
        action: 'create',
        subject: 'Staff',
        subjectId: '1',
        beforeJson: null,
        afterJson: '{}',
        ip: '127.0.0.1',
        at: Date.now(),
      })
      .execute();
    await expect(sql`UPDATE audit_log SET staff_name = 'forged'`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    expect(await t.db.kysely.selectFrom('auditLog').select('staffName').execute()).toEqual([{ staffName: '甲' }]);
  });
});

describe('npm run admin -- create-user arguments', () => {
  it('reads --login, --name and --role, and refuses anything else', () => {
    expect(parseAdminArguments(['create-user', '--login', 'boss', '--name', '老板', '--role', 'admin'])).toEqual({
      login: 'boss',
      displayName: '老板',
      role: 'admin',
    });
    expect(parseAdminArguments(['create-user', '--login=boss', '--name=老板', '--role=sales'])).toEqual({ login: 'boss', displayName: '老板', role: 'sales' });
    expect(() => parseAdminArguments(['create-user', '--login', 'boss', '--name', '老板', '--role', 'root'])).toThrow(/未知角色 root/);
    expect(() => parseAdminArguments(['create-user', '--login', 'boss', '--role', 'admin'])).toThrow(/缺少/);
    expect(() => parseAdminArguments(['create-user', '--login', 'boss', '--name', '老板', '--role', 'admin', '--password', 'x'])).toThrow(
      /无法识别的参数 --password/,
    );
    expect(() => parseAdminArguments(['delete-user'])).toThrow(/未知命令/);
  });
});

async function errorMessageOf(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.msg;
    throw error;
  }
}
