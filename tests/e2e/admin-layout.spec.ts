import { readdirSync } from 'node:fs';
import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { adminComplaintDetailPath, adminOrderDetailPath } from '../../src/contract/console/orders.ts';
import { contentDeskPaths } from '../../src/contract/console/content.ts';
import { marketingDeskPaths } from '../../src/contract/console/marketing.ts';
import { adminProductNewPath, adminProductsPath } from '../../src/contract/console/products.ts';
import { quotationDeskPaths } from '../../src/contract/console/quotation.ts';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import { complaintCalls } from '../../src/contract/complaint-calls.ts';
import { creditCodeCheckCharacter } from '../../src/contract/credit-code.ts';
import { paymentDevCalls } from '../../src/contract/payment-calls.ts';
import { quotationCalls } from '../../src/contract/quotation-calls.ts';
import { staffHomePath, staffLoginPath, staffRoleLabels } from '../../src/contract/staff.ts';
import { consoleDesks } from '../../src/contract/staff-permissions.ts';
import { createCoupon } from '../../src/server/features/marketing-desk/marketing-desk.service.ts';
import { shipOrder } from '../../src/server/features/order/order-staff.service.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf, type OrderPart } from './part-fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * The console's layout on ordinary screens (issue 26): at 1,280 and 1,920 px every console page
 * keeps its menu at its width and never grows wider than the window; wide grids, tables and forms
 * scroll inside their own frame. The pages are the menu's desks (consoleDesks), the desks' own
 * sub-pages from their contracts, and a detail page of each desk that has one, on records this
 * journey makes itself; every console entry in src/web/console/entries must have been seen.
 */

/** .admin-menu in admin.css. */
const menuWidth = 200;
const widths = [1280, 1920] as const;
const run = `${String(Date.now() % 100_000)}${String(process.pid % 100)}`;
const password = 'LayoutDesk2026x';
let partCounter = 0;

/** Every browser entry of the console: a page missing from the journey's list fails it. */
const consoleEntries = readdirSync('src/web/console/entries')
  .filter((file) => /^[a-z-]+\.tsx$/.test(file))
  .map((file) => `console/${file.replace(/\.tsx$/, '')}`)
  .sort();

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  menuWidth: number | null;
  menuItemHeights: number[];
  /** The main column and the cards in it whose content sticks out of them (into the next card or past the window). */
  overflowing: string[];
  entry: string | null;
}

async function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const menu = document.querySelector('nav[aria-label="功能菜单"]');
    const script = document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      menuWidth: menu ? menu.getBoundingClientRect().width : null,
      menuItemHeights: menu ? [...menu.querySelectorAll('a')].map((item) => item.getBoundingClientRect().height) : [],
      overflowing: [...document.querySelectorAll('.admin-main, .admin-main .admin-card')]
        .filter((box) => box.scrollWidth > box.clientWidth)
        .map((box) => `${box.className} “${box.querySelector('h1, h2, h3')?.textContent ?? ''}” ${String(box.scrollWidth)} > ${String(box.clientWidth)}`),
      entry: /\/(console\/[a-z-]+?)-[\w-]{8}\.js$/.exec(script)?.[1] ?? null,
    };
  });
}

/** The page as it is now, at each width: no horizontal page scroll, the menu at its width with each item on one line. */
async function checkLayout(page: Page, name: string, seen: Set<string>): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const layout = await layoutOf(page);
    expect.soft(layout.scrollWidth, `${name} at ${String(width)} px: the page is no wider than the window`).toBeLessThanOrEqual(layout.clientWidth);
    expect.soft(layout.overflowing, `${name} at ${String(width)} px: nothing sticks out of its card`).toEqual([]);
    if (layout.entry !== 'console/login') {
      expect.soft(layout.menuWidth, `${name} at ${String(width)} px: the menu's width`).toBe(menuWidth);
      const [first = 0] = layout.menuItemHeights;
      expect
        .soft(
          layout.menuItemHeights.every((height) => height === first),
          `${name} at ${String(width)} px: each menu item on one line`,
        )
        .toBe(true);
    }
    if (layout.entry) seen.add(layout.entry);
  }
  await page.setViewportSize({ width: widths[0], height: 900 });
}

async function visit(page: Page, path: string, seen: Set<string>): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await checkLayout(page, path, seen);
}

async function ownPart(storeDb: StoreDb, description: string): Promise<OrderPart> {
  // On the journeys' shelf (part-fixtures.ts): hidden categories, so no catalogue page a journey reads alongside changes.
  const template = await shelfOf(storeDb);
  partCounter += 1;
  const code = `LAYOUTE2E${run}P${String(partCounter)}`;
  const id = await insertProduct(storeDb, {
    ...template,
    code,
    stock: 5_000,
    packSize: 1,
    package: 'TSSOP-20',
    description,
    prices: [
      { qtyStart: 1, priceE4: 12_500 },
      { qtyStart: 100, priceE4: 11_000 },
    ],
  });
  return { id, code, packSize: 1, quantity: 100, stock: 5_000, amountCents: 110_000 };
}

