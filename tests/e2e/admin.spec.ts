import { execFileSync } from 'node:child_process';
import { generate } from 'otplib';
import { expect, test, waitForHydration } from './fixtures.ts';

/** The e2e server's store, which the command line writes the first administrator into. */
const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

function createAdminFromCommandLine(login: string, password: string): string {
  const output = execFileSync(
    'node',
    ['--import', 'tsx', 'src/server/admin-cli/admin.cli.ts', 'create-user', '--login', login, '--name', '周管理', '--role', 'admin'],
    {
      env: { ...process.env, DATABASE_URL: storePath, STAFF_PASSWORD: password },
      encoding: 'utf8',
    },
  );
  expect(output).toContain(`已创建员工账号 ${login}`);
  expect(output).toMatch(/otpauth:\/\/totp\//);
  const secret = /密钥: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no secret in: ${output}`);
  return secret;
}

test('the first administrator, created on the command line, logs in with a TOTP code, sees the console and logs out', async ({ page }) => {
  const login = `boss${Date.now() % 1_000_000}`;
  const password = 'Console2026x';
  const secret = createAdminFromCommandLine(login, password);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForHydration(page);
  const code = await generate({ secret });
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('登录名、密码或动态码错误');

  await page.getByLabel('动态码').fill(code);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-staff-name')).toHaveText('周管理');
  await expect(page.getByRole('link', { name: '员工管理' })).toBeVisible();
  await waitForHydration(page);

  await page.getByRole('link', { name: '员工管理' }).click();
  await expect(page.getByRole('heading', { name: '员工管理' })).toBeVisible();
  await expect(page.getByRole('cell', { name: login, exact: true })).toBeVisible();

  await waitForHydration(page);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
