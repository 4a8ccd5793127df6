import { describe, expect, it } from 'vitest';
import { quotationDeskPaths } from '../../../contract/console/quotation.ts';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertBomMatchFixture } from '../bom/match/bom-match.test-helpers.ts';
import { requestParts } from '../quotation/testing/quotation-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { workbookRows } from '../staff/testing/workbook-rows.ts';

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
  it("exports the requests the filters match as .xlsx in the grid's order, to the quotation desk only", async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const [first, second] = [await request(), await request()];
    await sales.browser.call(quotationDeskCalls.close, { quotationId: second, reason: '导出测试' });
    const numbers = await t.db.kysely.selectFrom('quotations').select(['id', 'quotationNo']).where('id', 'in', [first, second]).execute();
    const numberOf = (id: number) => numbers.find((row) => row.id === id)?.quotationNo;
    const query = { filters: { status: 'closed' }, sort: { column: 'createdAt', direction: 'desc' } } as const;
    const response = await sales.browser.get(gridExportHref(quotationDeskPaths.export, query));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('报价单列表.xlsx'));
    const rows = workbookRows(response, '报价单列表');
    expect(rows[0]).toEqual(['报价单号', '状态', '会员手机', '型号数', '会员已选型号', '报价总额', '提交时间', '有效期至']);
    const listed = await sales.browser.call(quotationDeskCalls.list, query);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listed.data?.rows.map((row) => row.quotationNo));
    expect(rows.slice(1).map((row) => row[0])).toContain(numberOf(second));
    expect(rows.slice(1).map((row) => row[0])).not.toContain(numberOf(first));
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('export', 'Quotation'))) {
      const refused = await signedInStaff(t.app, t.db.kysely, role);
      expect((await refused.browser.get(gridExportHref(quotationDeskPaths.export, query))).json(), role).toMatchObject({ code: 403 });
    }
  });
});
