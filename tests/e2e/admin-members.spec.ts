import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import type { StaffRole } from '../../src/contract/staff.ts';
import { hashPassword } from '../../src/server/features/account/account.service.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { isDeal } from '../../src/server/features/order/order-deal.query.ts';
import { expect, test, uniquePhone, waitForHydration, type StoreDb } from './fixtures.ts';

/** 会员管理, 供应商审核 and 数据概览 in Chromium. */

const run = `${Date.now() % 100_000}${process.pid % 100}`;
const password = 'MemberDesk2026x';

/** Tests of this file that a worker runs one after another each sign in a staff member of their own. */
let staffCount = 0;

async function staffPage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb, role: StaffRole, returnPath: string): Promise<Page> {
  const login = `md${role}${run}${staffCount++}`;
  const { totp } = await createStaffUser(storeDb, { login, displayName: `会员${role}`, role, password });
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/admin/login?return=${encodeURIComponent(returnPath)}`);
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath.replace('?', '\\?')}$`));
  await waitForHydration(page);
  return page;
}

test('customer service disables a member, who then cannot log in', async ({ page, browser, baseURL, storeDb }) => {
  const phone = uniquePhone();
  const userNumber = `E26${run}`.slice(0, 11);
  await storeDb
    .insertInto('users')
    .values({ phone, userNumber, nickName: '停用测试', passwordHash: await hashPassword('pass1234'), userImgPath: null, inviter: null, createdAt: Date.now() })
    .execute();

  const service = await staffPage(browser, baseURL, storeDb, 'service', '/admin/members');
  await expect(service.getByRole('link', { name: '会员管理' })).toBeVisible();
  await service.getByRole('searchbox', { name: '手机号' }).fill(phone);
  const row = service.getByRole('row').filter({ hasText: userNumber });
  await expect(service.getByTestId(`member-state-${userNumber}`)).toHaveText('正常');
  await expect(service.getByTestId('grid-total')).toHaveText('共 1 条');
  await service.screenshot({ path: '/tmp/h8-members.png', fullPage: true });
  await row.getByRole('button', { name: '停用' }).click();
  await expect(service.getByRole('alert').first()).toContainText(`已停用会员 ${userNumber}`);
  await expect(service.getByTestId(`member-state-${userNumber}`)).toHaveText('已停用');

  await row.getByRole('link', { name: userNumber }).click();
  await expect(service.getByTestId('member-status')).toContainText('已停用');
  await service.screenshot({ path: '/tmp/h8-member-detail.png', fullPage: true });

  await page.goto('/account/login');
  await waitForHydration(page);
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill('pass1234');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toHaveText('该账号已被停用，如有疑问请联系客服');
  await expect(page).toHaveURL(/\/account\/login$/);
});

test('customer service reviews a supplier application: approves it with its licence listed', async ({ browser, baseURL, storeDb }) => {
  const phone = uniquePhone();
  const applicant = await storeDb
    .insertInto('users')
    .values({ phone, userNumber: `S26${run}`.slice(0, 11), nickName: '供应商', passwordHash: null, userImgPath: null, inviter: null, createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const applicationNo = `GY261126${run}`.slice(0, 18);
  const { id } = await storeDb
    .insertInto('supplierApplications')
    .values({
      applicationNo,
      userId: applicant.id,
      companyName: `深圳审核测试电子有限公司${run}`,
      creditCode: '91330100799655058B',
      contactName: '周经理',
      phone,
      categories: JSON.stringify([{ categoryId: 1, categoryName: '电阻' }]),
      brands: 'TI, ST',
      annualVolume: 'under1m',
      status: 'pending',
      createdAt: Date.now(),
      reviewedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const service = await staffPage(browser, baseURL, storeDb, 'service', `/admin/supplier-applications?id=${String(id)}`);
  const detail = service.getByTestId('supplier-detail');
  await expect(detail).toContainText(applicationNo);
  await expect(service.getByTestId('supplier-status')).toHaveText('待审核');
  await service.screenshot({ path: '/tmp/h8-supplier.png', fullPage: true });
  await detail.getByRole('button', { name: '驳回' }).click();
  await expect(detail.getByRole('alert')).toHaveText('驳回申请须填写原因');
  await detail.getByPlaceholder('审核意见（驳回必填）').fill('资料齐全，欢迎入驻');
  await detail.getByRole('button', { name: '通过' }).click();
  await expect(service.getByTestId('supplier-status')).toHaveText('已通过');
  const stored = await storeDb.selectFrom('supplierApplications').select(['status', 'reviewer', 'reason']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'approved', reviewer: '会员service', reason: '资料齐全，欢迎入驻' });

  await service.goto('/admin/contact-messages');
  await expect(service.getByRole('heading', { name: '联系留言' })).toBeVisible();
  await service.screenshot({ path: '/tmp/h8-contact.png', fullPage: true });
});

test("the dashboard shows today's deal count equal to the orders paid today that still stand", async ({ browser, baseURL, storeDb }) => {
  const admin = await staffPage(browser, baseURL, storeDb, 'admin', '/admin');
  const dayMs = 86_400_000;
  const beijing = 8 * 3_600_000;
  const todayStart = Math.floor((Date.now() + beijing) / dayMs) * dayMs - beijing;
  // Journeys running beside this one place orders too: the page's figure is read between two counts.
  // 成交 (order-deal.ts): paid today, neither cancelled, closed nor refunded in full.
  const ordersToday = async () =>
    (await storeDb.selectFrom('orders').select(['status', 'paidAt', 'payableCents', 'refundedCents']).where('paidAt', '>=', todayStart).execute()).filter(
      isDeal,
    ).length;
  const before = await ordersToday();
  await admin.reload();
  const shown = Number(await admin.getByTestId('today-orders').textContent());
  const after = await ordersToday();
  // A refund beside it may lower the count as a payment raises it.
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  expect(before).toBeGreaterThan(0);
  await expect(admin.getByTestId('orders-chart').locator('canvas')).toBeVisible();
  await admin.screenshot({ path: '/tmp/h8-dashboard.png', fullPage: true });

  const content = await staffPage(browser, baseURL, storeDb, 'content', '/admin');
  await expect(content.getByTestId('dashboard')).toHaveCount(0);
  await expect(content.getByRole('heading', { name: /欢迎/ })).toBeVisible();
});
