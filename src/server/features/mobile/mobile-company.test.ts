import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { companyErrors, type CompanyOrdersData } from '../../../contract/company-account.ts';
import type { CompanyStatementsPageData } from '../../../contract/company-credit.ts';
import type { MobileOrderDetailData, MobilePersonData } from '../../../contract/mobile-buy.ts';
import type { MobileCompanyOrdersData, MobileCompanyStatementsData } from '../../../contract/mobile-company.ts';
import { orderApprovalCalls } from '../../../contract/order-approval-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { creditCompany } from '../company-credit/testing/credit-fixture.ts';
import { createApprovalCompany, insertYuanPart, placeUnits } from '../order/testing/approval-fixture.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

async function dataOf<Data>(browser: TestBrowser, url: string): Promise<Data> {
  const response = await browser.get(url);
  expect(response.statusCode).toBe(200);
  return pageStateOf<Data>(response.body).data;
}

/** The phone page's data is the desktop page's with the mobile prefix beside it. */
async function expectSameAsDesktop(browser: TestBrowser, desktopUrl: string): Promise<unknown> {
  const { basePath, ...phone } = await dataOf<{ basePath: string }>(browser, `/m${desktopUrl}`);
  expect(basePath).toBe('/m');
  expect(phone).toEqual(await dataOf(browser, desktopUrl));
  return phone;
}

