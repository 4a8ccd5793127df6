import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import { choosePath } from '../../src/contract/catalog.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, type StoreDb, test, waitForHydration } from './fixtures.ts';
import { addToCart, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';
import { insertMessages } from './shell-db.ts';

/**
 * Issue 15: axe-core (WCAG 2.0/2.1/2.2 A and AA) finds no serious or critical violation on any page of
 * the store: the shop, the member centre and checkout, the mobile site, the console and the error page,
 * with its menus, suggestions and pop-ups opened at least once. Several pages a test, all reported.
 */

const run = `${String(Date.now() % 100_000)}${String(process.pid % 100)}`;
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Opens a page, waits for its script to take over, and checks it. */
async function visitAndCheck(page: Page, path: string, label = path): Promise<void> {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path} answers`).toBeLessThan(path.startsWith('/no/such') ? 500 : 400);
  await waitForHydration(page);
  await checkAccessibility(page, label);
}

/** The home page's pop-ups (the advert and the quick-register box) closed, when they are shown. */
async function closeHomePopups(page: Page): Promise<void> {
  for (const testId of ['popup-ad-close', 'quick-register-close']) {
    const close = page.getByTestId(testId);
    if ((await close.count()) > 0) await close.click();
  }
}

interface SeededIds {
  firstCategory: number;
  secondCategory: number;
  secondParent: number;
  productId: number;
  productCode: string;
  brandId: number;
  newsId: number;
  helpSlugs: string[];
}

async function seededIds(storeDb: StoreDb): Promise<SeededIds> {
  const second = await storeDb
    .selectFrom('categories')
    .select(['id', 'parentId'])
    .where('level', '=', 2)
    .where('isHidden', '=', 0)
    .where('skuCount', '>', 0)
    .orderBy('skuCount', 'desc')
    .executeTakeFirstOrThrow();
  const product = await storeDb.selectFrom('products').select(['id', 'code']).where('stock', '>', 0).orderBy('id').executeTakeFirstOrThrow();
  const brand = await storeDb.selectFrom('brands').select('id').orderBy('sort').executeTakeFirstOrThrow();
  const news = await storeDb.selectFrom('news').select('newsId').where('isPublished', '=', 1).where('linkUrl', 'is', null).executeTakeFirstOrThrow();
  const help = await storeDb.selectFrom('helpPages').select('slug').orderBy('sort').execute();
  return {
    firstCategory: second.parentId ?? 0,
    secondCategory: second.id,
    secondParent: second.parentId ?? 0,
    productId: product.id,
    productCode: product.code,
    brandId: brand.id,
    newsId: news.newsId,
    helpSlugs: help.map((row) => row.slug),
  };
}

test.describe('accessibility: the shop', () => {
  test('home, with its pop-ups open and closed, and the catalogue', async ({ page }) => {
    test.setTimeout(180_000);
    // The home page as a visitor first sees it: the advert and the quick-register pop-ups open.
    await visitAndCheck(page, '/', '/ (pop-ups open)');
    await closeHomePopups(page);
    await checkAccessibility(page, '/');
    await visitAndCheck(page, '/catalogue');
  });

  /** The shop's other public pages, a few a test so that each test stays short on a busy machine. */
  const publicPages: { name: string; paths: (ids: SeededIds) => string[] }[] = [
    {
      name: 'category lists and a product',
      paths: (ids) => [`/choose/${String(ids.firstCategory)}`, choosePath(ids.secondParent, ids.secondCategory), `/product/detail/${String(ids.productId)}`],
    },
    { name: 'search, with results and without', paths: (ids) => [`/search?key=${encodeURIComponent(ids.productCode.slice(0, 4))}`, '/search?key=zzzznothing'] },
    {
      name: 'cross-reference, with a part and without',
      paths: (ids) => [`/cross-reference?code=${encodeURIComponent(ids.productCode)}`, '/cross-reference?code=ZZZZNOTHING'],
    },
    { name: 'special offers and the IC zone', paths: () => ['/product/discount?subject=A01', '/product/discount?subject=A03'] },
    { name: 'brands and news', paths: (ids) => ['/brand', `/brand/${String(ids.brandId)}`, '/news', `/news/${String(ids.newsId)}`] },
    {
      name: 'help pages and help search',
      paths: (ids) => [...ids.helpSlugs.slice(0, 3).map((slug) => `/serve/${slug}`), '/serve/search?key=%E5%8F%91%E7%A5%A8'],
    },
    { name: 'about, contact, terms and the activities', paths: () => ['/about', '/contact', '/serve/clause', '/activity', '/coupon', '/serve/advantage'] },
    {
      name: 'BOM, supplier application, API docs, sign-in, register and the 404 page',
      paths: () => ['/bom', '/serve/supplier', '/api/index', '/account/login', '/account/register', '/no/such/page'],
    },
  ];
  for (const group of publicPages)
    test(group.name, async ({ page, storeDb }) => {
      test.setTimeout(180_000);
      for (const path of group.paths(await seededIds(storeDb))) await visitAndCheck(page, path);
    });

  test('opened: the category mega-menu, the search suggestions and the sidebar panels', async ({ page, storeDb }) => {
    test.setTimeout(180_000);
    const ids = await seededIds(storeDb);
    await visitAndCheck(page, '/catalogue');
    const menu = page.getByTestId('category-menu');
    await menu.getByRole('link', { name: '全部商品分类' }).hover();
    const group = menu.getByTestId('menu-group').first();
    await group.hover();
    await expect(group.locator('.category-menu__block').first()).toBeVisible();
    await checkAccessibility(page, '/catalogue (category menu open)');

    const box = page.getByRole('combobox', { name: '搜索元器件' });
    await box.fill(ids.productCode.slice(0, 3));
    await expect(page.getByTestId('search-dropdown').getByRole('option').first()).toBeVisible();
    await checkAccessibility(page, '/catalogue (search suggestions open)');
    await box.press('Escape');

    // A visitor's QQ panel: its 立即登录 prompt.
    await page.getByTestId('sidebar-qq').hover();
    await expect(page.getByTestId('sidebar-qq').locator('.sidebar-panel')).toBeVisible();
    await checkAccessibility(page, '/catalogue (sidebar QQ panel open)');
  });
});

test.describe('accessibility: the member centre and checkout', () => {
  test('cart, settlement, cashier and the orders', async ({ page, storeDb, member }) => {
    test.setTimeout(180_000);
    expect(member.userId).toBeGreaterThan(0);
    const parts = await newParts(page, storeDb, 1);
    const address = await saveShenzhenAddress(page, `无障碍${run}`);
    for (const part of parts) await addToCart(page, part);
    await visitAndCheck(page, '/cart');
    await visitAndCheck(page, '/offer/settlement');
    const placed = await placeOrder(page, parts, address);
    for (const path of [`/offer/pay/${placed.orderNo}`, '/user/order/list', `/user/order/detail/${placed.orderNo}`]) await visitAndCheck(page, path);
  });

  test('the member pages: account, addresses, invoices, coupons, favourites, messages', async ({ page, storeDb, member }) => {
    test.setTimeout(180_000);
    const [messageId] = await insertMessages(storeDb, member.userId, [{ messageType: 1, msgContent: `无障碍检查 ${run}`, minutesAgo: 1, isRead: false }]);
    for (const path of [
      '/user/person',
      '/user/profile',
      '/user/security',
      '/user/address',
      '/user/invoice',
      '/user/coupon',
      '/user/favorite',
      '/user/message/list',
      `/user/message/details?id=${String(messageId)}`,
    ])
      await visitAndCheck(page, path);
  });

  test('the member pages: BOMs, quotations, after-sales, invitations, API keys, company account', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    test.setTimeout(180_000);
    for (const path of [
      '/user/bom',
      '/user/quotation',
      '/user/feedback',
      '/user/invite',
      '/user/api-keys',
      '/user/company',
      '/user/company/orders',
      '/user/company/invoices',
    ])
      await visitAndCheck(page, path);
  });
});

test.describe('accessibility: the mobile site', () => {
  test.use({ userAgent: iPhone, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('home, catalogue, category list, search, product, sign-in, register and the BOM tool', async ({ page, storeDb }) => {
    test.setTimeout(180_000);
    const ids = await seededIds(storeDb);
    for (const path of [
      '/m',
      '/m/catalogue',
      `/m/choose/${String(ids.firstCategory)}`,
      `/m/search?key=${encodeURIComponent(ids.productCode.slice(0, 4))}`,
      `/m/product/detail/${String(ids.productId)}`,
      '/m/account/login',
      '/m/account/register',
      '/m/bom',
    ])
      await visitAndCheck(page, path);
  });

  test('cart, settlement, cashier, member page and orders', async ({ page, storeDb, member }) => {
    test.setTimeout(180_000);
    expect(member.userId).toBeGreaterThan(0);
    const parts = await newParts(page, storeDb, 1);
    const address = await saveShenzhenAddress(page, `手机无障碍${run}`);
    for (const part of parts) await addToCart(page, part);
    await visitAndCheck(page, '/m/cart');
    await visitAndCheck(page, '/m/offer/settlement');
    const placed = await placeOrder(page, parts, address);
    for (const path of [
      '/m/user/person',
      '/m/user/order/list',
      `/m/user/order/detail/${placed.orderNo}`,
      `/m/offer/pay/${placed.orderNo}`,
      '/m/user/company/orders',
      '/m/user/company/statements',
    ])
      await visitAndCheck(page, path);
  });
});

test.describe('accessibility: the operations console', () => {
  const password = 'Axe2026Console';

  /** A new page in its own browser, signed in to the console as a new administrator. */
  async function staffPage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb, tag: string): Promise<Page> {
    const login = `axe${tag}${run}`;
    const { totp } = await createStaffUser(storeDb, { login, displayName: '无障碍检查', role: 'admin', password });
    const page = await (await browser.newContext({ baseURL })).newPage();
    await visitAndCheck(page, '/admin/login');
    await page.getByLabel('登录名').fill(login);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await waitForHydration(page);
    await checkAccessibility(page, '/admin');
    return page;
  }

  test('the staff, audit, catalogue, price-import and order desks, with a product and an order opened', async ({ page, storeDb, browser, baseURL, member }) => {
    test.setTimeout(240_000);
    expect(member.userId).toBeGreaterThan(0);
    const parts = await newParts(page, storeDb, 1);
    const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, `台无障碍${run}`));
    const staff = await staffPage(browser, baseURL, storeDb, 'a');
    for (const path of [
      '/admin/staff',
      '/admin/audit',
      '/admin/categories',
      '/admin/brands',
      '/admin/products',
      '/admin/products/new',
      `/admin/products/${String(parts[0]?.id ?? 0)}`,
      '/admin/price-import',
      '/admin/orders',
      `/admin/orders/${placed.orderNo}`,
    ])
      await visitAndCheck(staff, path);
    await staff.context().close();
  });

  test('the member, message, content, marketing and quotation desks, with a member, a coupon and a quotation opened', async ({
    storeDb,
    browser,
    baseURL,
    member,
  }) => {
    test.setTimeout(240_000);
    const coupon = await storeDb.selectFrom('couponTemplates').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    const quotation = await storeDb
      .insertInto('quotations')
      .values({
        quotationNo: `AXE${run}`,
        userId: member.userId,
        bomId: null,
        status: 'pending',
        lineCount: 0,
        totalCents: null,
        quotedAt: null,
        validUntil: null,
        acceptedAt: null,
        orderedAt: null,
        orderNo: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staff = await staffPage(browser, baseURL, storeDb, 'b');
    for (const path of [
      '/admin/members',
      `/admin/members/${String(member.userId)}`,
      '/admin/contact-messages',
      '/admin/supplier-applications',
      '/admin/content',
      '/admin/content/news',
      '/admin/content/help',
      '/admin/content/ads',
      '/admin/content/site',
      '/admin/coupons',
      '/admin/coupons/new',
      `/admin/coupons/${String(coupon.id)}`,
      '/admin/marketing',
      '/admin/quotations',
      `/admin/quotations/${String(quotation.id)}`,
    ])
      await visitAndCheck(staff, path);
    await staff.context().close();
  });
});
