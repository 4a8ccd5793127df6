import { describe, expect, it } from 'vitest';
import { companyDeskCalls } from '../../../contract/console/company-desk-calls.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { beijingMonthOf, nextBeijingMonth, startOfBeijingMonth } from '../../../contract/time.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { runStatementClock } from '../company-credit/company-credit.service.ts';
import { creditCompany } from '../company-credit/testing/credit-fixture.ts';
import { insertUnpaidOrder } from '../payment/testing/payment-fixtures.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

/** 企业月结 (console): finance grants, changes and withdraws 月结 and settles statements, audited; sales reads; other roles are refused. */
describe('企业月结 desk', () => {
  const t = useTestApp();
  const auditOf = (companyId: number) =>
    t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'CompanyCredit').where('subjectId', '=', String(companyId)).orderBy('id').execute();

  it('lets finance find a company, grant 月结 in 元, change it, settle its statement and withdraw it, each audited', async () => {
    const company = await creditCompany(t, { name: '苏州月结台测试科技有限公司' });
    const finance = await signedInStaff(t.app, t.db.kysely, 'finance');
    const found = await finance.browser.call(companyDeskCalls.list, { keyword: '月结台测试' });
    expect(found.data).toMatchObject({ total: 1, rows: [{ companyId: company.companyId, memberCount: 4, creditLabel: '未开通' }] });
    expect((await finance.browser.call(companyDeskCalls.grant, { companyId: company.companyId, limitYuan: '1.2.3', termsDays: 30 })).msg).toBe(
      '请输入正确的额度（元，最多两位小数）',
    );
    expect((await finance.browser.call(companyDeskCalls.grant, { companyId: company.companyId, limitYuan: '500', termsDays: 0 })).msg).toBe('账期应为1至180天');
    const granted = await finance.browser.call(companyDeskCalls.grant, { companyId: company.companyId, limitYuan: '5000.50', termsDays: 30 });
    expect(granted).toMatchObject({ code: 1, msg: '月结已开通', data: { credit: { limitCents: 500_050, termsDays: 30, isActive: true } } });

    const [buyer] = company.members.buyer;
    if (!buyer) throw new Error('fixture');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 20_000 });
    await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo });
    await runStatementClock(t.db.kysely, startOfBeijingMonth(nextBeijingMonth(beijingMonthOf(Date.now()))));
    const detail = await finance.browser.call(companyDeskCalls.detail, { companyId: company.companyId });
    const statement = detail.data?.statements[0];
    expect(statement).toMatchObject({ status: 'issued', totalCents: 20_000, actions: ['settle'], lines: [{ orderNo, amountCents: 20_000 }] });
    const settled = await finance.browser.call(companyDeskCalls.settle, { statementId: statement?.statementId ?? 0, note: '建行 8899', seen: 'issued' });
    expect(settled).toMatchObject({ code: 1, data: { statements: [{ status: 'settled', actions: [] }], credit: { usedCents: 0 } } });
    const withdrawn = await finance.browser.call(companyDeskCalls.withdraw, { companyId: company.companyId });
    expect(withdrawn.data?.credit).toMatchObject({ isActive: false, availableCents: 0 });
    expect((await auditOf(company.companyId)).map((entry) => entry.action)).toEqual(['grantCredit', 'settleStatement', 'withdrawCredit']);
  });

  it('lets sales read but not change, and refuses the warehouse, content and service roles', async () => {
    const company = await creditCompany(t, { limitCents: 10_000 });
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    expect((await sales.browser.call(companyDeskCalls.detail, { companyId: company.companyId })).data).toMatchObject({ canChange: false });
    expect(await sales.browser.call(companyDeskCalls.grant, { companyId: company.companyId, limitYuan: '1', termsDays: 30 })).toMatchObject({ code: 403 });
    for (const role of ['warehouse', 'content', 'service', 'catalog'] as const) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      expect(await staff.browser.call(companyDeskCalls.list, { keyword: '' })).toMatchObject({ code: 403 });
      expect(await staff.browser.call(companyDeskCalls.settle, { statementId: 1, note: '' })).toMatchObject({ code: 403 });
      expect((await staff.browser.get('/admin/companies')).statusCode).not.toBe(200);
    }
    expect((await sales.browser.get('/admin/companies')).statusCode).toBe(200);
    expect((await sales.browser.get(`/admin/companies/${String(company.companyId)}`)).body).toContain('已开通');
  });
});