describe('the company on a phone (issue 28)', () => {
  it.each(['/m/user/company/orders?filter=awaitingApproval', '/m/user/company/statements'])(
    'sends a visitor from %s to the mobile login page, coming back',
    async (url) => {
      const response = await t.browser().get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/m/account/login?return=${encodeURIComponent(url)}`);
    },
  );

  it('sends phones from the desktop company orders and statements to their phone pages, the query along', async () => {
    for (const [url, target] of [
      ['/user/company/orders?filter=awaitingApproval', '/m/user/company/orders?filter=awaitingApproval'],
      ['/user/company/orders', '/m/user/company/orders'],
      ['/user/company/statements', '/m/user/company/statements'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': iPhone } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(target);
    }
    // The company page itself stays on the desktop (it has no phone page): a visitor goes to the desktop login.
    const company = await t.app.inject({ method: 'GET', url: '/user/company', headers: { 'user-agent': iPhone } });
    expect(company.headers.location).toBe(`/account/login?return=${encodeURIComponent('/user/company')}`);
  });

  it('lists the company’s orders for an approver as the desktop does, with the same refusals for a 采购 and a member without a company', async () => {
    const company = await createApprovalCompany(t, '100', '深圳手机审批有限公司');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const waiting = await placeUnits(company.buyer, productId, 150);
    const small = await placeUnits(company.buyer, productId, 20);

    const awaiting = (await expectSameAsDesktop(company.approver.browser, '/user/company/orders?filter=awaitingApproval')) as CompanyOrdersData;
    expect(awaiting).toMatchObject({ companyName: '深圳手机审批有限公司', refusal: '', canApprove: true, awaitingCount: 1, approvalThresholdCents: 10_000 });
    expect(awaiting.orders.map((order) => [order.orderNo, order.buyerName, order.status])).toEqual([[waiting.orderNo, '赵采购', 'awaitingApproval']]);
    const all = (await expectSameAsDesktop(company.finance.browser, '/user/company/orders?page=1')) as CompanyOrdersData;
    expect(all).toMatchObject({ filter: 'all', canApprove: false, total: 2 });
    expect(all.orders.map((order) => order.orderNo)).toEqual([small.orderNo, waiting.orderNo]);

    expect(await expectSameAsDesktop(company.buyer.browser, '/user/company/orders')).toMatchObject({ refusal: companyErrors.forbidden.msg, orders: [] });
    expect(await expectSameAsDesktop((await t.member()).browser, '/user/company/orders')).toMatchObject({ refusal: companyErrors.notInCompany.msg });

    // The desktop's call answers the phone's list: approving empties 待审批.
    const answer = await company.approver.browser.callOk(orderApprovalCalls.approve, { orderNo: waiting.orderNo, filter: 'awaitingApproval', page: 1 });
    expect(answer).toMatchObject({ awaitingCount: 0, orders: [] });
    expect(await dataOf<MobileCompanyOrdersData>(company.approver.browser, '/m/user/company/orders?filter=awaitingApproval')).toMatchObject({
      awaitingCount: 0,
      orders: [],
    });
  });

  it('shows 月结 and the statements to 管理员 and 财务 as the desktop does; 采购 and 审批 are refused as there', async () => {
    const company = await creditCompany(t, { limitCents: 500_000, termsDays: 30, name: '深圳手机月结电子有限公司' });
    const [finance] = company.members.finance;
    const [buyer] = company.members.buyer;
    const [approver] = company.members.approver;
    if (!finance || !buyer || !approver) throw new Error('no members');
    for (const member of [finance, company.admin]) {
      const data = (await expectSameAsDesktop(member.browser, '/user/company/statements')) as CompanyStatementsPageData;
      expect(data).toMatchObject({ companyName: '深圳手机月结电子有限公司', maySee: true, credit: { isActive: true, limitCents: 500_000, termsDays: 30 } });
    }
    for (const member of [buyer, approver])
      expect(await expectSameAsDesktop(member.browser, '/user/company/statements')).toEqual({
        companyName: '深圳手机月结电子有限公司',
        maySee: false,
        credit: null,
        statements: [],
      });
    const outsider = await dataOf<MobileCompanyStatementsData>((await t.member()).browser, '/m/user/company/statements');
    expect(outsider).toEqual({ companyName: null, maySee: false, credit: null, statements: [], basePath: '/m' });
  });

  it('gives 我的 a 企业 entry by role, none without a company', async () => {
    const company = await createApprovalCompany(t, '100', '深圳手机入口有限公司');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    await placeUnits(company.buyer, productId, 150);
    const entryOf = async (browser: TestBrowser) => (await dataOf<MobilePersonData>(browser, '/m/user/person')).company;
    const common = { companyName: '深圳手机入口有限公司' };
    expect(await entryOf(company.approver.browser)).toEqual({
      ...common,
      role: 'approver',
      canSeeOrders: true,
      canApprove: true,
      awaitingCount: 1,
      canSeeStatements: false,
    });
    expect(await entryOf(company.admin.browser)).toEqual({
      ...common,
      role: 'admin',
      canSeeOrders: true,
      canApprove: true,
      awaitingCount: 1,
      canSeeStatements: true,
    });
    expect(await entryOf(company.finance.browser)).toEqual({
      ...common,
      role: 'finance',
      canSeeOrders: true,
      canApprove: false,
      awaitingCount: 0,
      canSeeStatements: true,
    });
    expect(await entryOf(company.buyer.browser)).toEqual({
      ...common,
      role: 'buyer',
      canSeeOrders: false,
      canApprove: false,
      awaitingCount: 0,
      canSeeStatements: false,
    });
    expect(await entryOf((await t.member()).browser)).toBeNull();
  });

  it('offers the approval link on a waiting order only to a viewer whose role may approve it', async () => {
    const company = await createApprovalCompany(t, '100', '深圳手机详情有限公司');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const waiting = await placeUnits(company.buyer, productId, 150);
    const detailUrl = `/m/user/order/detail/${waiting.orderNo}`;
    expect(await dataOf<MobileOrderDetailData>(company.buyer.browser, detailUrl)).toMatchObject({ mayApprove: false, order: { status: 'awaitingApproval' } });
    // The 采购 is made 审批 while the order waits: now they may decide it (the call agrees).
    await company.admin.browser.callOk(companyCalls.changeRole, { userId: company.buyer.userId, role: 'approver' });
    expect(await dataOf<MobileOrderDetailData>(company.buyer.browser, detailUrl)).toMatchObject({ mayApprove: true });
    await company.buyer.browser.callOk(orderApprovalCalls.approve, { orderNo: waiting.orderNo, filter: 'awaitingApproval', page: 1 });
    expect(await dataOf<MobileOrderDetailData>(company.buyer.browser, detailUrl)).toMatchObject({ mayApprove: false, order: { status: 'unpaid' } });
    // An order of a member without a company never offers it.
    const loner = await t.member();
    const own = await placeUnits(loner, productId, 150);
    expect(await dataOf<MobileOrderDetailData>(loner.browser, `/m/user/order/detail/${own.orderNo}`)).toMatchObject({ mayApprove: false });
  });
});
