import type { Browser, Page } from '@playwright/test';
import { maskPhone } from '../../src/contract/account.ts';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import { purchaseListCalls } from '../../src/contract/purchase-list-calls.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession, type NewMember } from '../../src/server/testing/factories.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, test, uniquePhone, waitForHydration, type StoreDb } from './fixtures.ts';
import { callOk, placeOrder, registerThroughPage, saveShenzhenAddress } from './order-fixtures.ts';
import { journeyCreditCode } from './company-fixtures.ts';

/** A second member signed in in a browser context of their own. */
async function memberInNewContext(browser: Browser, baseURL: string, storeDb: StoreDb, nickName: string): Promise<{ page: Page; member: NewMember }> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/no/such/page');
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === sessionCookieName)?.value;
  if (!sid) throw new Error('no sid cookie');
  const member = await createMember(storeDb, { nickName });
  await startMemberSession(storeDb, sid, member.userId);
  return { page, member };
}

test.use({ memberFields: { nickName: '陈经理' } });

test('a member creates a company, a colleague registering later with the invited phone accepts, and the admin sees their order in 公司订单', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}) => {
  test.setTimeout(90_000);
  await page.goto('/user/person');
  await page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: '企业账户' }).click();
  await page.waitForURL('/user/company');
  await waitForHydration(page);
  const code = journeyCreditCode('91440300');
  await page.getByLabel('企业名称').fill('深圳芯研电子有限公司');
  await page.getByLabel('统一社会信用代码').fill(`${code.slice(0, 17)}${code.endsWith('0') ? '1' : '0'}`);
  await page.getByRole('button', { name: '创建企业账户' }).click();
  await expect(page.getByText('统一社会信用代码校验位不正确，请核对')).toBeVisible();
  await page.getByLabel('统一社会信用代码').fill(code.toLowerCase());
  await page.getByLabel('联系人').fill('陈工');
  await page.getByRole('button', { name: '创建企业账户' }).click();
  await expect(page.getByText('我的角色：管理员')).toBeVisible();
  await expect(page.getByTestId('company-credit-code')).toHaveText(code);

  const phone = uniquePhone();
  await page.getByLabel('被邀请人手机号').fill(phone);
  await page.getByLabel('邀请角色').selectOption({ label: '采购' });
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(page.getByTestId('company-pending-invitation')).toContainText(maskPhone(phone));
  await page.screenshot({ path: '/tmp/company-admin.png', fullPage: true });
  await checkAccessibility(page, '/user/company (管理员, with an invitation)');

  // The colleague has no account yet: they register with the invited phone and find the invitation.
  const colleague = await (await browser.newContext({ baseURL })).newPage();
  await registerThroughPage(colleague, phone);
  await colleague.goto('/user/company');
  await waitForHydration(colleague);
  const invitation = colleague.getByTestId('company-invitation');
  await expect(invitation).toContainText('深圳芯研电子有限公司 邀请您以“采购”身份加入');
  await colleague.screenshot({ path: '/tmp/company-invitation.png', fullPage: true });
  await checkAccessibility(colleague, '/user/company (an invitation)');
  await invitation.getByRole('button', { name: '接受' }).click();
  await expect(colleague.getByText('我的角色：采购')).toBeVisible();
  await expect(colleague.getByTestId('company-member')).toHaveCount(2);
  await expect(colleague.getByRole('heading', { name: '邀请成员' })).toHaveCount(0);
  await expect(colleague.getByRole('link', { name: '公司订单' })).toHaveCount(0);
  const [part] = await newParts(colleague, storeDb, 1);
  if (!part) throw new Error('no part');
  const order = await placeOrder(colleague, [part], await saveShenzhenAddress(colleague));

  // The admin was told, makes the colleague an 审批, and sees the order with who placed it.
  await page.goto('/user/message/list');
  await expect(page.getByRole('link', { name: `${maskPhone(phone)} 已接受邀请，以“采购”身份加入 深圳芯研电子有限公司` })).toBeVisible();
  await page.goto('/user/company');
  await waitForHydration(page);
  await expect(page.getByTestId('company-pending-invitation')).toHaveCount(0);
  await page.getByLabel(`${maskPhone(phone)}的角色`).selectOption({ label: '审批' });
  await expect(page.getByText('角色已修改')).toBeVisible();
  const colleagueId = (await storeDb.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  await expect
    .poll(async () => (await storeDb.selectFrom('companyAccountMembers').select('role').where('userId', '=', colleagueId).executeTakeFirst())?.role)
    .toBe('approver');
  await page.getByRole('link', { name: '公司订单' }).click();
  await page.waitForURL('/user/company/orders');
  const row = page.getByTestId('company-order').filter({ hasText: order.orderNo });
  await expect(row).toContainText(`${maskPhone(phone)}（审批）`);
  await page.screenshot({ path: '/tmp/company-orders.png', fullPage: true });
  await checkAccessibility(page, '/user/company/orders');

  // As 审批 the colleague now sees 公司订单 too; the admin's own orders would be there as well.
  await colleague.goto('/user/company/orders');
  await expect(colleague.getByTestId('company-order').filter({ hasText: order.orderNo })).toBeVisible();

  // The colleague leaves on their own, after a question; the order stays the company's.
  await colleague.goto('/user/company');
  await waitForHydration(colleague);
  await colleague.getByRole('button', { name: '退出企业' }).click();
  await colleague.getByRole('dialog', { name: '退出企业' }).getByRole('button', { name: '退出' }).click();
  await expect(colleague.getByRole('button', { name: '创建企业账户' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('company-order').filter({ hasText: order.orderNo })).toContainText(`${maskPhone(phone)}（已离开）`);
  expect(member.userId).toBeGreaterThan(0);
});

test('an 审批 sees the company’s 常购清单 read-only and is removed by the admin after a question', async ({ page, browser, baseURL, storeDb, member }) => {
  test.setTimeout(60_000);
  // The phone member page lists it among the member centre's pages.
  await page.goto('/m/user/person');
  await expect(page.getByRole('link', { name: '企业账户' })).toHaveAttribute('href', '/user/company');
  await page.goto('/user/company');
  const creditCode = journeyCreditCode('91440300');
  await callOk(page, companyCalls.create, { name: '杭州微控科技有限公司', creditCode });
  const list = await callOk(page, purchaseListCalls.create, { name: '控制板常用料', origin: { kind: 'manual' } });
  const approver = await memberInNewContext(browser, baseURL ?? '', storeDb, '周审批');
  await callOk(page, companyCalls.invite, { phone: approver.member.phone, role: 'approver' });

  await approver.page.goto('/user/company');
  await waitForHydration(approver.page);
  await approver.page.getByTestId('company-invitation').getByRole('button', { name: '接受' }).click();
  await expect(approver.page.getByText('我的角色：审批')).toBeVisible();
  await approver.page.goto('/user/purchase-list');
  const row = approver.page.getByTestId('purchase-list-row').filter({ hasText: '控制板常用料' });
  await expect(row).toContainText('企业共享 · 陈经理');
  await expect(row.getByRole('button', { name: '重命名' })).toHaveCount(0);
  await approver.page.goto(`/user/purchase-list/${String(list.listId)}`);
  await expect(approver.page.getByTestId('list-read-only')).toBeVisible();
  await approver.page.screenshot({ path: '/tmp/company-list-read-only.png', fullPage: true });

  await page.goto('/user/company');
  await waitForHydration(page);
  await page.getByRole('button', { name: '编辑企业信息' }).click();
  const details = page.getByRole('form', { name: '编辑企业信息' });
  await details.getByLabel('联系电话').fill('0571-8888 6666');
  await details.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('0571-8888 6666')).toBeVisible();
  await expect
    .poll(
      async () => (await storeDb.selectFrom('companyAccounts').select('contactPhone').where('creditCode', '=', creditCode).executeTakeFirst())?.contactPhone,
    )
    .toBe('0571-8888 6666');
  await page.getByTestId('company-member').filter({ hasText: '周审批' }).getByRole('button', { name: '移除' }).click();
  const dialog = page.getByRole('dialog', { name: '移除成员' });
  await expect(dialog).toContainText('确定将“周审批”移出企业吗');
  await dialog.getByRole('button', { name: '移除' }).click();
  await expect(page.getByTestId('company-member')).toHaveCount(1);
  await expect
    .poll(
      async () => (await storeDb.selectFrom('companyAccountMembers').select('leftAt').where('userId', '=', approver.member.userId).executeTakeFirst())?.leftAt,
    )
    .toEqual(expect.any(Number));
  await approver.page.goto('/user/company');
  await expect(approver.page.getByRole('button', { name: '创建企业账户' })).toBeVisible();
  await approver.page.goto('/user/purchase-list');
  await expect(approver.page.getByTestId('purchase-list-row')).toHaveCount(0);
  expect(member.userId).toBeGreaterThan(0);
});

