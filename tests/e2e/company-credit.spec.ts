import { companyCalls } from '../../src/contract/company-account-calls.ts';
import { beijingMonthOf, nextBeijingMonth, startOfBeijingMonth } from '../../src/contract/time.ts';
import { runStatementClock } from '../../src/server/features/company-credit/company-credit.service.ts';
import { expect, newParts, signInStaff, test, waitForHydration } from './fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';
import { companyColleague, journeyCreditCode } from './company-fixtures.ts';

test('staff grant 月结, a 采购 pays an order on account, the month closes, 财务 downloads the 对账单 and staff settle it', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}, testInfo) => {
  test.setTimeout(120_000);
  expect(member.userId).toBeGreaterThan(0);
  const name = `苏州月结旅程${String(Date.now() % 100_000)}电子有限公司`;
  await page.goto('/user/company');
  await callOk(page, companyCalls.create, { name, creditCode: journeyCreditCode('91320500') });
  const buyer = await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'buyer' });
  const finance = await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'finance' });

  // Staff (财务) find the company on the desk and grant 月结.
  const staffPage = await (await browser.newContext({ baseURL })).newPage();
  await signInStaff(staffPage, storeDb, 'finance', { returnPath: '/admin/companies' });
  await staffPage.getByLabel('企业名称或统一社会信用代码').fill(name);
  await staffPage.getByRole('button', { name: '查询' }).click();
  await staffPage.getByRole('link', { name }).click();
  await waitForHydration(staffPage);
  await expect(staffPage.getByTestId('desk-credit')).toHaveText('未开通');
  await staffPage.getByLabel('信用额度（元）').fill('5000');
  await staffPage.getByLabel('账期（天）').fill('30');
  await staffPage.getByRole('button', { name: '开通月结' }).click();
  await expect(staffPage.getByTestId('desk-credit')).toContainText('已开通，额度 ¥5000.00，已用 ¥0.00，可用 ¥5000.00，账期 30 天');

  // The company page lists who is in the company, read-only, phones masked; the two accepted invitations too.
  const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;
  const deskMembers = staffPage.getByTestId('desk-member');
  await expect(deskMembers).toHaveCount(3);
  for (const [phone, roleLabel] of [
    [member.phone, '管理员'],
    [buyer.member.phone, '采购'],
    [finance.member.phone, '财务'],
  ] as const) {
    await expect(deskMembers.filter({ hasText: masked(phone) })).toContainText(roleLabel);
    await expect(staffPage.getByTestId('company-desk-members')).not.toContainText(phone);
  }
  await expect(staffPage.getByTestId('desk-invitation').filter({ hasText: masked(buyer.member.phone) })).toContainText('已接受');
  await staffPage.screenshot({ path: testInfo.outputPath('console-company-members.png'), fullPage: true });

  // The 采购 places an order and pays it on account at the cashier; the order goes 待发货.
  const [part] = await newParts(buyer.page, storeDb, 1);
  if (!part) throw new Error('no part');
  const order = await placeOrder(buyer.page, [part], await saveShenzhenAddress(buyer.page));
  await buyer.page.goto(`/offer/pay/${order.orderNo}`);
  await waitForHydration(buyer.page);
  await expect(buyer.page.getByTestId('on-account')).toContainText('月结支付（可用额度 ¥5000.00）');
  await buyer.page.screenshot({ path: '/tmp/h2-cashier.png', fullPage: true });
  await buyer.page.getByTestId('on-account-pay').click();
  await buyer.page.waitForURL(`/user/order/detail/${order.orderNo}`);
  await expect(buyer.page.getByText('待发货').first()).toBeVisible();

  // The phone cashier offers it too, with the credit now left.
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await phone.context().addCookies(await buyer.page.context().cookies());
  const second = await placeOrder(buyer.page, [part], await saveShenzhenAddress(buyer.page));
  await phone.goto(`/m/offer/pay/${second.orderNo}`);
  await expect(phone.getByTestId('on-account')).toContainText(`月结支付（可用额度 ¥`);
  await phone.screenshot({ path: '/tmp/h2-mobile-pay.png', fullPage: true });

  // The company page shows 月结 to its 管理员; the month closes (the statements' clock at the Beijing month boundary).
  await page.goto('/user/company');
  await expect(page.getByTestId('credit-limit')).toHaveText('¥5000.00');
  await runStatementClock(storeDb, startOfBeijingMonth(nextBeijingMonth(beijingMonthOf(Date.now()))));

  // 财务 sees the statement, is told, and downloads the PDF and the Excel.
  await finance.page.goto('/user/company/statements');
  await waitForHydration(finance.page);
  const row = finance.page.getByTestId('statement-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已出账');
  await expect(finance.page.getByTestId('credit-available')).toBeVisible();
  await finance.page.screenshot({ path: '/tmp/h2-statements.png', fullPage: true });
  const pdf = finance.page.waitForEvent('download');
  await row.getByTestId('statement-pdf').click();
  expect((await pdf).suggestedFilename()).toMatch(/^对账单-.*\.pdf$/);
  const xlsx = finance.page.waitForEvent('download');
  await row.getByTestId('statement-xlsx').click();
  expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);
  await finance.page.goto('/user/message/list');
  await expect(finance.page.getByRole('main').getByText('对账单已出账').first()).toBeVisible();

  // Staff record the transfer; the statement is 已结清 for 财务.
  await staffPage.reload();
  await waitForHydration(staffPage);
  const deskRow = staffPage.getByTestId('desk-statement').first();
  await expect(deskRow).toContainText(order.orderNo);
  await staffPage.screenshot({ path: '/tmp/h2-desk.png', fullPage: true });
  await deskRow.getByLabel('到账备注').fill('工行流水 20261206');
  await deskRow.getByRole('button', { name: '登记结清' }).click();
  await expect(staffPage.getByText('对账单已登记结清')).toBeVisible();
  await expect(staffPage.getByTestId('desk-statement').first()).toContainText('已结清');
  await finance.page.goto('/user/company/statements');
  await expect(finance.page.getByTestId('statement-row')).toContainText('已结清');

  // Staff withdraw 月结: the cashier no longer offers it.
  await staffPage.getByRole('button', { name: '停用月结' }).click();
  await expect(staffPage.getByTestId('desk-credit')).toContainText('已停用');
  await phone.reload();
  await expect(phone.getByTestId('m-pay-order-no')).toHaveText(second.orderNo);
  await expect(phone.getByTestId('on-account')).toHaveCount(0);
});
