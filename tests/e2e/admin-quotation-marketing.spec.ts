import type { Browser, Page } from '@playwright/test';
import { quotationCalls } from '../../src/contract/quotation-calls.ts';
import { expect, newParts, signInStaff, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { callOk } from './order-fixtures.ts';

/**
 * A staff account of the role, signed in in a browser of its own. Made in the journey's database connection, not by the
 * admin command line: a second process writing the store's SQLite file waited past its lock timeout while another
 * journey's price import held the writer (run 4 with 4 workers); the command line has its own tests (admin-cli).
 */
async function staffPage(browser: Browser, storeDb: StoreDb, role: 'sales' | 'content', name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInStaff(page, storeDb, role, { displayName: name });
  return page;
}

test('a sales staff member prices an unmatched BOM line with a substitute and sends the offer; the member sees it on /user/quotation and in messages', async ({
  page,
  browser,
  storeDb,
  member,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  test.setTimeout(120_000);
  const [part] = await newParts(page, storeDb, 1);
  if (!part) throw new Error('no part');
  const unknownCode = `NOSUCH-${String(Date.now() % 1_000_000)}`;
  const { quotationId } = await callOk(page, quotationCalls.request, {
    note: '试产询价',
    lines: [{ lineNo: 1, partNumber: unknownCode, quantity: part.quantity }],
  });

  const sales = await staffPage(browser, storeDb, 'sales', '销售小王');
  await expect(sales.getByRole('link', { name: '报价管理' })).toBeVisible();
  await sales.goto('/admin/quotations');
  await waitForHydration(sales);
  await expect(sales.getByRole('link', { name: /^Q\d+/ }).first()).toBeVisible();
  await sales.goto(`/admin/quotations/${String(quotationId)}`);
  await waitForHydration(sales);
  const line = sales.getByTestId('offer-line-1');
  await expect(line).toContainText(unknownCode);
  await expect(line).toContainText('未匹配');
  await line.getByLabel('第1行替代型号').fill(part.code);
  await line.getByRole('button', { name: '查找' }).click();
  await expect(line.getByLabel('第1行报价商品')).toContainText(part.code);
  await line.getByLabel('第1行单价').fill('0.1234');
  await line.getByLabel('第1行交期').fill('2-3周');
  await sales.screenshot({ path: '/tmp/h6-quotation-detail.png', fullPage: true });
  await sales.getByRole('button', { name: '发送报价' }).click();
  await expect(sales.getByTestId('quotation-notice')).toHaveText('报价已发送，会员将收到报价消息');
  await expect(sales.getByTestId('quotation-status')).toHaveText('已报价');
  await sales.goto('/admin/quotations');
  await sales.screenshot({ path: '/tmp/h6-quotations.png', fullPage: true });

  await page.goto('/user/quotation?status=quoted');
  const card = page.getByTestId('quotation-card').filter({ hasText: unknownCode });
  await expect(card.getByTestId('quotation-status')).toHaveText('已报价');
  await expect(card).toContainText(part.code);
  await expect(card).toContainText('2-3周');
  await page.goto('/user/message?messageType=5');
  await expect(page.locator('body')).toContainText('已报价');
});

test('a content staff member creates a coupon shown in the coupon centre, and a member claims it', async ({ page, browser, storeDb, member }) => {
  test.setTimeout(120_000);
  expect(member.userId).toBeGreaterThan(0);
  const name = `E2E满100减10 ${String(Date.now() % 1_000_000)}`;
  const content = await staffPage(browser, storeDb, 'content', '内容小李');
  await expect(content.getByRole('link', { name: '营销管理' })).toBeVisible();
  await content.goto('/admin/coupons/new');
  await waitForHydration(content);
  await content.getByLabel('名称').fill(name);
  await content.getByLabel('面额（元）').fill('10');
  await content.getByLabel('使用门槛（元，0为无门槛）').fill('100');
  await content.getByLabel('发放总量（不填为不限）').fill('50');
  await content.getByRole('button', { name: '保存' }).click();
  await expect(content.getByTestId('coupon-notice')).toHaveText('优惠券已创建');
  await expect(content.getByTestId('coupon-state')).toHaveText('发放中');
  await content.screenshot({ path: '/tmp/h6-coupon-edit.png', fullPage: true });
  await content.goto('/admin/coupons');
  await expect(content.getByRole('link', { name })).toBeVisible();
  await content.screenshot({ path: '/tmp/h6-coupons.png', fullPage: true });
  await content.goto('/admin/marketing');
  await content.screenshot({ path: '/tmp/h6-marketing-settings.png', fullPage: true });

  await page.goto('/coupon');
  await waitForHydration(page);
  const ticket = page
    .getByTestId('centre-coupon')
    .filter({ hasText: '满100元可用' })
    .filter({ has: page.getByTestId('coupon-claim') });
  const mine = page.locator('[data-testid="centre-coupon"]', { hasText: name });
  await expect(mine.or(ticket).first()).toBeVisible();
  await expect(page.locator('body')).toContainText(name);
  await mine.getByTestId('coupon-claim').click();
  await expect(mine.getByTestId('coupon-stamp')).toHaveText('已领取');
});
