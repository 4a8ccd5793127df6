import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import type { StaffRole } from '../../src/contract/staff.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../src/contract/staff.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { expect, newParts, type StoreDb, test, waitForHydration } from './fixtures.ts';
import { complaintCalls } from '../../src/contract/complaint-calls.ts';
import { confirmBankTransfer, shipOrder } from '../../src/server/features/order/order-staff.service.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/** 订单管理 in Chromium: finance confirms a bank transfer, the warehouse ships in two parcels, the member sees it; content is refused. */

const run = `${Date.now() % 100_000}${process.pid % 100}`;
const password = 'OrderDesk2026x';

async function staffPage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb, role: StaffRole, returnPath: string, tag = ''): Promise<Page> {
  const login = `od${role}${tag}${run}`;
  const { totp } = await createStaffUser(storeDb, { login, displayName: `订单${role}`, role, password });
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/admin/login?return=${encodeURIComponent(returnPath)}`);
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath}$`));
  await waitForHydration(page);
  return page;
}

test('finance confirms a bank transfer; the warehouse ships part, then the rest; the member sees the timeline and the 发货 message', async ({
  page,
  storeDb,
  browser,
  baseURL,
  member,
}) => {
  test.setTimeout(90_000);
  expect(member.userId).toBeGreaterThan(0);
  const parts = await newParts(page, storeDb, 2);
  const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '订单台'));
  const detailPath = `/admin/orders/${placed.orderNo}`;

  const finance = await staffPage(browser, baseURL, storeDb, 'finance', detailPath);
  await expect(finance.getByTestId('order-status')).toHaveText('待付款');
  await expect(finance.getByTestId('ship-form')).toHaveCount(0);
  await finance.getByLabel(/到账金额/).fill('0.01');
  await finance.getByRole('button', { name: '确认到账' }).click();
  await expect(finance.getByRole('status')).toHaveText('转账金额与订单应付金额不符');
  await finance.getByLabel(/到账金额/).fill((placed.payableCents / 100).toFixed(2));
  await finance.getByLabel('备注').fill('招商银行到账');
  await finance.getByRole('button', { name: '确认到账' }).click();
  await expect(finance.getByRole('status')).toHaveText('已确认到账');
  await expect(finance.getByTestId('order-status')).toHaveText('待发货');
  await finance.screenshot({ path: '/tmp/h5-order-detail-finance.png', fullPage: true });

  const warehouse = await staffPage(browser, baseURL, storeDb, 'warehouse', '/admin/orders');
  await expect(warehouse.getByRole('heading', { name: '订单管理' })).toBeVisible();
  await warehouse.getByRole('searchbox', { name: '订单号' }).fill(placed.orderNo);
  await expect(warehouse.getByRole('link', { name: placed.orderNo })).toBeVisible();
  await warehouse.screenshot({ path: '/tmp/h5-orders.png', fullPage: true });
  await warehouse.getByRole('link', { name: placed.orderNo }).click();
  await expect(warehouse).toHaveURL(new RegExp(`${detailPath}$`));
  await waitForHydration(warehouse);
  await expect(warehouse.getByTestId('refund-form')).toHaveCount(0);

  await warehouse.getByLabel('快递公司').selectOption({ label: '顺丰速运' });
  await warehouse.getByLabel('运单号').fill(`SF${run}`);
  await warehouse.getByLabel(/部分发货/).check();
  const firstPart = parts[0];
  if (!firstPart) throw new Error('no part');
  await warehouse.getByLabel(`${firstPart.code} 本次发货数量`).fill(String(firstPart.quantity));
  await warehouse.getByRole('button', { name: '发出本包裹' }).click();
  await expect(warehouse.getByRole('status')).toHaveText('发货已登记');
  await expect(warehouse.getByTestId('order-status')).toHaveText('部分发货');
  await expect(warehouse.getByTestId('order-shipments')).toContainText(`SF${run}`);

  await warehouse.getByLabel(/部分发货/).uncheck();
  await warehouse.getByLabel('快递公司').selectOption({ label: '中通快递' });
  await warehouse.getByLabel('运单号').fill(`ZT${run}`);
  await warehouse.getByRole('button', { name: '全部发货' }).click();
  await expect(warehouse.getByTestId('order-status')).toHaveText('已发货');
  await expect(warehouse.getByTestId('order-timeline')).toContainText(`已全部发货：中通快递，运单号 ZT${run}`);
  await warehouse.screenshot({ path: '/tmp/h5-order-detail.png', fullPage: true });

  await page.goto(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('detail-status')).toHaveText('已发货');
  const timeline = page.getByRole('list', { name: '订单跟踪' });
  await expect(timeline.getByText(`部分发货：顺丰速运，运单号 SF${run}`)).toBeVisible();
  await expect(timeline.getByText(`已全部发货：中通快递，运单号 ZT${run}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/h5-member-order-detail.png', fullPage: true });
  await page.goto('/user/message/list');
  await expect(page.getByRole('link', { name: `您的订单${placed.orderNo}已部分发货，顺丰速运运单号SF${run}，其余商品将尽快发出。` })).toBeVisible();
  await expect(page.getByRole('link', { name: `您的订单${placed.orderNo}已全部发货，最后一个包裹中通快递运单号ZT${run}。` })).toBeVisible();
  await page.screenshot({ path: '/tmp/h5-member-messages.png', fullPage: true });
});

test('售后服务 opens for customer service with the list and a complaint detail', async ({ storeDb, browser, baseURL }) => {
  const service = await staffPage(browser, baseURL, storeDb, 'service', '/admin/complaints');
  await expect(service.getByRole('heading', { name: '售后服务' })).toBeVisible();
  await expect(service.getByRole('link', { name: '售后服务' })).toBeVisible();
  const first = service.locator('table a[href^="/admin/complaints/"]').first();
  if ((await first.count()) > 0) {
    await first.click();
    await waitForHydration(service);
    await expect(service.getByTestId('complaint-detail')).toBeVisible();
  }
  await service.screenshot({ path: '/tmp/h5-complaints.png', fullPage: true });
});

test('two colleagues on one complaint: the one acting on what the page showed before the other took it up is told so, and it stays 处理中', async ({
  page,
  storeDb,
  browser,
  baseURL,
  member,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  const parts = await newParts(page, storeDb, 1);
  const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '售后台'));
  await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
  await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: `SF${run}44` });
  const line = await storeDb
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select('orderLines.id')
    .where('orders.orderNo', '=', placed.orderNo)
    .executeTakeFirstOrThrow();
  const complaint = await callOk(page, complaintCalls.create, {
    orderLineId: line.id,
    type: 'damaged',
    description: '芯片引脚弯折，无法贴片，共10片。',
    photoKeys: [],
  });

  const detailPath = `/admin/complaints/${String(complaint.id)}`;
  const first = await staffPage(browser, baseURL, storeDb, 'service', detailPath, 'a');
  const second = await staffPage(browser, baseURL, storeDb, 'service', detailPath, 'b');
  await expect(second.getByTestId('complaint-detail')).toContainText('待处理');
  await first.getByRole('button', { name: '受理', exact: true }).click();
  await expect(first.getByTestId('complaint-detail')).toContainText('处理中');
  // The second page still shows 待处理, where 解决 is one of the choices.
  await second.getByRole('button', { name: '解决', exact: true }).click();
  await expect(second.getByText('投诉状态已被他人更改，请刷新后重试')).toBeVisible();
  const stored = await storeDb.selectFrom('complaints').select('status').where('id', '=', complaint.id).executeTakeFirstOrThrow();
  expect(stored.status).toBe('processing');
});

test('a content editor is refused the orders desk: no menu entry, the address sends to /admin, the call answers 403', async ({ storeDb, browser, baseURL }) => {
  const content = await staffPage(browser, baseURL, storeDb, 'content', '/admin');
  await expect(content.getByRole('link', { name: '订单管理' })).toHaveCount(0);
  await expect(content.getByRole('link', { name: '售后服务' })).toHaveCount(0);
  await content.goto('/admin/orders');
  await expect(content).toHaveURL(/\/admin$/);
  const token = (await content.context().cookies()).find((cookie) => cookie.name === staffCsrfCookieName)?.value ?? '';
  const answer = await content.request.post('/admin/api/orders/list', { data: {}, headers: { [staffCsrfHeaderName]: token } });
  expect(await answer.json()).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
});

test('finance issues the invoice with its PDF; the member sees the number and downloads the PDF', async ({ page, storeDb, browser, baseURL, member }) => {
  test.setTimeout(90_000);
  expect(member.userId).toBeGreaterThan(0);
  const parts = await newParts(page, storeDb, 1);
  const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '开票台'), {
    kind: 'inline',
    invoice: { type: 'normal-personal', title: '王工' },
  });
  const finance = await staffPage(browser, baseURL, storeDb, 'finance', `/admin/orders/${placed.orderNo}`, 'inv');
  await expect(finance.getByTestId('invoice-form')).toHaveCount(0);
  await finance.getByLabel(/到账金额/).fill((placed.payableCents / 100).toFixed(2));
  await finance.getByRole('button', { name: '确认到账' }).click();
  await expect(finance.getByTestId('order-status')).toHaveText('待发货');

  const form = finance.getByTestId('invoice-form');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await form.getByLabel(/电子发票/).setInputFiles({ name: 'not-a-pdf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await expect(form.locator('.desk-notice--error')).not.toBeEmpty();
  // While the PDF is on its way, 登记开票 waits for it (a click then stored the invoice without its file).
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await finance.route('**/admin/api/orders/invoiceFile**', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await form.getByLabel('发票号码').fill('25442000000012345678');
  await form.getByLabel(/电子发票/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(form.getByRole('button', { name: '等待上传完成…' })).toBeDisabled();
  releaseUpload();
  await expect(form.getByRole('link', { name: '已上传：查看PDF' })).toBeVisible();
  await finance.unroute('**/admin/api/orders/invoiceFile**');
  await form.getByRole('button', { name: '登记开票' }).click();
  await expect(finance.getByRole('status')).toHaveText('发票已开具');
  await expect(finance.getByTestId('invoice-form')).toHaveCount(0);

  await page.goto(`/user/order/detail/${placed.orderNo}`);
  const status = page.getByTestId('invoice-status');
  await expect(status).toContainText('已开票');
  await expect(status).toContainText('25442000000012345678');
  const href = await status.getByRole('link', { name: '下载电子发票' }).getAttribute('href');
  const download = await page.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