/** An 8-column supplier price list: part, brand, package, description, stock and three price tiers. */
function priceList(parts: readonly OrderPart[], brand: string): string {
  const lines = ['型号,品牌,封装,描述,库存,1+,100+,1000+'];
  for (const part of parts)
    lines.push(`${part.code},${brand},TSSOP-20,"32位ARM Cortex-M4微控制器 168MHz 1MB Flash 192KB RAM 带浮点单元",4800,12.60,11.20,9.85`);
  return `${lines.join('\r\n')}\r\n`;
}

test('every console page keeps its menu at 200 px and fits a 1,280 px and a 1,920 px window; wide grids and forms scroll in their own frame', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}) => {
  test.setTimeout(180_000);
  expect(member.userId).toBeGreaterThan(0);

  // The records whose detail pages the console has: an order paid and waiting to ship, a complaint on one of its lines, a quotation.
  const parts = [await ownPart(storeDb, '布局测试物料甲'), await ownPart(storeDb, '布局测试物料乙')];
  const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '布局检查'));
  await callOk(page, paymentDevCalls.devPay, { orderNo: placed.orderNo });
  const seeded = await storeDb.selectFrom('products').select('code').where('code', 'not like', '%E2E%').where('stock', '>', 0).orderBy('id').limit(3).execute();
  const { quotationId } = await callOk(page, quotationCalls.request, {
    note: '布局检查：整单询价，含替代料',
    lines: [
      ...seeded.map((part, index) => ({ lineNo: index + 1, partNumber: part.code, quantity: 1_000 })),
      { lineNo: seeded.length + 1, partNumber: `LAYOUT-UNKNOWN-${run}-LONG-PART-NUMBER`, quantity: 2_500 },
    ],
  });

  const login = `layout${run}`;
  const created = await createStaffUser(storeDb, { login, displayName: '布局检查', role: 'admin', password });
  const coupon = await createCoupon(
    { db: storeDb, configuredRewardName: '' },
    { staff: { id: created.id, login, displayName: '布局检查', role: 'admin', roleLabel: staffRoleLabels.admin }, ip: '127.0.0.1' },
    {
      name: `布局检查券 ${run}`,
      kind: 'goods',
      faceValueCents: 1_000,
      thresholdCents: 10_000,
      scope: 'all',
      scopeId: null,
      validDays: 30,
      validFrom: null,
      validUntil: null,
      claimFrom: Date.now(),
      claimUntil: null,
      totalStock: 10,
      perMemberLimit: 1,
      isInCentre: false,
      isNewMemberPack: false,
      sort: 0,
    },
  );

  const supplierDesk = consoleDesks.find((desk) => desk.permission.subject === 'SupplierApplication')?.href ?? '';
  const seen = new Set<string>();
  const admin = await (await browser.newContext({ baseURL, viewport: { width: widths[0], height: 900 } })).newPage();
  await admin.goto(staffLoginPath);
  await waitForHydration(admin);
  await checkLayout(admin, staffLoginPath, seen);
  await admin.getByLabel('登录名').fill(login);
  await admin.getByLabel('密码', { exact: true }).fill(password);
  await admin.getByLabel('动态码').fill(await generate({ secret: created.totp.secret }));
  await admin.getByRole('button', { name: '登录' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await waitForHydration(admin);

  // The menu an administrator sees is every desk: the list this journey walks.
  const menu = admin.getByRole('navigation', { name: '功能菜单' }).getByRole('link');
  await expect(menu).toHaveText(['首页', ...consoleDesks.map((desk) => desk.label)]);

  const listPages = [
    staffHomePath,
    ...consoleDesks.map((desk) => desk.href),
    ...[contentDeskPaths.home, contentDeskPaths.news, contentDeskPaths.help, contentDeskPaths.ads, contentDeskPaths.site],
    marketingDeskPaths.settings,
    marketingDeskPaths.newCoupon,
    adminProductNewPath,
  ];
  for (const path of new Set(listPages)) await test.step(path, () => visit(admin, path, seen));

  await test.step('detail pages', async () => {
    await visit(admin, `${adminProductsPath}/${String(parts[0]?.id ?? 0)}`, seen);
    await visit(admin, marketingDeskPaths.editCoupon(coupon.id), seen);
    await visit(admin, `/admin/members/${String(member.userId)}`, seen);
    const creditBody = `91440300${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
    await callOk(page, companyCalls.create, { name: `布局检查电子有限公司${run}`, creditCode: `${creditBody}${creditCodeCheckCharacter(creditBody) ?? ''}` });
    const company = await storeDb.selectFrom('companyAccounts').select('id').where('createdBy', '=', member.userId).executeTakeFirstOrThrow();
    await visit(admin, `/admin/companies/${String(company.id)}`, seen);
    const application = await storeDb
      .insertInto('supplierApplications')
      .values({
        applicationNo: `GY2612${run}`.slice(0, 18),
        userId: member.userId,
        companyName: `深圳市布局检查电子科技有限公司${run}`,
        creditCode: '91330100799655058B',
        contactName: '周经理',
        phone: '13800138000',
        categories: JSON.stringify([{ categoryId: 1, categoryName: '电阻' }]),
        brands: 'TI, ST, Murata, Yageo, Texas Instruments, STMicroelectronics',
        annualVolume: 'under1m',
        status: 'pending',
        createdAt: Date.now(),
        reviewedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await visit(admin, `${supplierDesk}?id=${String(application.id)}`, seen);
    await expect(admin.getByTestId('supplier-detail')).toBeVisible();

    await visit(admin, `${quotationDeskPaths.list}/${String(quotationId)}`, seen);
    const offer = admin.getByRole('region', { name: '报价' });
    await admin.screenshot({ path: test.info().outputPath('quotation-offer-1280.png'), fullPage: true });
    // The form's last column is reached by scrolling the form's own frame, never the page.
    await offer.locator('.admin-scroll').evaluate((frame) => frame.scrollBy({ left: frame.scrollWidth }));
    await expect(offer.getByLabel('第1行交期')).toBeInViewport({ ratio: 1 });
    await offer.getByLabel('第1行交期').fill('现货');
    expect(await admin.evaluate(() => window.scrollX)).toBe(0);
    await offer.screenshot({ path: test.info().outputPath('quotation-offer-scrolled-1280.png') });
    await checkLayout(admin, 'quotation offer form, scrolled to its last column', seen);

    // The order with its ship form open on a parcel of chosen lines.
    await admin.goto(adminOrderDetailPath(placed.orderNo));
    await waitForHydration(admin);
    await admin.getByLabel(/部分发货/).check();
    await expect(admin.getByLabel(`${parts[0]?.code ?? ''} 本次发货数量`)).toBeVisible();
    await checkLayout(admin, 'order detail, partial shipment', seen);
    await admin.screenshot({ path: test.info().outputPath('order-detail-1280.png'), fullPage: true });

    await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: `SF${run}88` });
    await visit(admin, adminOrderDetailPath(placed.orderNo), seen);
    const line = await storeDb
      .selectFrom('orderLines')
      .innerJoin('orders', 'orders.id', 'orderLines.orderId')
      .select('orderLines.id')
      .where('orders.orderNo', '=', placed.orderNo)
      .orderBy('orderLines.id')
      .executeTakeFirstOrThrow();
    const complaint = await callOk(page, complaintCalls.create, {
      orderLineId: line.id,
      type: 'damaged',
      description: '布局检查：到货的卷盘外包装破损，部分芯片引脚弯折，无法上贴片机，请安排退货或补发。',
      photoKeys: [],
    });
    await visit(admin, adminComplaintDetailPath(complaint.id), seen);
    await expect(admin.getByTestId('complaint-detail')).toBeVisible();
  });

  await test.step('price import of an 8-column list: column mapping, validation, the applied job', async () => {
    const brand = await storeDb
      .selectFrom('products')
      .innerJoin('brands', 'brands.id', 'products.brandId')
      .select('brands.nameEn')
      .where('products.id', '=', parts[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    await admin.goto(consoleDesks.find((desk) => desk.permission.subject === 'PriceImport')?.href ?? '');
    await waitForHydration(admin);
    await admin
      .getByLabel('价格表文件')
      .setInputFiles({ name: `布局检查价格表${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(priceList(parts, brand.nameEn), 'utf8') });
    await admin.getByTestId('price-import-upload').click();
    await expect(admin.getByTestId('price-import-mapping')).toBeVisible();
    await checkLayout(admin, 'price import, column mapping', seen);
    await admin.getByTestId('price-import-validate').click();
    await expect(admin.getByTestId('summary-total')).toHaveText(String(parts.length));
    await checkLayout(admin, 'price import, validated', seen);
    await admin.screenshot({ path: test.info().outputPath('price-import-1280.png'), fullPage: true });
    await admin.getByTestId('price-import-apply').click();
    await expect(admin.getByTestId('price-import-notice')).toContainText('已提交导入任务');
    const jobId = /#(\d+)/.exec((await admin.getByTestId('price-import-notice').textContent()) ?? '')?.[1] ?? '';
    // The job's row with its progress and actions, whatever its state: another journey's import may be ahead of it in the queue.
    await expect(admin.getByRole('table', { name: '导入任务' }).getByTestId(`price-import-job-${jobId}`)).toBeVisible();
    await checkLayout(admin, 'price import with its job', seen);
  });

  expect([...seen].sort(), 'every console page was checked').toEqual(consoleEntries);
});
