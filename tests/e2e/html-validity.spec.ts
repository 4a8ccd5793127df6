import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { APIRequestContext } from '@playwright/test';
import { accountCalls } from '../../src/contract/account-calls.ts';
import { csrfCookieName, csrfHeaderName } from '../../src/contract/envelope.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../src/contract/staff.ts';
import { staffAuthCalls } from '../../src/contract/staff-calls.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { expect, test, type StoreDb } from './fixtures.ts';

/**
 * Every page of the shop, as the production server sends it, through the Nu HTML Checker (the
 * vnu-jar package's vnu.jar): zero errors. One Java run checks all pages (starting Java per page
 * takes seconds). Needs Java: Debian's default-jre-headless.
 */

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      '未找到 java：Nu HTML Checker (vnu.jar) 需要 Java 运行环境，请安装 Debian 软件包 default-jre-headless (apt-get install default-jre-headless)',
    );
  }
}

/** A call with the anti-forgery token of the member site or of the console (its own cookie and header). */
async function postOk(request: APIRequestContext, path: string, data: object, csrf = { cookie: csrfCookieName, header: csrfHeaderName }): Promise<void> {
  const token = (await request.storageState()).cookies.find((cookie) => cookie.name === csrf.cookie)?.value ?? '';
  const answer = (await (await request.post(path, { data, headers: { [csrf.header]: token } })).json()) as { code: number; msg: string };
  expect(answer, `${path}: ${answer.msg}`).toMatchObject({ code: 1 });
}

/** The ids the pages with a parameter are shown for: the seeded store's first of each. */
async function sampleIds(storeDb: StoreDb) {
  const first = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const row = await query;
    if (row === undefined) throw new Error(`the seeded store has no ${what}`);
    return row;
  };
  const category = await first(
    storeDb.selectFrom('categories').select(['id', 'parentId']).where('level', '=', 2).where('isHidden', '=', 0).orderBy('id').executeTakeFirst(),
    'second-level category',
  );
  const demoOrders = await storeDb
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.userId')
    .select(['orders.orderNo', 'orders.status'])
    .where('users.phone', '=', '13800138000')
    .orderBy('orders.id')
    .execute();
  const unpaid = demoOrders.find((order) => order.status === 'unpaid');
  const anyOrder = demoOrders[0];
  if (!unpaid || !anyOrder) throw new Error('the demo member has no unpaid order');
  return {
    productId: (await first(storeDb.selectFrom('products').select('id').orderBy('id').executeTakeFirst(), 'product')).id,
    brandId: (await first(storeDb.selectFrom('brands').select('id').orderBy('id').executeTakeFirst(), 'brand')).id,
    chooseIds: `${String(category.parentId)}-${String(category.id)}`,
    newsId: (await first(storeDb.selectFrom('news').select('newsId').where('isPublished', '=', 1).orderBy('newsId').executeTakeFirst(), 'news')).newsId,
    unpaidOrderNo: unpaid.orderNo,
    orderNo: anyOrder.orderNo,
    complaintId: (await first(storeDb.selectFrom('complaints').select('id').orderBy('id').executeTakeFirst(), 'complaint')).id,
    userId: (await first(storeDb.selectFrom('users').select('id').where('phone', '=', '13800138000').executeTakeFirst(), 'demo member')).id,
    couponTemplateId: (await first(storeDb.selectFrom('couponTemplates').select('id').orderBy('id').executeTakeFirst(), 'coupon template')).id,
    messageId: (
      await first(
        storeDb
          .selectFrom('messages')
          .innerJoin('users', 'users.id', 'messages.userId')
          .select('messages.id')
          .where('users.phone', '=', '13800138000')
          .executeTakeFirst(),
        'message for the demo member',
      )
    ).id,
    quotationId: (await storeDb.selectFrom('quotations').select('id').orderBy('id').executeTakeFirst())?.id,
  };
}

type Ids = Awaited<ReturnType<typeof sampleIds>>;

const visitorPages = (ids: Ids) => [
  '/',
  '/catalogue',
  `/choose/${ids.chooseIds}`,
  '/search?key=STM32',
  '/search?key=zzzz-no-such-part',
  `/product/detail/${String(ids.productId)}`,
  '/product/discount?subject=A01',
  '/product/discount?subject=A03',
  '/brand',
  `/brand/${String(ids.brandId)}`,
  '/news',
  `/news/${String(ids.newsId)}`,
  '/serve/deliver_goods',
  '/serve/search',
  '/serve/advantage',
  '/serve/supplier',
  '/serve/clause',
  '/about',
  '/contact',
  '/coupon',
  '/activity',
  '/bom',
  '/api/index',
  '/account/login',
  '/account/register',
  '/m',
  '/m/catalogue',
  `/m/choose/${ids.chooseIds}`,
  '/m/search',
  '/m/search?key=STM32',
  `/m/product/detail/${String(ids.productId)}`,
  '/m/account/login',
  '/m/account/register',
  '/m/bom',
  '/admin/login',
  '/no/such/page',
];