test('an invitation past its seven days shows 已过期 to the admin, vanishes for the invitee, and the phone is invited again', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}) => {
  test.setTimeout(60_000);
  await page.goto('/user/company');
  await callOk(page, companyCalls.create, { name: '苏州芯途电子有限公司', creditCode: journeyCreditCode('91440300') });
  const invitee = await memberInNewContext(browser, baseURL ?? '', storeDb, '吴采购');
  await page.reload();
  await waitForHydration(page);
  await page.getByLabel('被邀请人手机号').fill(invitee.member.phone);
  await page.getByRole('button', { name: '发送邀请' }).click();
  const pending = page.getByTestId('company-pending-invitation');
  // The admin is the signed-in member of this file (陈经理).
  expect(member.userId).toBeGreaterThan(0);
  await expect(pending).toContainText('陈经理');
  await expect(pending.getByTestId('company-invitation-state')).toContainText('前有效');
  await invitee.page.goto('/user/company');
  await expect(invitee.page.getByTestId('company-invitation')).toContainText('苏州芯途电子有限公司');

  // Eight days later (the invitation's sending time moved back): the admin sees it lapsed, the invitee no longer does.
  const eightDaysAgo = Date.now() - 8 * 86_400_000;
  await storeDb.updateTable('companyAccountInvitations').set({ createdAt: eightDaysAgo }).where('phone', '=', invitee.member.phone).execute();
  await page.reload();
  await expect(pending.getByTestId('company-invitation-state')).toHaveText('已过期');
  await expect(page.getByText('已过期的邀请对方不再看到')).toBeVisible();
  await page.screenshot({ path: '/tmp/company-invitation-expired.png', fullPage: true });
  await invitee.page.reload();
  await expect(invitee.page.getByRole('button', { name: '创建企业账户' })).toBeVisible();
  await expect(invitee.page.getByTestId('company-invitation')).toHaveCount(0);

  // Invited again: one live invitation, which the invitee sees and accepts.
  await waitForHydration(page);
  await page.getByLabel('被邀请人手机号').fill(invitee.member.phone);
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('company-invitation-state')).toContainText('前有效');
  await invitee.page.reload();
  await waitForHydration(invitee.page);
  await invitee.page.getByTestId('company-invitation').getByRole('button', { name: '接受' }).click();
  await expect(invitee.page.getByText('我的角色：采购')).toBeVisible();
});
