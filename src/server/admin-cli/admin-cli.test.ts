import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';
import { createStaffUserFromCommandLine } from './admin.cli.ts';

describe('npm run admin -- create-user', () => {
  const t = useTestApp();

  it('writes the new account and its audit entry together, naming the operating-system user as the actor', async () => {
    const created = await createStaffUserFromCommandLine(t.db.kysely, { login: 'boss', displayName: '老板', role: 'admin', password: 'Boss2026xyz' }, 'ops');
    const entry = await t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', String(created.id)).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ staffId: 0, staffName: '命令行（ops）', action: 'create', subject: 'Staff', beforeJson: null, ip: 'localhost' });
    expect(JSON.parse(entry.afterJson ?? '{}')).toEqual({ login: 'boss', displayName: '老板', role: 'admin' });
    expect(entry.afterJson).not.toContain(created.totp.secret);
  });

  it('writes neither when the account is refused', async () => {
    const counts = async () => [
      (await t.db.kysely.selectFrom('staffUsers').select('id').execute()).length,
      (await t.db.kysely.selectFrom('auditLog').select('id').execute()).length,
    ];
    const before = await counts();
    await expect(
      createStaffUserFromCommandLine(t.db.kysely, { login: 'weak.one', displayName: '弱密码', role: 'admin', password: 'short' }, 'ops'),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });
});
