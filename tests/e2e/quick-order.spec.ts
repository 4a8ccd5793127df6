import { expect, newParts, test, waitForHydration } from './fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('快速下单 on the cart adds the lines found, raised to whole packs, and lists the bad ones with their reasons', async ({ page, storeDb, member }) => {
  const [first, second] = await newParts(page, storeDb, 2);
  if (!first || !second) throw new Error('no parts');
  await page.goto('/cart');
  await waitForHydration(page);
  const box = page.getByTestId('quick-order');
  await box.getByRole('textbox').fill(`型号\t数量\n${first.code}, 10\n${second.code.toLowerCase()}\t7\nNOPE-E2E-QUICK，3\n${first.code}`);
  await expect(box.getByTestId('quick-order-count')).toHaveText('已填写 4 行');
  await box.getByRole('button', { name: '加入购物车' }).click();
  await expect(box.getByTestId('quick-order-added')).toHaveCount(2);
  await expect(box.getByTestId('quick-order-added').nth(1)).toContainText(`${second.code} × 10（按起订量与整包数量调整，原填 7）`);
  await expect(box.getByTestId('quick-order-problem')).toHaveText([`第 4 行“NOPE-E2E-QUICK，3”：未找到该型号`, `第 5 行“${first.code}”：缺少数量`]);
  // The lines that did not go in stay to be corrected; the cart above shows the new lines.
  await expect(box.getByRole('textbox')).toHaveValue(`NOPE-E2E-QUICK，3\n${first.code}`);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await expect(page.getByTestId('header-cart-count')).toHaveText('2');
  const cart = await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', member.userId).orderBy('productId').execute();
  expect(cart).toEqual(
    [
      { productId: first.id, quantity: 10 },
      { productId: second.id, quantity: 10 },
    ].sort((a, b) => a.productId - b.productId),
  );
  await page.screenshot({ path: '/tmp/quick-order-cart.png', fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ userAgent: iPhone, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('快速下单 on /m/cart adds a pasted line to an empty cart', async ({ page, storeDb, member }) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await page.goto('/cart');
    await page.waitForURL('/m/cart');
    await waitForHydration(page);
    const box = page.getByTestId('quick-order');
    await box.getByRole('textbox').fill(`${part.code} * 20`);
    await box.getByRole('button', { name: '加入购物车' }).tap();
    await expect(box.getByTestId('quick-order-added')).toHaveText(`${part.code} × 20`);
    await expect(page.locator('.mb-cart li').first()).toContainText(part.code);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const stored = await storeDb.selectFrom('cartItems').select('quantity').where('userId', '=', member.userId).where('productId', '=', part.id).execute();
    expect(stored).toEqual([{ quantity: 20 }]);
    await page.screenshot({ path: '/tmp/quick-order-mobile.png', fullPage: true });
  });
});
