import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import type { StaffRole } from '../../src/contract/staff.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { createMember } from '../../src/server/testing/factories.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';

/** The console's data grids in Chromium: 员工管理, 操作日志 and 会员管理 (view in the URL, bulk, export), and what a role without a permission does not see. */

test.describe.configure({ timeout: 60_000 });

const run = `${Date.now() % 100_000}${process.pid % 100}`;
const password = 'GridConsole2026';

async function staffWhoLogsIn(storeDb: StoreDb, role: StaffRole, login: string) {
  const { totp } = await createStaffUser(storeDb, { login, displayName: `网格${role}`, role, password });
  return { login, secret: totp.secret };
}

async function logIn(page: Page, staff: { login: string; secret: string }, returnPath: string) {
  await page.goto(`/admin/login?return=${encodeURIComponent(returnPath)}`);
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(staff.login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: staff.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath}$`));
  await waitForHydration(page);
}

/** Accounts that never log in (no real password or code needed): `${prefix}00` … */
async function plainAccounts(storeDb: StoreDb, prefix: string, count: number) {
  const now = Date.now();
  await storeDb
    .insertInto('staffUsers')
    .values(
      Array.from({ length: count }, (_, index) => ({
        login: `${prefix}${String(index).padStart(2, '0')}`,
        displayName: `列表${String(index).padStart(2, '0')}`,
        passwordHash: 'never-used',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        totpLastStep: null,
        role: index % 2 === 0 ? ('sales' as const) : ('service' as const),
        lockedUntil: null,
        createdAt: now + index,
        updatedAt: now + index,
      })),
    )
    .execute();
}

async function downloadedRows(page: Page, linkName: string, sheet: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: linkName }).click();
  const path = await (await download).path();
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet] ?? {}, { header: 1 });
}

test('员工管理: filter, sort, page, choose columns (kept across a reload), bulk disable and export what the filter shows', async ({ page, storeDb }) => {
  const prefix = `g${run}_`;
  await plainAccounts(storeDb, prefix, 25);
  const admin = await staffWhoLogsIn(storeDb, 'admin', `gridboss${run}`);
  await logIn(page, admin, '/admin/staff');
  const grid = page.getByRole('table', { name: '员工列表' });
  const firstLogin = grid.locator('tbody tr').first().locator('td').nth(1);

  await page.getByRole('searchbox', { name: '登录名' }).fill(prefix);
  await expect(page.getByTestId('grid-total')).toHaveText('共 25 条');
  await page.getByRole('button', { name: '登录名' }).click();
  await expect(firstLogin).toHaveText(`${prefix}00`);
  await page.getByRole('button', { name: '登录名 ▲' }).click();
  await expect(firstLogin).toHaveText(`${prefix}24`);
  await expect(page.getByRole('columnheader', { name: '登录名 ▼' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByTestId('grid-page')).toHaveText('第 2/2 页');
  await expect(grid.locator('tbody tr')).toHaveCount(5);
  await expect(firstLogin).toHaveText(`${prefix}04`);
  await page.getByRole('button', { name: '首页' }).click();
  await expect(page.getByTestId('grid-page')).toHaveText('第 1/2 页');

  await page.getByText('显示列').click();
  await page.getByRole('checkbox', { name: '创建时间' }).uncheck();
  await expect(page.getByRole('columnheader', { name: '创建时间' })).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('columnheader', { name: '显示名' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '创建时间' })).toHaveCount(0);
  // The filter and sort are in the URL: the reload shows the same view.
  await expect(page.getByRole('searchbox', { name: '登录名' })).toHaveValue(prefix);
  await expect(page.getByRole('columnheader', { name: '登录名 ▼' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('searchbox', { name: '登录名' }).fill(`${prefix}0`);
  await expect(page.getByTestId('grid-total')).toHaveText('共 10 条');
  await page.getByRole('search').getByRole('combobox', { name: '角色', exact: true }).selectOption('sales');
  await expect(page.getByTestId('grid-total')).toHaveText('共 5 条');
  // From descending, a click leaves the list's own order, the next sorts ascending.
  await page.getByRole('button', { name: '登录名' }).click();
  await expect(page.getByRole('columnheader', { name: '登录名' })).toHaveAttribute('aria-sort', 'none');
  await page.getByRole('button', { name: '登录名' }).click();
  await expect(firstLogin).toHaveText(`${prefix}00`);
  await grid.getByRole('checkbox', { name: '选择此行' }).nth(0).check();
  await grid.getByRole('checkbox', { name: '选择此行' }).nth(1).check();
  await expect(page.getByText('已选 2 项')).toBeVisible();
  await page.getByRole('button', { name: '批量停用' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已停用 2 个账号' })).toBeVisible();
  await expect(grid.locator('tbody tr').nth(0)).toContainText('已停用');
  await expect(grid.locator('tbody tr').nth(1)).toContainText('已停用');
  await expect(grid.locator('tbody tr').nth(2)).toContainText('正常');
  await page.screenshot({ path: '/tmp/h1-staff-grid.png', fullPage: true });

  await page.getByRole('search').getByRole('combobox', { name: '状态', exact: true }).selectOption('yes');
  await expect(page.getByTestId('grid-total')).toHaveText('共 2 条');
  const rows = await downloadedRows(page, '导出Excel', '员工列表');
  expect(rows[0]).toEqual(['登录名', '显示名', '角色', '状态', '创建时间', '最后修改']);
  expect(rows.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([
    [`${prefix}00`, '销售/报价', '已停用'],
    [`${prefix}02`, '销售/报价', '已停用'],
  ]);
});

test('操作日志: filter by staff, sort by a column, page size and pages, export what the filter shows', async ({ page, storeDb }) => {
  const staffName = `审计员${run}`;
  const at = Date.parse('2026-05-01T02:00:00Z');
  await storeDb
    .insertInto('auditLog')
    .values(
      Array.from({ length: 13 }, (_, index) => ({
        staffId: 1,
        staffName,
        action: index % 2 === 0 ? 'update' : 'create',
        subject: 'Product',
        subjectId: String(100 + index),
        beforeJson: null,
        afterJson: JSON.stringify({ index }),
        ip: '10.9.9.9',
        at: at + index * 60_000,
      })),
    )
    .execute();
  const admin = await staffWhoLogsIn(storeDb, 'admin', `auditboss${run}`);
  await logIn(page, admin, '/admin/audit');
  const grid = page.getByRole('table', { name: '操作日志' });

  await page.getByRole('searchbox', { name: '员工姓名' }).fill(staffName);
  await expect(page.getByTestId('grid-total')).toHaveText('共 13 条');
  await expect(grid.locator('tbody tr').first()).toContainText('Product #112');
  await page.getByRole('combobox', { name: '每页条数' }).selectOption('10');
  await expect(page.getByTestId('grid-page')).toHaveText('第 1/2 页');
  await page.getByRole('button', { name: '操作' }).click();
  await expect(grid.locator('tbody tr').first()).toContainText('create');
  await expect(grid.locator('tbody tr').first()).toContainText('Product #101');
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(grid.locator('tbody tr')).toHaveCount(3);
  await expect(grid.locator('tbody tr').first()).toContainText('update');
  await page.screenshot({ path: '/tmp/h1-audit-grid.png', fullPage: true });

  const rows = await downloadedRows(page, '导出Excel', '操作日志');
  expect(rows[0]).toEqual(['时间', '员工', '操作', '对象', '对象编号', '修改前', '修改后', 'IP']);
  expect(rows).toHaveLength(14);
  expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set([staffName]));
  expect(rows.slice(1, 7).map((row) => row[2])).toEqual(['create', 'create', 'create', 'create', 'create', 'create']);

  await page.getByRole('searchbox', { name: '员工姓名' }).fill(`无此人${run}`);
  await expect(grid.getByText('暂无数据')).toBeVisible();
});

test('a role without a permission does not see its buttons: 销售 on 商品管理 has no export, no 新建商品, no bulk selection', async ({ page, storeDb }) => {
  const sales = await staffWhoLogsIn(storeDb, 'sales', `gridsales${run}`);
  await logIn(page, sales, '/admin/products');
  await expect(page.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: '商品列表' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '导出Excel' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '新建商品' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: '选择此行' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '员工管理' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/h1-sales-products.png', fullPage: true });
});

test('会员管理: the filter is kept in the URL (rendered by the server on reload, back restores), bulk disable with a reason, export what the filter shows', async ({
  page,
  storeDb,
}) => {
  const nick = `网格会员${run}`;
  for (let index = 0; index < 3; index += 1) await createMember(storeDb, { nickName: `${nick}${String(index)}` });
  const service = await staffWhoLogsIn(storeDb, 'service', `gridservice${run}`);
  await logIn(page, service, '/admin/members');
  const grid = page.getByRole('table', { name: '会员列表' });
  const total = page.getByTestId('grid-total');
  const state = page.getByRole('search').getByRole('combobox', { name: '状态' });

  await page.getByRole('searchbox', { name: '昵称' }).fill(nick);
  await expect(total).toHaveText('共 3 条');
  await expect(page).toHaveURL(new RegExp(`\\?nickName=${encodeURIComponent(nick)}$`));
  // The server renders the filtered first page from the URL: no flash of the unfiltered grid.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toMatch(/共 (<!-- -->)?3(<!-- -->)? 条/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('searchbox', { name: '昵称' })).toHaveValue(nick);
  await expect(total).toHaveText('共 3 条');

  await state.selectOption('yes');
  await expect(total).toHaveText('共 0 条');
  await expect(page).toHaveURL(/disabled=yes/);
  await page.goBack();
  await expect(state).toHaveValue('');
  await expect(total).toHaveText('共 3 条');
  await page.goForward();
  await expect(state).toHaveValue('yes');
  await expect(total).toHaveText('共 0 条');
  await page.goBack();
  await expect(total).toHaveText('共 3 条');

  // A hand-edited link with values the grid cannot use shows the grid with its defaults, not an error page.
  await page.goto(`/admin/members?nickName=${encodeURIComponent(nick)}&page=abc&size=7&sort=password&level=x`);
  await waitForHydration(page);
  await expect(total).toHaveText('共 3 条');
  await expect(page).toHaveURL(new RegExp(`/admin/members\\?nickName=${encodeURIComponent(nick)}$`));

  await grid.getByRole('checkbox', { name: '选择此行' }).nth(0).check();
  await grid.getByRole('checkbox', { name: '选择此行' }).nth(1).check();
  await page.getByRole('button', { name: '批量停用' }).click();
  await expect(page.getByRole('status').filter({ hasText: '请先填写停用原因' })).toBeVisible();
  await page.getByLabel('停用/启用原因').fill('网格测试停用');
  await grid.getByRole('checkbox', { name: '选择此行' }).nth(0).check();
  await grid.getByRole('checkbox', { name: '选择此行' }).nth(1).check();
  await page.getByRole('button', { name: '批量停用' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已停用 2 位会员' })).toBeVisible();
  await state.selectOption('yes');
  await expect(total).toHaveText('共 2 条');
  const rows = await downloadedRows(page, '导出Excel', '会员列表');
  expect(rows[0]).toEqual(['会员编号', '昵称', '手机号', '等级', '累计消费', '成交订单数', '专属销售', '注册时间', '状态']);
  expect(rows.slice(1).map((row) => row[8])).toEqual(['已停用', '已停用']);
  expect(rows.slice(1).every((row) => String(row[1]).startsWith(nick))).toBe(true);
  const staffRow = await storeDb.selectFrom('staffUsers').select('id').where('login', '=', service.login).executeTakeFirstOrThrow();
  const audit = await storeDb
    .selectFrom('auditLog')
    .select('afterJson')
    .where('subject', '=', 'Member')
    .where('staffId', '=', staffRow.id)
    .orderBy('id')
    .execute();
  expect(audit.map((entry) => JSON.parse(entry.afterJson ?? '{}') as unknown)).toEqual([
    { isDisabled: true, reason: '网格测试停用' },
    { isDisabled: true, reason: '网格测试停用' },
  ]);
});
