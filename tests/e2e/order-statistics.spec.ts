import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import { adminOrderCalls } from '../../src/contract/console/orders-calls.ts';
import { formatPieces } from '../../src/contract/home.ts';
import { formatGroupedCents } from '../../src/contract/money.ts';
import type { PlacedOrder } from '../../src/contract/order.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { paymentDevCalls } from '../../src/contract/payment-calls.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../src/contract/staff.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { expect, newParts, type OrderPart, type StoreDb, test, waitForHydration } from './fixtures.ts';
import { callOk, placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/** 实时成交 on the home page: a member's unpaid, cancelled and fully refunded orders never show; paid ones do, less any refund. */

const run = `${Date.now() % 100_000}${process.pid % 100}`;
const password = 'TickerDesk2026x';

/** A finance staff member signed in to the console in a browser of their own. */
async function financePage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb): Promise<Page> {
  const login = `ticker${run}`;
  const { totp } = await createStaffUser(storeDb, { login, displayName: '成交财务', role: 'finance', password });
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** A refund as the order desk's 退款 sends it (模拟支付 refunds at once). */
async function refund(finance: Page, orderNo: string, refundNo: string, cents: number): Promise<void> {
  const token = (await finance.context().cookies()).find((cookie) => cookie.name === staffCsrfCookieName)?.value ?? '';
  const response = await finance.request.post(adminOrderCalls.refund.path, {
    // The form's amount: yuan, two decimals.
    data: { orderNo, refundNo, amount: (cents / 100).toFixed(2), reason: '成交统计测试' },
    headers: { [staffCsrfHeaderName]: token },
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  expect(envelope, envelope.msg).toMatchObject({ code: 1 });
}

// The ticker masks phones to 199****1234: a prefix no other journey's member has (uniquePhone gives 13…), so the rows of this member are theirs alone.
test.use({ memberFields: { phone: `199${String(Date.now()).slice(-8)}` } });

test('the home ticker shows a member’s paid orders (less refunds), never the unpaid, cancelled or fully refunded ones', async ({
  page,
  browser,
  baseURL,
  storeDb,
  member,
}) => {
  test.setTimeout(150_000);
  const [part] = await newParts(page, storeDb, 1, { minLineCents: 10_000 });
  if (!part) throw new Error('no part');
  const address = await saveShenzhenAddress(page, '成交统计');
  // Each order takes a different multiple of the part, so its pieces and amount tell it apart on the ticker.
  const place = (multiple: number): Promise<PlacedOrder> => placeOrder(page, [{ ...part, quantity: part.quantity * multiple } satisfies OrderPart], address);
  const pay = (order: PlacedOrder) => callOk(page, paymentDevCalls.devPay, { orderNo: order.orderNo });

  const unpaid = await place(1);
  const cancelled = await place(2);
  await callOk(page, orderCalls.cancel, { orderNo: cancelled.orderNo });
  const paid = await place(3);
  await pay(paid);
  const partlyRefunded = await place(4);
  await pay(partlyRefunded);
  const refundedInFull = await place(5);
  await pay(refundedInFull);

  const finance = await financePage(browser, baseURL, storeDb);
  const partRefund = Math.floor(partlyRefunded.payableCents / 4);
  await refund(finance, partlyRefunded.orderNo, `T${run}P`, partRefund);
  await refund(finance, refundedInFull.orderNo, `T${run}F`, refundedInFull.payableCents);

  const stored = await storeDb.selectFrom('orders').select(['orderNo', 'status', 'refundedCents']).where('userId', '=', member.userId).orderBy('id').execute();
  expect(stored).toEqual([
    { orderNo: unpaid.orderNo, status: 'unpaid', refundedCents: 0 },
    { orderNo: cancelled.orderNo, status: 'cancelled', refundedCents: 0 },
    { orderNo: paid.orderNo, status: 'unshipped', refundedCents: 0 },
    { orderNo: partlyRefunded.orderNo, status: 'unshipped', refundedCents: partRefund },
    { orderNo: refundedInFull.orderNo, status: 'closed', refundedCents: refundedInFull.payableCents },
  ]);

  // What a visitor sees: newest deals first; the member's rows are the paid order and what the partly refunded one kept.
  const row = (pieces: number, cents: number) => `${formatPieces(pieces)}|${formatGroupedCents(cents)}`;
  const expected = [row(part.quantity * 4, partlyRefunded.payableCents - partRefund), row(part.quantity * 3, paid.payableCents)];
  const masked = `${member.phone.slice(0, 3)}****${member.phone.slice(7)}`;
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  const rowsOfMember = async () => {
    const rows = visitor.getByTestId('order-row').filter({ hasText: masked });
    const users = await rows.locator('.order-stats__user').allTextContents();
    const counts = await rows.locator('.order-stats__count').allTextContents();
    const amounts = await rows.locator('.order-stats__amount').allTextContents();
    expect(users.every((user) => user === masked)).toBe(true);
    return counts.map((count, index) => `${count}|${amounts[index] ?? ''}`);
  };
  // Recent orders reach the home page within its content cache's minute (sooner when stock moves, as the refund's did).
  await expect(async () => {
    await visitor.goto('/');
    expect(await rowsOfMember()).toEqual(expected);
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  const notShown = [
    row(part.quantity, unpaid.payableCents),
    row(part.quantity * 2, cancelled.payableCents),
    row(part.quantity * 5, refundedInFull.payableCents),
  ];
  for (const hidden of notShown) expect(await rowsOfMember()).not.toContain(hidden);
  await visitor.getByTestId('order-statistics').scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: '/tmp/order-statistics.png' });
});
