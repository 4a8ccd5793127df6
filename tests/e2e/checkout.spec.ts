import { orderCalls } from '../../src/contract/order-calls.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { expect, newParts, test, uniquePhone, waitForHydration } from './fixtures.ts';
import { addToCart, callOk, registerThroughPage, saveShenzhenAddress } from './order-fixtures.ts';

const specialInvoice = {
  companyName: '深圳市芯途电子科技有限公司',
  taxNumber: '91440300MA5GTEST7X',
  registeredAddress: '深圳市福田区华强北路1019号华强广场A座',
  registeredPhone: '0755-83776655',
  bankName: '招商银行深圳车公庙支行',
  bankAccount: '755987654321001',
};

const payableOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[¥,]/g, '')) * 100);

test('a new member registers, gets the gift pack, finds two parts, checks out with a new address, a 专用发票 and a coupon, pays, and sees the order 待发货', async ({
  page,
  storeDb,
}) => {
  test.setTimeout(120_000);
  // Two parts whose lines cost ¥260 or more each: the pack's 满500减50 coupon applies.
  const parts = await newParts(page, storeDb, 2, { minLineCents: 26_000 });
  const phone = uniquePhone();
  await registerThroughPage(page, phone);
  const member = await storeDb.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();

  await page.goto('/serve/advantage');
  await expect(page.getByTestId('coupon-face').filter({ hasText: '¥50' }).first()).toBeVisible();
  const received = await storeDb.selectFrom('memberCoupons').select('id').where('userId', '=', member.id).execute();
  expect(received).toHaveLength(3);

  for (const part of parts) {
    const box = page.getByRole('combobox', { name: '搜索元器件' });
    await box.fill(part.code);
    await box.press('Enter');
    await page.waitForURL(/\/search\?key=/);
    await page.locator(`.search-result[data-product-id="${String(part.id)}"] .search-result__code`).click();
    await page.waitForURL(`/product/detail/${String(part.id)}`);
    await waitForHydration(page);
    const purchase = page.locator('.purchase-box');
    await purchase.getByRole('textbox', { name: '购买数量' }).fill(String(part.quantity));
    await expect(purchase.getByTestId('line-total')).toHaveText(formatCents(part.amountCents));
    await purchase.getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
  }

  await page.goto('/cart');
  await page.getByRole('link', { name: '去结算' }).click();
  await page.waitForURL('/offer/settlement');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '订单结算' })).toBeVisible();
  await expect(page.getByRole('list', { name: '下单步骤' }).locator('[aria-current="step"]')).toContainText('确认订单');
  await expect(page.getByTestId('settlement-line')).toHaveCount(2);
  const goodsCents = parts.reduce((sum, part) => sum + part.amountCents, 0);
  await expect(page.getByTestId('summary-goods')).toHaveText(formatCents(goodsCents));
  await expect(page.getByTestId('ship-to')).toContainText('请选择收货地址');

  // A new address, added in place, is chosen at once and prices the freight.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const addressForm = page.getByRole('form', { name: '新增收货地址' });
  await addressForm.getByLabel('收货人').fill('赵工');
  await addressForm.getByRole('combobox', { name: '省份' }).selectOption({ label: '浙江省' });
  await addressForm.getByRole('combobox', { name: '城市' }).selectOption({ label: '杭州市' });
  await addressForm.getByRole('combobox', { name: '区县' }).selectOption({ label: '西湖区' });
  await addressForm.getByLabel('详细地址').fill('文三路90号东部软件园1号楼');
  await addressForm.getByLabel('手机号码').fill('13912345678');
  await addressForm.getByRole('button', { name: '保存收货地址' }).click();
  await expect(page.getByTestId('ship-to')).toContainText('浙江省 杭州市 西湖区 文三路90号东部软件园1号楼');
  await expect(page.getByRole('radio', { name: '选择 赵工 的地址' })).toBeChecked();
  await expect(page.getByTestId('freight-line')).toContainText('满¥99包邮');

  // A 增值税专用发票 typed in place becomes a saved profile and is chosen.
  await page.getByRole('button', { name: '+ 使用新的发票信息' }).click();
  const invoiceForm = page.getByRole('form', { name: '新增发票信息' });
  await invoiceForm.getByRole('radio', { name: '增值税专用发票' }).check();
  await invoiceForm.getByRole('combobox', { name: '单位名称' }).fill(specialInvoice.companyName);
  await invoiceForm.getByLabel('纳税人识别号').fill(specialInvoice.taxNumber);
  await invoiceForm.getByLabel('注册地址').fill(specialInvoice.registeredAddress);
  await invoiceForm.getByLabel('注册电话').fill(specialInvoice.registeredPhone);
  await invoiceForm.getByLabel('开户银行').fill(specialInvoice.bankName);
  await invoiceForm.getByLabel('银行账号').fill(specialInvoice.bankAccount);
  await invoiceForm.getByRole('button', { name: '保存发票信息' }).click();
  await expect(page.getByRole('radio', { name: /增值税专用发票/ })).toBeChecked();

  // The best combination comes ticked: the pack's ¥50 coupon (one platform-wide coupon per order).
  const chosen = page.getByTestId('checkout-coupon').filter({ has: page.getByRole('checkbox', { checked: true }) });
  await expect(chosen).toHaveCount(1);
  await expect(chosen.getByTestId('coupon-face')).toHaveText('¥50');
  await expect(page.getByTestId('summary-goods-discount')).toHaveText('-¥50.00');
  // Ticking the ¥30 one replaces it (same scope), and the summary follows; then back to ¥50.
  const ticket = (face: string) => page.getByTestId('checkout-coupon').filter({ has: page.getByTestId('coupon-face').getByText(face, { exact: true }) });
  await ticket('¥30').getByRole('checkbox').check();
  await expect(page.getByTestId('summary-goods-discount')).toHaveText('-¥30.00');
  await expect(ticket('¥50').getByRole('checkbox')).not.toBeChecked();
  await ticket('¥50').getByRole('checkbox').check();
  await expect(page.getByTestId('summary-goods-discount')).toHaveText('-¥50.00');
  await expect(chosen).toHaveCount(1);
  await expect(page.getByTestId('summary-freight')).toHaveText('¥0.00');
  const payableCents = goodsCents - 5000;
  await expect(page.getByTestId('summary-payable')).toHaveText(formatCents(payableCents));
  await expect(page.getByTestId('bar-payable')).toHaveText(formatCents(payableCents));

  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/offer\/pay\/\d{16}$/);
  await waitForHydration(page);
  const orderNo = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText(formatCents(payableCents)).first()).toBeVisible();

  await page.getByRole('radio', { name: /模拟支付/ }).check();
  await page.getByRole('button', { name: '模拟支付成功' }).click();
  await page.waitForURL(`/user/order/detail/${orderNo}`);
  await expect(page.getByTestId('detail-status')).toHaveText('待发货');
  await expect(page.getByTestId('detail-goods')).toHaveText(formatCents(goodsCents));
  await expect(page.getByTestId('detail-goods-discount')).toHaveText('-¥50.00');
  await expect(page.getByTestId('detail-payable')).toHaveText(formatCents(payableCents));
  await expect(page.getByTestId('order-invoice')).toContainText(specialInvoice.companyName);
  await expect(page.getByTestId('order-invoice')).toContainText(specialInvoice.bankAccount);
  await expect(page.getByTestId('order-address')).toContainText('赵工');
  await expect(page.getByTestId('order-payment')).toContainText('模拟支付');
  await expect(page.getByTestId('order-line')).toHaveCount(2);

  const stored = await storeDb.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ userId: member.id, status: 'unshipped', goodsCents, goodsDiscountCents: 5000, freightCents: 0, payableCents });
  const used = await storeDb.selectFrom('memberCoupons').select('id').where('userId', '=', member.id).where('usedOrderId', '=', stored.id).execute();
  expect(used).toHaveLength(1);
  expect(await storeDb.selectFrom('cartItems').select('productId').where('userId', '=', member.id).execute()).toEqual([]);

  await page.goto('/user/message/list');
  await expect(page.locator('.message-list')).toContainText(orderNo);
});

