import type { Page } from '@playwright/test';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';
import { companyColleague, journeyCreditCode } from './company-fixtures.ts';

async function buyerOrder(buyer: Page, storeDb: StoreDb): Promise<string> {
  const parts = await newParts(buyer, storeDb, 1);
  const placed = await placeOrder(buyer, parts, await saveShenzhenAddress(buyer));
  expect(placed.status).toBe('awaitingApproval');
  return placed.orderNo;
}

test.use({ memberFields: { nickName: '吴管理' } });

test('the admin sets 审批金额; a 采购’s order above it waits, an 审批 approves it and the buyer pays; another is rejected with a reason', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}) => {
  test.setTimeout(120_000);
  await page.goto('/user/company');
  await callOk(page, companyCalls.create, { name: '上海审批电子有限公司', creditCode: journeyCreditCode('91310000') });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('company-approval-threshold')).toContainText('未设置审批金额');
  await page.getByLabel('审批金额（元）').fill('0.01');
  await page.getByRole('button', { name: '保存审批金额' }).click();
  await expect(page.getByTestId('company-approval-threshold')).toContainText('审批金额 ¥0.01');
  await page.screenshot({ path: '/tmp/h1-company-threshold.png', fullPage: true });

  const buyer = (await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'buyer', nickName: '郑采购' })).page;
  const approver = (await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'approver', nickName: '冯审批' })).page;
  const orderNo = await buyerOrder(buyer, storeDb);

  // The buyer sees it waiting, who must approve it, and the cashier refuses it.
  await buyer.goto(`/user/order/detail/${orderNo}`);
  await expect(buyer.getByTestId('detail-status')).toHaveText('待审批');
  await expect(buyer.getByTestId('order-approval-approvers')).toContainText('冯审批');
  await buyer.screenshot({ path: '/tmp/h1-detail-waiting.png', fullPage: true });
  await buyer.goto(`/offer/pay/${orderNo}`);
  await expect(buyer.getByTestId('cashier-closed')).toContainText('订单正在等待企业审批，审批通过后才能付款');
  await expect(buyer.getByRole('button', { name: '模拟支付成功' })).toHaveCount(0);
  await buyer.screenshot({ path: '/tmp/h1-cashier-waiting.png', fullPage: true });

  // The approver was told, finds it under 待审批 and approves it.
  await approver.goto('/user/message/list');
  await expect(approver.getByRole('link', { name: new RegExp(`订单${orderNo}.*超过企业审批金额`) })).toBeVisible();
  await approver.goto('/user/company/orders');
  await waitForHydration(approver);
  await approver.getByRole('link', { name: '待审批（1）' }).click();
  await approver.waitForURL('/user/company/orders?filter=awaitingApproval');
  await waitForHydration(approver);
  const row = approver.getByTestId('company-order').filter({ hasText: orderNo });
  await expect(row).toContainText('郑采购（采购）');
  await expect(row.getByTestId('company-order-status')).toContainText('待审批');
  await approver.screenshot({ path: '/tmp/h1-company-orders-waiting.png', fullPage: true });
  await checkAccessibility(approver, '/user/company/orders?filter=awaitingApproval');
  await row.getByRole('button', { name: '批准' }).click();
  await expect(approver.getByText('已批准，采购可在支付期限内付款')).toBeVisible();
  await expect(approver.getByTestId('company-orders-empty')).toHaveText('没有等待审批的订单。');

  // The buyer pays with the development provider; the detail names the approver.
  await buyer.goto(`/offer/pay/${orderNo}`);
  await waitForHydration(buyer);
  await buyer.getByRole('radio', { name: /模拟支付/ }).check();
  await buyer.getByRole('button', { name: '模拟支付成功' }).click();
  await buyer.waitForURL(`/user/order/detail/${orderNo}`);
  await expect(buyer.getByTestId('detail-status')).toHaveText('待发货');
  await expect(buyer.getByTestId('order-approval-decided')).toContainText('批准人：冯审批');

  // A second order: the admin rejects it with a reason; the buyer sees it cancelled, and why.
  const rejected = await buyerOrder(buyer, storeDb);
  await page.goto('/user/company/orders?filter=awaitingApproval');
  await waitForHydration(page);
  await page.getByTestId('company-order').filter({ hasText: rejected }).getByRole('button', { name: '驳回' }).click();
  const dialog = page.getByRole('dialog', { name: `驳回订单 ${rejected}` });
  await dialog.getByRole('button', { name: '确定驳回' }).click();
  await expect(page.getByText('请填写驳回理由')).toBeVisible();
  await dialog.getByLabel('驳回理由（将通知下单的采购）').fill('本月预算已用完');
  await page.screenshot({ path: '/tmp/h1-reject-dialog.png' });
  await dialog.getByRole('button', { name: '确定驳回' }).click();
  await expect(page.getByText('已驳回，订单已取消')).toBeVisible();
  await expect(dialog).toBeHidden();
  await buyer.goto(`/user/order/detail/${rejected}`);
  await expect(buyer.getByTestId('detail-status')).toHaveText('已取消');
  await expect(buyer.getByTestId('order-approval-decided')).toContainText('驳回人：吴管理');
  await expect(buyer.getByTestId('order-approval-decided')).toContainText('本月预算已用完');

  // The phone's order page shows the same.
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(`/m/user/order/detail/${rejected}`);
  await expect(buyer.getByTestId('m-detail-status')).toHaveText('已取消');
  await expect(buyer.getByTestId('order-approval-state')).toHaveText('已驳回');
  await buyer.screenshot({ path: '/tmp/h1-mobile-detail-rejected.png', fullPage: true });
  expect(member.userId).toBeGreaterThan(0);
});
