import { describe, expect, it } from 'vitest';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { memberExportPath } from '../../../contract/member-desk.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { workbookRows } from '../staff/testing/workbook-rows.ts';

/** 会员管理's bulk 停用/启用 (a reason, each member audited, wrong-state members reported) and its Excel export. */
describe('会员管理 bulk actions and export', () => {
  const t = useTestApp();
  const memberAudit = () => t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'Member').orderBy('id').execute();
  const disabledAt = async (userId: number) =>
    (await t.db.kysely.selectFrom('users').select('disabledAt').where('id', '=', userId).executeTakeFirstOrThrow()).disabledAt;

  it('disables the chosen members with a reason, each audited, and reports one already disabled and one gone', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const first = await t.member();
    const second = await createMember(t.db.kysely);
    const already = await createMember(t.db.kysely);
    await t.db.kysely.updateTable('users').set({ disabledAt: Date.now() }).where('id', '=', already.userId).execute();
    const auditBefore = (await memberAudit()).length;

    const answer = await staff.browser.call(memberDeskCalls.bulkSetDisabled, {
      userIds: [first.userId, second.userId, already.userId, 2_000_000_000, first.userId],
      isDisabled: true,
      reason: ' 恶意刷单 ',
    });
    expect(answer).toMatchObject({
      code: 1,
      data: {
        done: 2,
        refused: [
          { id: already.userId, msg: '该会员已是停用状态' },
          { id: 2_000_000_000, msg: '会员不存在' },
        ],
      },
    });
    expect(await disabledAt(first.userId)).not.toBeNull();
    expect(await disabledAt(second.userId)).not.toBeNull();
    // Disabling ends the member's sessions, as the single change does.
    expect(await t.db.kysely.selectFrom('sessions').select('id').where('userId', '=', first.userId).execute()).toEqual([]);
    const entries = (await memberAudit()).slice(auditBefore);
    expect(entries.map((entry) => [entry.action, entry.subjectId, entry.staffId])).toEqual([
      ['disable', String(first.userId), staff.id],
      ['disable', String(second.userId), staff.id],
    ]);
    expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toEqual({ isDisabled: true, reason: '恶意刷单' });

    const enabled = await staff.browser.call(memberDeskCalls.bulkSetDisabled, {
      userIds: [first.userId, already.userId],
      isDisabled: false,
      reason: '核实无误',
    });
    expect(enabled).toMatchObject({ code: 1, data: { done: 2, refused: [] } });
    expect(await disabledAt(already.userId)).toBeNull();
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const member = await createMember(t.db.kysely);
    const auditBefore = (await memberAudit()).length;
    const cases: [unknown, string][] = [
      [{ userIds: [], isDisabled: true, reason: '原因' }, '请选择会员'],
      [{ userIds: Array.from({ length: 101 }, (_, index) => index + 1), isDisabled: true, reason: '原因' }, '一次最多选择100位会员'],
      [{ userIds: [member.userId], isDisabled: true, reason: '   ' }, '请填写原因'],
      [{ userIds: [member.userId], isDisabled: true }, '请填写原因'],
      [{ userIds: [member.userId], isDisabled: true, reason: '长'.repeat(201) }, '原因不能超过200个字'],
      [{ userIds: ['x'], isDisabled: true, reason: '原因' }, '会员不存在'],
    ];
    for (const [body, msg] of cases) expect(await staff.browser.post(memberDeskCalls.bulkSetDisabled.path, body)).toMatchObject({ code: 400, msg });
    expect(await disabledAt(member.userId)).toBeNull();
    expect(await memberAudit()).toHaveLength(auditBefore);
  });

  it('refuses roles without Member update, with no change and no audit entry', async () => {
    const member = await createMember(t.db.kysely);
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('update', 'Member'))) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const auditBefore = (await memberAudit()).length;
      expect(await staff.browser.call(memberDeskCalls.bulkSetDisabled, { userIds: [member.userId], isDisabled: true, reason: '原因' })).toMatchObject({
        code: 403,
        msg: '您没有权限执行此操作',
      });
      expect(await memberAudit()).toHaveLength(auditBefore);
    }
    expect(await disabledAt(member.userId)).toBeNull();
  });

  it('disables each member once when two staff bulk-disable the same members at the same time', async () => {
    const first = await signedInStaff(t.app, t.db.kysely, 'service');
    const second = await signedInStaff(t.app, t.db.kysely, 'admin');
    const members = await Promise.all([createMember(t.db.kysely), createMember(t.db.kysely), createMember(t.db.kysely)]);
    const userIds = members.map((member) => member.userId);
    const auditBefore = (await memberAudit()).length;
    const answers = await Promise.all([
      first.browser.call(memberDeskCalls.bulkSetDisabled, { userIds, isDisabled: true, reason: '甲' }),
      second.browser.call(memberDeskCalls.bulkSetDisabled, { userIds: [...userIds].reverse(), isDisabled: true, reason: '乙' }),
    ]);
    const results = answers.map((answer) => answer.data ?? { done: 0, refused: [] });
    expect(results.reduce((sum, result) => sum + result.done, 0)).toBe(3);
    expect(results.flatMap((result) => result.refused.map((entry) => entry.msg))).toEqual(['该会员已是停用状态', '该会员已是停用状态', '该会员已是停用状态']);
    const entries = (await memberAudit()).slice(auditBefore);
    expect(entries.map((entry) => Number(entry.subjectId)).sort((a, b) => a - b)).toEqual([...userIds].sort((a, b) => a - b));
  });

  it('exports the members the filters match as .xlsx, to the member desk only (the rows carry phone numbers)', async () => {
    const marked = await createMember(t.db.kysely, { nickName: '导出测试甲' });
    await createMember(t.db.kysely, { nickName: '导出测试乙' });
    await createMember(t.db.kysely, { nickName: '别的会员' });
    await t.db.kysely.updateTable('users').set({ disabledAt: Date.now() }).where('id', '=', marked.userId).execute();
    const service = await signedInStaff(t.app, t.db.kysely, 'service');
    const response = await service.browser.get(
      gridExportHref(memberExportPath, { filters: { nickName: '导出测试' }, sort: { column: 'registered', direction: 'asc' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('会员列表.xlsx'));
    const rows = workbookRows(response, '会员列表');
    expect(rows[0]).toEqual(['会员编号', '昵称', '手机号', '等级', '累计消费', '成交订单数', '专属销售', '注册时间', '状态']);
    expect(rows.slice(1).map((row) => [row[1], row[3], row[8]])).toEqual([
      ['导出测试甲', '普通会员', '已停用'],
      ['导出测试乙', '普通会员', '正常'],
    ]);
    expect((await service.browser.get(`${memberExportPath}?q=${encodeURIComponent('{"filters":{"level":"x"}}')}`)).json()).toMatchObject({ code: 400 });
    for (const role of ['content', 'sales', 'finance'] as const) {
      const refused = await signedInStaff(t.app, t.db.kysely, role);
      expect((await refused.browser.get(gridExportHref(memberExportPath, { filters: {} }))).json(), role).toMatchObject({
        code: 403,
        msg: '您没有权限执行此操作',
      });
    }
  });
});