test('a member pays by bank transfer, sees the account and the reference, then cancels the order before paying', async ({ page, storeDb, member }) => {
  const [part] = await newParts(page, storeDb, 1, { minLineCents: 10_000 });
  if (!part) throw new Error('no part');
  await saveShenzhenAddress(page);
  await addToCart(page, part);
  const stockBefore = (await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock;

  await page.goto('/offer/settlement');
  const payable = await page.getByTestId('summary-payable').textContent();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/offer\/pay\/\d{16}$/);
  await waitForHydration(page);
  const orderNo = page.url().split('/').at(-1) ?? '';
  expect((await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock).toBe(stockBefore - part.quantity);

  await page.getByRole('radio', { name: /对公转账/ }).check();
  const bank = page.getByTestId('bank-panel');
  await expect(bank.getByTestId('bank-reference')).toHaveText(orderNo);
  await expect(bank).toContainText('开户银行');
  await expect(bank).toContainText(payable ?? '');

  await page.goto('/user/order/list');
  const card = page.getByTestId('order-card').filter({ hasText: orderNo });
  await expect(card.getByTestId('order-status')).toHaveText('待付款');
  await expect(card.getByTestId('order-payable')).toHaveText(payable ?? '');
  await card.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: '取消订单' });
  await expect(dialog).toContainText(orderNo);
  await dialog.getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByRole('status').filter({ hasText: '订单已取消' })).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText('已取消');
  await expect(card.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await expect(page.getByTestId('order-tab-cancelled')).toContainText('1');

  const stored = await storeDb.selectFrom('orders').select(['status', 'userId']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'cancelled', userId: member.userId });
  expect((await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock).toBe(stockBefore);
  const detail = await callOk(page, orderCalls.detail, { orderNo });
  expect(detail).toMatchObject({ status: 'cancelled', payableCents: payableOf(payable), canPay: false });
});

