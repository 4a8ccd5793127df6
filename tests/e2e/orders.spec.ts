import { randomUUID } from 'node:crypto';
import { ShortfallChoice } from '../../src/contract/order.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { restock } from '../../src/server/features/order/order-backorder.service.ts';
import { issueInvoice } from '../../src/server/features/order/order-invoice.service.ts';
import { confirmBankTransfer, shipOrder } from '../../src/server/features/order/order-staff.service.ts';
import { expect, newParts, test, waitForHydration } from './fixtures.ts';
import { addToCart, callOk, placeOrder, saveShenzhenAddress, signInAnotherMember } from './order-fixtures.ts';

test.describe('my orders', () => {
  test('a visitor is sent to log in and comes back to the order list', async ({ page }) => {
    await page.goto('/user/order/list');
    await page.waitForURL('**/account/login?return=*');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/user/order/list');
  });

  test('tabs count orders by state, search finds an order by its number or a part number, and pages hold 10 orders', async ({ page, storeDb, member }) => {
    test.setTimeout(90_000);
    const parts = await newParts(page, storeDb, 3);
    const [a, b, c] = parts;
    if (!a || !b || !c) throw new Error('no parts');
    const address = await saveShenzhenAddress(page);
    const placed: string[] = [];
    for (let index = 0; index < 10; index++) placed.push((await placeOrder(page, [a], address)).orderNo);
    const withB = await placeOrder(page, [b, c], address);
    await callOk(page, orderCalls.cancel, { orderNo: placed[0] ?? '' });
    expect(await storeDb.selectFrom('orders').select('id').where('userId', '=', member.userId).execute()).toHaveLength(11);

    await page.goto('/user/order/list');
    await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
    await expect(page.getByTestId('order-tab-all')).toHaveText('全部订单11');
    await expect(page.getByTestId('order-tab-unpaid')).toHaveText('待付款10');
    await expect(page.getByTestId('order-tab-cancelled')).toHaveText('已取消1');
    await expect(page.getByTestId('order-tab-unshipped')).toHaveText('待发货0');
    await expect(page.getByTestId('order-card')).toHaveCount(10);
    await expect(page.getByTestId('order-card').first().getByTestId('order-no')).toHaveText(withB.orderNo);
    await expect(page.getByTestId('order-card').first()).toContainText(b.code);
    await expect(page.getByTestId('order-card').first().getByTestId('order-payable')).toHaveText(formatCents(withB.payableCents));

    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2' }).click();
    await page.waitForURL('/user/order/list?page=2');
    await expect(page.getByTestId('order-card')).toHaveCount(1);

    await page.getByTestId('order-tab-cancelled').click();
    await page.waitForURL('/user/order/list?status=cancelled');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-no')).toHaveText(placed[0] ?? '');
    await expect(page.getByTestId('order-status')).toHaveText('已取消');

    await page.getByTestId('order-tab-all').click();
    const search = page.getByRole('searchbox', { name: '搜索订单号、型号、采购订单号或客户料号' });
    await search.fill(placed[3] ?? '');
    await search.press('Enter');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-no')).toHaveText(placed[3] ?? '');
    await expect(page.getByText(`“${placed[3] ?? ''}”的搜索结果：共 1 个订单`)).toBeVisible();

    await search.fill(c.code);
    await search.press('Enter');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-no')).toHaveText(withB.orderNo);
    await page.getByRole('link', { name: '清除搜索' }).click();
    await expect(page.getByTestId('order-card')).toHaveCount(10);
  });

  test('cancelling asks first; confirmed, the order shows 已取消 and its stock is back', async ({ page, storeDb, member }) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    const stockOf = async () => (await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock;
    const before = await stockOf();
    const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
    expect(await stockOf()).toBe(before - part.quantity);

    await page.goto('/user/order/list');
    const card = page.getByTestId('order-card').filter({ hasText: placed.orderNo });
    await expect(card.getByTestId('payment-countdown')).toContainText(/剩余付款时间 (29|30):\d{2}/);
    await card.getByRole('button', { name: '取消订单' }).click();
    const dialog = page.getByRole('dialog', { name: '取消订单' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '再想想' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('order-status')).toHaveText('待付款');

    await card.getByRole('button', { name: '取消订单' }).click();
    await dialog.getByRole('button', { name: '确定取消' }).click();
    await expect(card.getByTestId('order-status')).toHaveText('已取消');
    await expect(page.getByTestId('order-tab-unpaid')).toHaveText('待付款0');
    await expect(page.getByTestId('order-tab-cancelled')).toHaveText('已取消1');
    await expect(card.getByRole('link', { name: '去付款' })).toHaveCount(0);
    expect(await stockOf()).toBe(before);
    const stored = await storeDb
      .selectFrom('orders')
      .select('status')
      .where('orderNo', '=', placed.orderNo)
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('cancelled');
  });

  test('the detail shows the lines, amounts, address and what to do; buy again puts the lines back in the cart', async ({ page, storeDb, member }) => {
    const parts = await newParts(page, storeDb, 2);
    const placed = await placeOrder(page, parts, await saveShenzhenAddress(page, '钱工'));

    await page.goto('/user/order/list');
    await page.getByTestId('order-card').filter({ hasText: placed.orderNo }).getByRole('link', { name: '订单详情' }).click();
    await page.waitForURL(`/user/order/detail/${placed.orderNo}`);
    await waitForHydration(page);
    await expect(page.getByTestId('detail-order-no')).toHaveText(placed.orderNo);
    await expect(page.getByTestId('detail-status')).toHaveText('待付款');
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    for (const part of parts) await expect(page.getByTestId('order-line').filter({ hasText: part.code })).toContainText(formatCents(part.amountCents));
    await expect(page.getByTestId('detail-goods')).toHaveText(formatCents(parts.reduce((sum, part) => sum + part.amountCents, 0)));
    await expect(page.getByTestId('detail-payable')).toHaveText(formatCents(placed.payableCents));
    await expect(page.getByTestId('order-address')).toContainText('钱工');
    await expect(page.getByTestId('order-address')).toContainText('广东省 深圳市 南山区 科技南十二路18号创维大厦12楼');
    await expect(page.getByText('不开发票')).toBeVisible();
    await expect(page.getByText('未支付')).toBeVisible();
    await expect(page.getByTestId('payment-countdown')).toContainText(/剩余付款时间 (29|30):\d{2}/);
    await expect(page.getByRole('link', { name: '去付款' })).toHaveAttribute('href', `/offer/pay/${placed.orderNo}`);

    await page.getByRole('button', { name: '再次购买' }).click();
    await page.waitForURL('/cart');
    await expect(page.locator('.cart-line')).toHaveCount(2);
    const cart = await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', member.userId).orderBy('productId').execute();
    expect(cart).toEqual(parts.map((part) => ({ productId: part.id, quantity: part.quantity })).sort((x, y) => x.productId - y.productId));
  });

  test('an order waiting for all shows what is still on back order until the stock arrives, and cannot ship before', async ({ page, storeDb, member }) => {
    // A part far down the list: its stock is emptied for a moment, and no other journey buys it.
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await storeDb.updateTable('products').set({ stock: 0 }).where('id', '=', part.id).execute();
    await page.goto('/');
    await addToCart(page, part);
    const choice = { carrierCode: 'zto', addressId: (await saveShenzhenAddress(page, '孙工')).id, shortfallChoice: ShortfallChoice.waitForAll };
    const pricing = await callOk(page, orderCalls.preview, { ...choice, memberCouponIds: [] });
    const placed = await callOk(page, orderCalls.place, {
      ...choice,
      idempotencyKey: randomUUID(),
      memberCouponIds: [],
      invoice: { kind: 'none' },
      remark: '',
      quotedPayableCents: pricing.payableCents,
    });
    await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
    await expect(shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF123400001' })).rejects.toThrow('缺货商品尚未到货');

    await page.goto(`/user/order/detail/${placed.orderNo}`);
    const line = page.getByTestId('order-line').filter({ hasText: part.code });
    await expect(line.getByTestId('line-backorder')).toHaveText(`缺货待发 ${String(part.quantity)}，到货日期待定`);

    // The stock it had comes back: the order gets its units first.
    const arrived = await restock(storeDb, part.id, part.stock);
    expect(arrived.allocations).toEqual([{ orderNo: placed.orderNo, quantity: part.quantity }]);
    await page.reload();
    await expect(line).toBeVisible();
    await expect(line.getByTestId('line-backorder')).toHaveCount(0);
    await expect(page.getByText('缺货商品已到货，订单商品已备齐')).toBeVisible();
    const message = await storeDb
      .selectFrom('messages')
      .select('msgContent')
      .where('userId', '=', member.userId)
      .where('messageType', '=', 3)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.msgContent).toContain(`缺货商品已到货：您的订单${placed.orderNo}`);
    await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF123400001' });
    expect(await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).toEqual({
      stock: part.stock - part.quantity,
    });
  });

  test('another member’s order is not found', async ({ page, storeDb, browser, member }) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
    const owner = await page.goto(`/user/order/detail/${placed.orderNo}`);
    expect(owner?.status()).toBe(200);
    await expect(page.getByTestId('detail-order-no')).toHaveText(placed.orderNo);
    expect(await storeDb.selectFrom('orders').select('userId').where('orderNo', '=', placed.orderNo).executeTakeFirst()).toEqual({ userId: member.userId });
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await signInAnotherMember(stranger, storeDb);
    const response = await stranger.goto(`/user/order/detail/${placed.orderNo}`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByTestId('detail-order-no')).toHaveCount(0);
    await context.close();
  });

  test('a shipped order offers 确认收货: confirmed, it shows 已完成 and moves to its tab', async ({ page, storeDb, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    await page.goto('/user/order/list');
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
    await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
    await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF5566778899' });

    await page.goto('/user/order/list?status=shipped');
    const card = page.getByTestId('order-card').filter({ hasText: placed.orderNo });
    await card.getByRole('button', { name: '确认收货' }).click();
    const dialog = page.getByRole('dialog', { name: '确认收货' });
    await expect(dialog).toContainText(placed.orderNo);
    await dialog.getByRole('button', { name: '确认收货' }).click();
    await expect(page.getByText('已确认收货，感谢您的惠顾')).toBeVisible();
    await expect(card.getByTestId('order-status')).toHaveText('已完成');
    await expect(card.getByRole('button', { name: '确认收货' })).toHaveCount(0);
    await expect(page.getByTestId('order-tab-completed')).toHaveText('已完成1');
    await expect(page.getByTestId('order-tab-shipped')).toHaveText('已发货0');
    const stored = await storeDb.selectFrom('orders').select(['status', 'completedAt']).where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
    expect(stored.status).toBe('completed');
    expect(stored.completedAt).not.toBeNull();
  });

  test('an invoice issued by staff shows on the order detail as 已开票, and its message (发票) is in the message centre', async ({ page, storeDb, member }) => {
    await page.goto('/user/order/list');
    await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    const address = await saveShenzhenAddress(page);
    const invoice = {
      kind: 'inline' as const,
      invoice: { type: 'normal-company' as const, companyName: '杭州市芯途电子有限公司', taxNumber: '91330106MA2TEST01X' },
    };
    const placed = await placeOrder(page, [part], address, invoice);
    expect(await storeDb.selectFrom('orders').select('userId').where('orderNo', '=', placed.orderNo).executeTakeFirst()).toEqual({ userId: member.userId });
    await page.goto(`/user/order/detail/${placed.orderNo}`);
    await expect(page.getByTestId('invoice-status')).toHaveText('付款后开具');
    await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
    await page.reload();
    await expect(page.getByTestId('invoice-status')).toHaveText('待开票');

    await issueInvoice(storeDb, { orderNo: placed.orderNo, invoiceNumber: '25332000000087654321', fileUrl: '/static/favicon.svg' });
    await page.reload();
    await expect(page.getByTestId('order-invoice')).toContainText('单位普通发票');
    await expect(page.getByTestId('invoice-status')).toContainText('已开票');
    await expect(page.getByTestId('invoice-status')).toContainText('发票号码 25332000000087654321');
    await expect(page.getByTestId('invoice-status').getByRole('link', { name: '下载电子发票' })).toHaveAttribute('href', '/static/favicon.svg');

    await page.goto('/user/message/list');
    await expect(page.locator('.message-list')).toContainText(`您的订单${placed.orderNo}的单位普通发票已开具，发票号码25332000000087654321`);
  });
});
