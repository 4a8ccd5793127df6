import { describe, expect, it } from 'vitest';
import { quotationDeskCalls } from '../../../contract/admin-quotation-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertBomMatchFixture } from '../bom/match/bom-match.test-helpers.ts';
import { requestParts } from '../quotation/testing/quotation-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

/** 报价管理's 批量关闭: one reason, each request closed and audited as the single close, a closed one reported. */
describe('报价管理 bulk close', () => {
  const t = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });
  const auditRows = () => t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'Quotation').orderBy('id').execute();
  const statusOf = async (id: number) => (await t.db.kysely.selectFrom('quotations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  async function request() {
    const member = await t.member();
    return requestParts(member.browser, [{ partNumber: 'STM32F103C8T6', quantity: 10 }]);
  }

  it('closes the chosen requests with one reason, each audited, and reports one already closed and one gone', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const [first, second, closed] = [await request(), await request(), await request()];
    await sales.browser.call(quotationDeskCalls.close, { quotationId: closed, reason: '先关' });
    const before = (await auditRows()).length;
    const answer = await sales.browser.call(quotationDeskCalls.bulkClose, { quotationIds: [first, second, closed, 2_000_000_000], reason: '批量：型号停产' });
    expect(answer.code).toBe(1);
    expect(answer.data?.done).toBe(2);
    expect(answer.data?.refused.map((entry) => entry.id)).toEqual([closed, 2_000_000_000]);
    for (const entry of answer.data?.refused ?? []) expect(entry.msg).toMatch(/[\u4e00-\u9fff]/);
    expect([await statusOf(first), await statusOf(second), await statusOf(closed)]).toEqual(['closed', 'closed', 'closed']);
    const entries = (await auditRows()).slice(before);
    expect(entries.map((entry) => [entry.action, entry.subjectId])).toEqual([
      ['close', String(first)],
      ['close', String(second)],
    ]);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const id = await request();
    const before = (await auditRows()).length;
    expect(await sales.browser.post(quotationDeskCalls.bulkClose.path, { quotationIds: [], reason: '原因' })).toMatchObject({ code: 400, msg: '请选择询价单' });
    expect(
      await sales.browser.post(quotationDeskCalls.bulkClose.path, { quotationIds: Array.from({ length: 101 }, (_, index) => index + 1), reason: '原因' }),
    ).toMatchObject({ code: 400, msg: '一次最多选择100张询价单' });
    expect(await sales.browser.post(quotationDeskCalls.bulkClose.path, { quotationIds: [id], reason: ' ' })).toMatchObject({
      code: 400,
      msg: '请填写关闭原因',
    });
    expect(await statusOf(id)).toBe('pending');
    expect(await auditRows()).toHaveLength(before);
  });

  it('refuses roles without Quotation update, with no change and no audit entry', async () => {
    const id = await request();
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('update', 'Quotation'))) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const before = (await auditRows()).length;
      expect(await staff.browser.call(quotationDeskCalls.bulkClose, { quotationIds: [id], reason: '越权' })).toMatchObject({ code: 403 });
      expect(await auditRows()).toHaveLength(before);
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it('closes each request once when two staff close the same requests at the same time', async () => {
    const [sales, admin] = [await signedInStaff(t.app, t.db.kysely, 'sales'), await signedInStaff(t.app, t.db.kysely, 'admin')];
    const ids = [await request(), await request()];
    const before = (await auditRows()).length;
    const answers = await Promise.all([
      sales.browser.call(quotationDeskCalls.bulkClose, { quotationIds: ids, reason: '甲' }),
      admin.browser.call(quotationDeskCalls.bulkClose, { quotationIds: [...ids].reverse(), reason: '乙' }),
    ]);
    expect(answers.reduce((sum, answer) => sum + (answer.data?.done ?? 0), 0)).toBe(2);
    expect((await auditRows()).slice(before)).toHaveLength(2);
  });
});
