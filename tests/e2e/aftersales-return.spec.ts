import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import { lineShareCents } from '../../src/contract/complaint.ts';
import { orderDetailPath } from '../../src/contract/order.ts';
import { paymentDevCalls } from '../../src/contract/payment-calls.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import type { StaffRole } from '../../src/contract/staff.ts';
import { shipOrder } from '../../src/server/features/order/order-staff.service.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf, type OrderPart } from './part-fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * After-sales in Chromium: the member complains about a line; customer service authorise a return
 * (RMA number and address); the member enters the parcel's tracking number; the warehouse's
 * receipt is registered; an administrator refunds the returned units through the order; the member
 * sees 已退款 on the complaint and the refund on the order. The journey uses parts of its own.
 */

const run = `${String(Date.now() % 100_000)}${String(process.pid % 100)}`;
const password = 'Aftersales2026x';
let partCounter = 0;

async function ownPart(storeDb: StoreDb): Promise<OrderPart> {
  // On the journeys' shelf (part-fixtures.ts): hidden categories, so no catalogue page a journey reads alongside changes.
  const template = await shelfOf(storeDb);
  partCounter += 1;
  const code = `ASE2E${run}P${String(partCounter)}`;
  const id = await insertProduct(storeDb, {
    ...template,
    code,
    stock: 5_000,
    packSize: 1,
    package: 'SOT-23',
    description: '售后退货测试物料',
    prices: [{ qtyStart: 1, priceE4: 25_000 }],
  });
  // 100 at ¥2.50.
  return { id, code, packSize: 1, quantity: 100, stock: 5_000, amountCents: 25_000 };
}

