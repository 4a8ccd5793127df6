import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, signInStaff, test, waitForHydration } from './fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';
import { companyColleague, journeyCreditCode } from './company-fixtures.ts';

test('a 采购 orders with an invoice, staff issue it, the 财务 finds it on 公司发票 and exports it; the 采购 is refused', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}, testInfo) => {
  test.setTimeout(120_000);
  expect(member.userId).toBeGreaterThan(0);
  const companyName = `杭州发票旅程${String(Date.now() % 100_000)}电子有限公司`;
  await page.goto('/user/company');
  await callOk(page, companyCalls.create, { name: companyName, creditCode: journeyCreditCode('91330100') });
  const finance = (
    await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'finance', nickName: '财务小王', context: { acceptDownloads: true } })
  ).page;
  const buyer = (
    await companyColleague(browser, storeDb, page, { baseURL: baseURL ?? '', role: 'buyer', nickName: '采购小李', context: { acceptDownloads: true } })
  ).page;

  // The 采购 orders with a 单位普通发票.
  const [part] = await newParts(buyer, storeDb, 1);
  if (!part) throw new Error('no part');
  const invoice = { type: 'normal-company', companyName: '杭州芯途电子科技有限公司', taxNumber: '91330100MA2HTEST5K' } as const;
  const order = await placeOrder(buyer, [part], await saveShenzhenAddress(buyer), { kind: 'inline', invoice });

  // Before it is issued, the 财务 sees it 待开票 (付款后开具).
  await finance.goto('/user/company');
  await finance.getByRole('link', { name: '公司发票' }).click();
  await finance.waitForURL('/user/company/invoices');
  const row = finance.getByTestId('company-invoice').filter({ hasText: order.orderNo });
  await expect(row).toContainText('待开票');
  await expect(row).toContainText('付款后开具');

  // Staff (财务) confirm the transfer and issue the invoice with its PDF on the order desk.
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await signInStaff(staff, storeDb, 'finance', { returnPath: `/admin/orders/${order.orderNo}` });
  await staff.getByLabel(/到账金额/).fill((order.payableCents / 100).toFixed(2));
  await staff.getByRole('button', { name: '确认到账' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('待发货');
  const form = staff.getByTestId('invoice-form');
  await form.getByLabel('发票号码').fill('25332000000012340000');
  await form.getByLabel(/电子发票/).setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(form.getByRole('link', { name: '已上传：查看PDF' })).toBeVisible();
  await form.getByRole('button', { name: '登记开票' }).click();
  await expect(staff.getByRole('status')).toHaveText('发票已开具');

  // The 财务 sees it issued: who ordered, the title and tax number, the amount, the number and the PDF.
  await finance.reload();
  await waitForHydration(finance);
  await expect(row).toContainText('已开票');
  await expect(row).toContainText('采购小李');
  await expect(row).toContainText('杭州芯途电子科技有限公司');
  await expect(row).toContainText('91330100MA2HTEST5K');
  await expect(row).toContainText(`¥${(order.payableCents / 100).toFixed(2)}`);
  await expect(row).toContainText('No. 25332000000012340000');
  await expect(row.getByTestId('company-invoice-file')).toHaveAttribute('href', /\.pdf$/);
  // Another member's order is not the 财务's to open: its number is not a link.
  await expect(row.getByRole('link', { name: order.orderNo })).toHaveCount(0);
  await finance.screenshot({ path: testInfo.outputPath('company-invoices.png'), fullPage: true });
  await checkAccessibility(finance, '/user/company/invoices');

  // The filter reads the list through the call and keeps it in the address.
  await finance.getByLabel('状态').selectOption({ label: '待开票' });
  await finance.getByRole('button', { name: '查询' }).click();
  await expect(finance.getByTestId('company-invoices-empty')).toHaveText('没有符合条件的发票。');
  await expect(finance).toHaveURL(/\/user\/company\/invoices\?state=requested$/);
  await finance.getByLabel('状态').selectOption({ label: '已开票' });
  await finance.getByRole('button', { name: '查询' }).click();
  await expect(finance).toHaveURL(/\?state=issued$/);
  await expect(finance.getByTestId('company-invoice')).toHaveCount(1);
  await expect(row).toContainText('已开票');

  // 导出Excel: the filtered invoices as a workbook.
  const download = finance.waitForEvent('download');
  await finance.getByTestId('company-invoices-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`公司发票-${companyName}-${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}.xlsx`);
  const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['公司发票'] ?? {}, { header: 1 });
  expect(rows[0]?.slice(0, 3)).toEqual(['订单号', '下单时间', '下单人']);
  expect(rows.slice(1).map((cells) => [cells[0], cells[2], cells[4], cells[7], cells[8]])).toEqual([
    [order.orderNo, '采购小李（采购）', '杭州芯途电子科技有限公司', '已开票', '25332000000012340000'],
  ]);

  // The 采购 has no 公司发票 on the company page, and the address tells them why.
  await buyer.goto('/user/company');
  await expect(buyer.getByRole('heading', { name: /我的角色：采购/ })).toBeVisible();
  await expect(buyer.getByRole('link', { name: '公司发票' })).toHaveCount(0);
  await buyer.goto('/user/company/invoices');
  await expect(buyer.getByTestId('company-invoices-refusal')).toHaveText('您在企业中的角色无权进行此操作');
  await expect(buyer.getByTestId('company-invoice')).toHaveCount(0);
  const refused = await buyer.request.get('/user/company/invoices/export');
  expect([refused.status(), await refused.text()]).toEqual([403, '您在企业中的角色无权进行此操作']);
});