test.describe('the checkout page', () => {
  test('with nothing selected it says so and leads back to the cart', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    await page.goto('/offer/settlement');
    await expect(page.getByText('购物车中没有勾选要结算的商品')).toBeVisible();
    await page.getByRole('link', { name: '返回购物车' }).click();
    await page.waitForURL('/cart');
  });

  test('shows a line whose price changed since it entered the cart; a total changed after the page was shown refuses the order and shows the new prices', async ({
    page,
    storeDb,
    member,
  }) => {
    const [part] = await newParts(page, storeDb, 1, { minLineCents: 5_000 });
    if (!part) throw new Error('no part');
    await saveShenzhenAddress(page);
    await addToCart(page, part);
    const raise = (e4: number) =>
      storeDb
        .updateTable('productPrices')
        .set((eb) => ({ priceE4: eb('priceE4', '+', e4) }))
        .where('productId', '=', part.id)
        .execute();
    await raise(100);
    try {
      await page.goto('/offer/settlement');
      await expect(page.getByText('有 1 种商品自加入购物车后价格、库存或包装数量发生了变化')).toBeVisible();
      await expect(page.getByTestId('settlement-line').locator('.order-lines__change--price')).toBeVisible();
      const shown = await page.getByTestId('summary-payable').textContent();

      await raise(100);
      await page.getByRole('button', { name: '提交订单' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '订单金额已变化，请确认最新价格后重新提交' })).toBeVisible();
      await expect(page.getByTestId('summary-payable')).not.toHaveText(shown ?? '');
      expect(await storeDb.selectFrom('orders').select('id').where('userId', '=', member.userId).execute()).toEqual([]);

      const repriced = await page.getByTestId('summary-payable').textContent();
      await page.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/offer\/pay\/\d{16}$/);
      const stored = await storeDb.selectFrom('orders').select('payableCents').where('userId', '=', member.userId).execute();
      expect(stored).toEqual([{ payableCents: payableOf(repriced) }]);
    } finally {
      await raise(-200);
    }
  });

  test('a double click places one order, and a retry after a lost answer sends the same key: still one order', async ({
    page,
    storeDb,
    member,
    consoleErrors,
  }) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await saveShenzhenAddress(page);
    await addToCart(page, part);
    const stockBefore = (await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock;
    const sentKeys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(orderCalls.place.path)) sentKeys.push((request.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    });
    await page.goto('/offer/settlement');

    // The server places the order but its answer never arrives.
    await page.route(`**${orderCalls.place.path}`, async (route) => {
      await route.fetch();
      await route.abort('failed');
    });
    const submit = page.getByRole('button', { name: '提交订单' });
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('网络异常，订单可能未提交，请重新点击提交（不会重复下单）');
    // The browser logs the aborted request; that one is expected.
    const lost = consoleErrors.findIndex((error) => error.includes('net::ERR_FAILED') && error.includes(orderCalls.place.path));
    expect(lost).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(lost, 1);
    expect(await storeDb.selectFrom('orders').select('id').where('userId', '=', member.userId).execute()).toHaveLength(1);

    await page.unroute(`**${orderCalls.place.path}`);
    await submit.dblclick();
    await page.waitForURL(/\/offer\/pay\/\d{16}$/);
    const orders = await storeDb.selectFrom('orders').select('orderNo').where('userId', '=', member.userId).execute();
    expect(orders).toEqual([{ orderNo: page.url().split('/').at(-1) }]);
    expect(sentKeys).toHaveLength(2);
    expect(new Set(sentKeys).size).toBe(1);
    expect((await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock).toBe(stockBefore - part.quantity);
  });

  test('a line short of stock: ship what is in stock now, or wait for all', async ({ page, storeDb, member }) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await saveShenzhenAddress(page);
    await addToCart(page, part, part.quantity * 3);
    const original = (await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock;
    const scarce = part.quantity * 2 - 1;
    await storeDb.updateTable('products').set({ stock: scarce }).where('id', '=', part.id).execute();
    try {
      await page.goto('/offer/settlement');
      const line = page.getByTestId('settlement-line');
      const inStock = scarce - (scarce % part.packSize);
      await expect(page.getByRole('group', { name: '部分商品库存不足，请选择发货方式' })).toBeVisible();
      await expect(page.getByRole('radio', { name: /先发现货/ })).toBeChecked();
      await expect(line).toContainText(`需 ${String(part.quantity * 3)}，现货 ${String(scarce)}，先发现货`);
      await expect(line.getByTestId('line-quantity')).toHaveText(String(inStock));
      const shipNow = await page.getByTestId('summary-goods').textContent();

      await page.getByRole('radio', { name: /等待全部到货后发货/ }).check();
      await expect(line).toContainText('到齐后发货');
      await expect(line.getByTestId('line-quantity')).toHaveText(String(part.quantity * 3));
      await expect(page.getByTestId('summary-goods')).not.toHaveText(shipNow ?? '');
      await page.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/offer\/pay\/\d{16}$/);
      const order = await storeDb.selectFrom('orders').select(['id', 'shortfallChoice']).where('userId', '=', member.userId).executeTakeFirstOrThrow();
      expect(order.shortfallChoice).toBe('waitForAll');
      const lines = await storeDb.selectFrom('orderLines').select(['quantity', 'reservedQuantity']).where('orderId', '=', order.id).execute();
      expect(lines).toHaveLength(1);
      expect(lines[0]?.quantity).toBe(part.quantity * 3);
      expect(lines[0]?.reservedQuantity).toBeLessThanOrEqual(scarce);
    } finally {
      await storeDb
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', original - scarce) }))
        .where('id', '=', part.id)
        .execute();
    }
  });
});