async function staffPage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb, role: StaffRole, returnPath: string): Promise<Page> {
  const login = `as${role}${run}`;
  const { totp } = await createStaffUser(storeDb, { login, displayName: role === 'service' ? '售后小周' : '主管老陈', role, password });
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

test('a member’s complaint becomes a return: authorised, sent back with its tracking number, received, refunded through the order', async ({
  page,
  storeDb,
  browser,
  baseURL,
  member,
}) => {
  test.setTimeout(120_000);
  expect(member.userId).toBeGreaterThan(0);
  const parts = [await ownPart(storeDb), await ownPart(storeDb)];
  const [faulty] = parts;
  if (!faulty) throw new Error('no part');
  await page.goto('/');
  const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '售后退货'));
  await callOk(page, paymentDevCalls.devPay, { orderNo: placed.orderNo });
  await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: `SF${run}01` });
  const line = await storeDb
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(['orderLines.id', 'orderLines.amountCents', 'orderLines.quantity'])
    .where('orders.orderNo', '=', placed.orderNo)
    .where('orderLines.productCode', '=', faulty.code)
    .executeTakeFirstOrThrow();

  // The member complains from the order's 申请售后 link.
  await page.goto(orderDetailPath(placed.orderNo));
  await page.getByTestId('order-line').filter({ hasText: faulty.code }).getByRole('link', { name: '申请售后' }).click();
  await waitForHydration(page);
  const form = page.getByRole('form', { name: '新建投诉' });
  await expect(form.getByRole('radio', { name: new RegExp(faulty.code) })).toBeChecked();
  await form.getByText('质量问题').click();
  await form.getByLabel('问题描述').fill('其中约40个上电后无输出，已单独挑出，申请退货退款。');
  await form.getByRole('button', { name: '提交投诉' }).click();
  await expect(page).toHaveURL(/\/user\/feedback\/\d+$/);
  const complaintId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('complaint-status')).toHaveText('待处理');
  const { complaintNo } = await storeDb.selectFrom('complaints').select('complaintNo').where('id', '=', complaintId).executeTakeFirstOrThrow();

  // Customer service authorise a return of 40.
  const service = await staffPage(browser, baseURL, storeDb, 'service', `/admin/complaints/${String(complaintId)}`);
  const desk = service.getByTestId('complaint-detail');
  await expect(desk.getByTestId('complaint-desk-status')).toHaveText('待处理');
  // 退款 is 财务's: customer service are not shown it.
  await expect(desk.getByRole('button', { name: '退款', exact: true })).toHaveCount(0);
  await desk.getByLabel(/退货数量/).fill('40');
  await desk.getByRole('button', { name: '同意退货' }).click();
  await expect(desk.getByRole('status')).toHaveText('已同意退货，退货信息已发送给会员');
  await expect(desk.getByTestId('complaint-desk-status')).toHaveText('待退货');
  const rmaNo = `RMA${complaintNo.slice(2)}`;
  await expect(desk).toContainText(rmaNo);

  // The member sees the RMA number and the address, and enters the parcel sent back.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('complaint-status')).toHaveText('待退货');
  await page.evaluate(() => window.scrollTo(0, 0));
  const returnBox = page.getByTestId('complaint-aftersales');
  await expect(returnBox).toContainText(rmaNo);
  // The first active warehouse's address (the site facts), to its 售后组.
  await expect(returnBox).toContainText(/仓 售后组（收）/);
  await expect(returnBox).toContainText('40个');
  await page.screenshot({ path: 'data/aftersales-return-authorised.png', fullPage: true });
  const shipForm = page.getByRole('form', { name: '填写退货快递' });
  await shipForm.getByLabel('快递公司').selectOption('顺丰速运');
  await shipForm.getByLabel('快递单号').fill(`SF${run}99`);
  await shipForm.getByRole('button', { name: '提交退货快递' }).click();
  await expect(page.getByTestId('complaint-status')).toHaveText('退货中');
  await expect(returnBox).toContainText(`顺丰速运 SF${run}99`);
  await expect(page.getByRole('form', { name: '填写退货快递' })).toHaveCount(0);
  // Sent back: no longer withdrawn.
  await expect(page.getByRole('button', { name: '撤销投诉' })).toHaveCount(0);

  // The parcel arrives. Customer service's page still shows 待退货: the member's step since is not overwritten.
  await desk.getByRole('button', { name: '确认收到退货' }).click();
  await expect(desk.getByRole('status')).toHaveText('投诉状态已被他人更改，请刷新后重试');
  await service.reload();
  await waitForHydration(service);
  await expect(desk).toContainText(`SF${run}99`);
  await desk.getByLabel('收货备注').fill('40个，外观完好');
  await desk.getByRole('button', { name: '确认收到退货' }).click();
  await expect(desk.getByTestId('complaint-desk-status')).toHaveText('已收货');
  await expect(desk.getByTestId('complaint-refund-hint')).toHaveText('退款须由有退款权限的同事（财务）在此办理。');
  await service.screenshot({ path: 'data/aftersales-desk-received.png', fullPage: true });

  // An administrator (with 财务's refund permission) refunds the returned 40's share, suggested by the form.
  const admin = await staffPage(browser, baseURL, storeDb, 'admin', `/admin/complaints/${String(complaintId)}`);
  const adminDesk = admin.getByTestId('complaint-detail');
  const shareCents = lineShareCents({ amountCents: line.amountCents, quantity: line.quantity }, 40);
  await expect(adminDesk.getByLabel('退款金额（元）')).toHaveValue((shareCents / 100).toFixed(2));
  await adminDesk.getByLabel('退款说明').fill('退货检验确认不良');
  await adminDesk.getByRole('button', { name: '退款', exact: true }).click();
  await expect(adminDesk.getByRole('status')).toHaveText('退款已提交');
  await expect(adminDesk.getByTestId('complaint-desk-status')).toHaveText('已退款');
  await expect(adminDesk.getByTestId('complaint-desk-refund')).toContainText(formatCents(shareCents));
  await admin.screenshot({ path: 'data/aftersales-desk-refunded.png', fullPage: true });

  // The member sees 已退款 with the amount, and the refund on the order.
  await page.reload();
  await expect(page.getByTestId('complaint-status')).toHaveText('已退款');
  await expect(page.getByTestId('complaint-refund')).toContainText(`${formatCents(shareCents)}（已退款`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'data/aftersales-return-refunded.png', fullPage: true });
  await page.goto('/user/feedback');
  await expect(page.getByTestId('complaint-row').filter({ hasText: complaintNo })).toContainText('已退款');
  await expect(page.getByRole('navigation', { name: '投诉状态' }).getByRole('link', { name: /已退款/ })).toBeVisible();
  await page.screenshot({ path: 'data/aftersales-list.png', fullPage: true });
  await page.goto(orderDetailPath(placed.orderNo));
  await expect(page.getByTestId('detail-refund')).toHaveText(formatCents(shareCents));

  // What the server stored: the complaint with its refund, the order's refund, a 退货消息 per step, an audit entry per staff step.
  const stored = await storeDb.selectFrom('complaints').selectAll().where('id', '=', complaintId).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: 'refunded', rmaNo, returnQuantity: 40, returnTrackingNo: `SF${run}99`, refundCents: shareCents });
  const refund = await storeDb
    .selectFrom('paymentRefunds')
    .selectAll()
    .where('refundNo', '=', stored.refundNo ?? '')
    .executeTakeFirstOrThrow();
  expect(refund).toMatchObject({ orderNo: placed.orderNo, amountCents: shareCents, status: 'succeeded' });
  const messages = await storeDb.selectFrom('messages').select('msgContent').where('userId', '=', member.userId).where('messageType', '=', 2).execute();
  expect(messages.filter((message) => message.msgContent.includes(complaintNo))).toHaveLength(4);
  const audit = await storeDb.selectFrom('auditLog').select('action').where('subjectId', '=', complaintNo).orderBy('id').execute();
  expect(audit.map((entry) => entry.action)).toEqual(['authoriseReturn', 'receiveGoods', 'refund']);
});