const memberPages = (ids: Ids) => [
  '/',
  '/cart',
  '/offer/settlement',
  `/offer/pay/${ids.unpaidOrderNo}`,
  '/user/person',
  '/user/profile',
  '/user/security',
  '/user/address',
  '/user/invoice',
  '/user/order/list',
  `/user/order/detail/${ids.orderNo}`,
  '/user/coupon',
  '/user/favorite',
  '/user/feedback',
  `/user/feedback/${String(ids.complaintId)}`,
  '/user/message/list',
  `/user/message/details?id=${String(ids.messageId)}`,
  '/user/bom',
  '/user/quotation',
  '/user/invite',
  '/user/api-keys',
  '/user/company',
  '/user/company/orders',
  '/user/company/invoices',
  '/m/cart',
  '/m/offer/settlement',
  `/m/offer/pay/${ids.unpaidOrderNo}`,
  '/m/user/person',
  '/m/user/order/list',
  `/m/user/order/detail/${ids.orderNo}`,
  '/m/user/company/orders',
  '/m/user/company/statements',
];

const staffPages = (ids: Ids) => [
  '/admin',
  '/admin/products',
  '/admin/products/new',
  `/admin/products/${String(ids.productId)}`,
  '/admin/categories',
  '/admin/brands',
  '/admin/price-import',
  '/admin/orders',
  `/admin/orders/${ids.orderNo}`,
  '/admin/complaints',
  `/admin/complaints/${String(ids.complaintId)}`,
  '/admin/members',
  `/admin/members/${String(ids.userId)}`,
  '/admin/supplier-applications',
  '/admin/contact-messages',
  '/admin/quotations',
  ...(ids.quotationId === undefined ? [] : [`/admin/quotations/${String(ids.quotationId)}`]),
  '/admin/coupons',
  `/admin/coupons/${String(ids.couponTemplateId)}`,
  '/admin/marketing',
  '/admin/content',
  '/admin/content/ads',
  '/admin/content/help',
  '/admin/content/news',
  '/admin/content/site',
  '/admin/content/preview',
  '/admin/staff',
  '/admin/audit',
];

/** Fetches each page: the served HTML; a redirect or an answer other than an HTML page is a failure. */
async function fetchPages(request: APIRequestContext, who: string, paths: string[], failures: string[]): Promise<{ name: string; html: string }[]> {
  const pages = [];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const status = response.status();
    const expected = path === '/no/such/page' ? 404 : 200;
    const type = response.headers()['content-type'] ?? '';
    if (status !== expected || !type.includes('text/html')) failures.push(`${who} ${path}: ${String(status)} ${type}`);
    else pages.push({ name: `${who} ${path}`, html: await response.text() });
  }
  return pages;
}

test('every page is valid HTML by the Nu HTML Checker', async ({ playwright, baseURL, storeDb }) => {
  test.setTimeout(240_000);
  assertJava();
  const ids = await sampleIds(storeDb);

  const visitor = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL });
  await member.get('/account/login');
  await postOk(member, accountCalls.doLogin.path, { loginType: 'password', userAccount: '13800138000', password: 'demo1234' });
  const staff = await playwright.request.newContext({ baseURL });
  const login = `vnu${String(Date.now() % 1_000_000)}`;
  const password = 'HtmlCheck2026x';
  const { totp } = await createStaffUser(storeDb, { login, displayName: 'HTML检查', role: 'admin', password });
  await staff.get('/admin/login');
  await postOk(
    staff,
    staffAuthCalls.login.path,
    { login, password, code: await generate({ secret: totp.secret }) },
    { cookie: staffCsrfCookieName, header: staffCsrfHeaderName },
  );

  const failures: string[] = [];
  const pages = [
    ...(await fetchPages(visitor, '访客', visitorPages(ids), failures)),
    ...(await fetchPages(member, '会员', memberPages(ids), failures)),
    ...(await fetchPages(staff, '员工', staffPages(ids), failures)),
  ];
  await Promise.all([visitor.dispose(), member.dispose(), staff.dispose()]);
  expect(failures, 'pages not served as HTML').toEqual([]);

  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = pages.map((page, index) => {
      const file = join(dir, `page-${String(index).padStart(3, '0')}.html`);
      writeFileSync(file, page.html);
      return { file, name: page.name };
    });
    // vnu exits 1 when it reports an error: the report on stderr is what counts.
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files.map((entry) => entry.file)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
    const nameOf = (url: string | undefined) => files.find((entry) => url?.endsWith(entry.file))?.name ?? url ?? '?';
    const errors = report.messages
      .filter((message) => message.type !== 'info')
      .map(
        (message) =>
          `${nameOf(message.url)}:${String(message.lastLine ?? '?')} ${message.message} «${(message.extract ?? '').replace(/\s+/g, ' ').slice(0, 120)}»`,
      );
    expect(errors, `Nu HTML Checker errors on ${String(pages.length)} pages`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
