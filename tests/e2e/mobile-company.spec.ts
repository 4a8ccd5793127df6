import type { Browser, Page, TestInfo } from '@playwright/test';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import type { CompanyRole } from '../../src/contract/company-account.ts';
import { paymentCalls } from '../../src/contract/payment-calls.ts';
import { beijingMonthOf, nextBeijingMonth, startOfBeijingMonth } from '../../src/contract/time.ts';
import { grantCredit, runStatementClock } from '../../src/server/features/company-credit/company-credit.service.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';
import { companyColleague, journeyCreditCode } from './company-fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const phone = { userAgent: iPhone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.use({ ...phone, memberFields: { nickName: '陈管理' } });

/** A colleague on a phone, the page's script errors collected (none may happen). */
async function phoneColleague(browser: Browser, storeDb: StoreDb, admin: Page, options: { baseURL: string; role: CompanyRole; nickName: string }) {
  const colleague = await companyColleague(browser, storeDb, admin, { ...options, context: phone });
  const errors: string[] = [];
  colleague.page.on('pageerror', (error) => errors.push(error.message));
  return { ...colleague, errors };
}

/** The page fits the phone (nothing wider than 390 px); a full-page screenshot into the test's output. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test('on phones an approver approves one 采购 order and rejects another with a reason; 财务 opens 月结 and the 对账单', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}, testInfo) => {
  test.setTimeout(150_000);
  expect(member.userId).toBeGreaterThan(0);
  const name = `深圳手机审批${String(Date.now() % 100_000)}电子有限公司`;
  await page.goto('/m/user/person');
  const created = await callOk(page, companyCalls.create, { name, creditCode: journeyCreditCode('91440300') });
  await callOk(page, companyCalls.setApprovalThreshold, { threshold: '0.01' });
  await grantCredit(storeDb, { companyId: created.company?.companyId ?? 0, limitCents: 500_000, termsDays: 30 }, Date.now());
  const buyer = await phoneColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'buyer', nickName: '林采购' });
  const approver = await phoneColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'approver', nickName: '黄审批' });
  const finance = await phoneColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'finance', nickName: '周财务' });

  // The 采购 orders above the 审批金额 twice: both wait.
  const [part] = await newParts(buyer.page, storeDb, 1);
  if (!part) throw new Error('no part');
  const address = await saveShenzhenAddress(buyer.page);
  const approved = await placeOrder(buyer.page, [part], address);
  const rejected = await placeOrder(buyer.page, [part], address);
  expect([approved.status, rejected.status]).toEqual(['awaitingApproval', 'awaitingApproval']);

  // The 采购's 我的 has 企业 without the approvers' pages; 公司订单 refuses them as the desktop does.
  await buyer.page.goto('/m/user/person');
  await expect(buyer.page.getByTestId('m-person-company')).toContainText(`${name} · 采购`);
  await expect(buyer.page.getByTestId('m-person-company-orders')).toHaveCount(0);
  await expect(buyer.page.getByTestId('m-person-company-statements')).toHaveCount(0);
  await buyer.page.goto('/m/user/company/orders');
  await expect(buyer.page.getByTestId('m-company-refusal')).toContainText('您在企业中的角色无权进行此操作');
  await shoot(buyer.page, testInfo, 'company-orders-refused');

  // The approver's 我的 shows 2 waiting; the cards show who ordered what for how much.
  const phoneOfApprover = approver.page;
  await phoneOfApprover.goto('/m/user/person');
  await waitForHydration(phoneOfApprover);
  await expect(phoneOfApprover.getByTestId('m-person-company')).toContainText(`${name} · 审批`);
  await expect(phoneOfApprover.getByTestId('m-person-company-awaiting')).toContainText('待审批订单2');
  await shoot(phoneOfApprover, testInfo, 'person-approver');
  await phoneOfApprover.getByTestId('m-person-company-awaiting').tap();
  await phoneOfApprover.waitForURL('/m/user/company/orders?filter=awaitingApproval');
  await waitForHydration(phoneOfApprover);
  await expect(phoneOfApprover.getByTestId('m-company-tab-awaitingApproval')).toHaveText('待审批（2）');
  await expect(phoneOfApprover.getByTestId('m-company-threshold')).toHaveText('审批金额 ¥0.01：采购订单超过此金额须审批');
  const approvedCard = phoneOfApprover.getByTestId('m-company-order').filter({ hasText: approved.orderNo });
  await expect(approvedCard.getByTestId('m-company-order-buyer')).toHaveText('林采购（采购）');
  await expect(approvedCard.getByTestId('m-company-order-amount')).toHaveText(`¥${(approved.payableCents / 100).toFixed(2)}`);
  await expect(approvedCard.getByTestId('m-company-order-status')).toHaveText('待审批');
  await shoot(phoneOfApprover, testInfo, 'company-orders-awaiting');
  await checkAccessibility(phoneOfApprover, '/m/user/company/orders?filter=awaitingApproval');

  // 批准 on the phone: the desktop's call answers the list, the order leaves 待审批.
  await approvedCard.getByRole('button', { name: '批准' }).tap();
  await expect(phoneOfApprover.locator('.toast').filter({ hasText: '已批准，采购可在支付期限内付款' })).toBeVisible();
  await expect(phoneOfApprover.getByTestId('m-company-tab-awaitingApproval')).toHaveText('待审批（1）');
  await expect(phoneOfApprover.getByTestId('m-company-order')).toHaveCount(1);

  // 驳回 asks for a reason in a sheet: without one the server's refusal is toasted; with one the order is cancelled.
  await phoneOfApprover.getByTestId('m-company-order').filter({ hasText: rejected.orderNo }).getByRole('button', { name: '驳回' }).tap();
  const sheet = phoneOfApprover.getByRole('dialog', { name: `驳回订单 ${rejected.orderNo}` });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: '确定驳回' }).tap();
  await expect(phoneOfApprover.locator('.toast').filter({ hasText: '请填写驳回理由' })).toBeVisible();
  await sheet.getByLabel('驳回理由（将通知下单的采购）').fill('型号选错，请改用车规级');
  await shoot(phoneOfApprover, testInfo, 'reject-sheet');
  await checkAccessibility(phoneOfApprover, '/m/user/company/orders (驳回 sheet)');
  await sheet.getByRole('button', { name: '确定驳回' }).tap();
  await expect(phoneOfApprover.locator('.toast').filter({ hasText: '已驳回，订单已取消' })).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(phoneOfApprover.getByTestId('m-company-orders-empty')).toHaveText('没有等待审批的订单。');

  // 全部 shows both as they are now; the server stored the decisions.
  await phoneOfApprover.getByTestId('m-company-tab-all').tap();
  await phoneOfApprover.waitForURL('/m/user/company/orders');
  await expect(phoneOfApprover.getByTestId('m-company-order').filter({ hasText: approved.orderNo }).getByTestId('m-company-order-status')).toHaveText('待付款');
  await expect(phoneOfApprover.getByTestId('m-company-order').filter({ hasText: rejected.orderNo }).getByTestId('m-company-order-status')).toHaveText('已取消');
  await shoot(phoneOfApprover, testInfo, 'company-orders-all');
  const stored = await storeDb
    .selectFrom('orders')
    .select(['orderNo', 'status', 'cancelReason'])
    .where('orderNo', 'in', [approved.orderNo, rejected.orderNo])
    .execute();
  expect(Object.fromEntries(stored.map((row) => [row.orderNo, [row.status, row.cancelReason]]))).toEqual({
    [approved.orderNo]: ['unpaid', null],
    [rejected.orderNo]: ['cancelled', '企业审批驳回：型号选错，请改用车规级'],
  });

  // The approval message's desktop address brings a phone to the phone page.
  await phoneOfApprover.goto('/user/company/orders?filter=awaitingApproval');
  await phoneOfApprover.waitForURL('/m/user/company/orders?filter=awaitingApproval');

  // The 采购 pays the approved order on account; the month closes.
  await callOk(buyer.page, paymentCalls.payOnAccount, { orderNo: approved.orderNo });
  await runStatementClock(storeDb, startOfBeijingMonth(nextBeijingMonth(beijingMonthOf(Date.now()))));

  // 财务 finds 月结与对账单 under 我的: the limit, what is used, the statement and its downloads.
  const phoneOfFinance = finance.page;
  await phoneOfFinance.goto('/m/user/person');
  await expect(phoneOfFinance.getByTestId('m-person-company-awaiting')).toHaveCount(0);
  await phoneOfFinance.getByTestId('m-person-company-statements').tap();
  await phoneOfFinance.waitForURL('/m/user/company/statements');
  await waitForHydration(phoneOfFinance);
  await expect(phoneOfFinance.getByTestId('credit-limit')).toHaveText('¥5000.00');
  await expect(phoneOfFinance.getByTestId('credit-used')).toHaveText(`¥${(approved.payableCents / 100).toFixed(2)}`);
  const statement = phoneOfFinance.getByTestId('m-statement');
  await expect(statement).toHaveCount(1);
  await expect(statement.getByTestId('m-statement-status')).toHaveText('已出账');
  await expect(statement).toContainText(`¥${(approved.payableCents / 100).toFixed(2)}`);
  await shoot(phoneOfFinance, testInfo, 'statements-finance');
  await checkAccessibility(phoneOfFinance, '/m/user/company/statements');
  const pdf = phoneOfFinance.waitForEvent('download');
  await statement.getByTestId('m-statement-pdf').tap();
  expect((await pdf).suggestedFilename()).toBe(`对账单-${name}-${beijingMonthOf(Date.now())}.pdf`);
  const xlsx = phoneOfFinance.waitForEvent('download');
  await statement.getByTestId('m-statement-xlsx').tap();
  expect((await xlsx).suggestedFilename()).toMatch(/^对账单-.*\.xlsx$/);

  // The approver is refused the statements as on the desktop, at the desktop address too.
  await phoneOfApprover.goto('/user/company/statements');
  await phoneOfApprover.waitForURL('/m/user/company/statements');
  await expect(phoneOfApprover.getByTestId('m-statements-refusal')).toHaveText('对账单仅企业管理员和财务可以查看。');
  await shoot(phoneOfApprover, testInfo, 'statements-refused');

  // A waiting order of a 采购 who is made 审批 meanwhile: its phone detail leads to 待审批.
  const third = await placeOrder(buyer.page, [part], address);
  await callOk(page, companyCalls.changeRole, { userId: buyer.member.userId, role: 'approver' });
  await buyer.page.goto(`/m/user/order/detail/${third.orderNo}`);
  await expect(buyer.page.getByTestId('m-detail-status')).toHaveText('待审批');
  await shoot(buyer.page, testInfo, 'order-detail-approver-link');
  await buyer.page.getByTestId('m-detail-approve-link').getByRole('link', { name: '前往待审批订单' }).tap();
  await buyer.page.waitForURL('/m/user/company/orders?filter=awaitingApproval');
  await expect(buyer.page.getByTestId('m-company-order').filter({ hasText: third.orderNo }).getByRole('button', { name: '批准' })).toBeVisible();

  expect([...buyer.errors, ...approver.errors, ...finance.errors]).toEqual([]);
});
