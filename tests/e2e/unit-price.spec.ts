import { formatUnitPriceE4, amountCentsOf } from '../../src/contract/money.ts';
import { formatCents, tierIndexAt, type PriceTier } from '../../src/contract/pricing.ts';
import { expect, test, type StoreDb } from './fixtures.ts';

interface CheapResistor {
  id: number;
  code: string;
  packSize: number;
  tiers: PriceTier[];
}

/**
 * The first seeded 0603 chip resistor in stock, sold in packs, with at least two tiers and a unit
 * price below ¥0.01: the part (the demo seed's is RC0603FR-0710KL at ¥0.0023).
 */
async function cheapResistor(storeDb: StoreDb): Promise<CheapResistor> {
  const part = await storeDb
    .selectFrom('products as p')
    .select(['p.id', 'p.code', 'p.packSize'])
    .where('p.package', '=', '0603')
    .where('p.description', 'like', '%电阻%')
    .where('p.stock', '>', 0)
    .where('p.packSize', '>', 1)
    .where((eb) =>
      eb(
        eb
          .selectFrom('productPrices as pp')
          .select((tier) => tier.fn.max('pp.priceE4').as('highest'))
          .whereRef('pp.productId', '=', 'p.id'),
        '<',
        100,
      ),
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom('productPrices as pp')
          .select((tier) => tier.fn.countAll().as('n'))
          .whereRef('pp.productId', '=', 'p.id'),
        '>=',
        2,
      ),
    )
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const tiers = await storeDb
    .selectFrom('productPrices')
    .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', '=', part.id)
    .orderBy('qtyStart')
    .execute();
  return { ...part, tiers };
}

function tierAt(part: CheapResistor, index: number): PriceTier {
  const tier = part.tiers[index];
  if (!tier) throw new Error(`${part.code} has no tier ${index}`);
  return tier;
}

test('the product page’s tier table shows a sub-¥0.01 part to 0.0001 yuan and its total as unit × quantity', async ({ page, storeDb }) => {
  const part = await cheapResistor(storeDb);
  await page.goto(`/product/detail/${part.id}`);
  const rows = page.locator('.purchase-box .price-tiers__row');
  await expect(rows).toHaveCount(part.tiers.length);
  for (const [index, tier] of part.tiers.entries()) {
    const row = rows.nth(index);
    // Below ¥0.01 every tier reads differently: ¥0.0023, ¥0.0017… (not ¥0.01 at every tier).
    await expect(row.locator('.price-tiers__price .price')).toHaveText(formatUnitPriceE4(tier.priceE4));
    await expect(row.locator('.price-tiers__price .price')).toHaveText(/^¥0\.00\d{1,2}$/);
    await expect(row.locator('.price-tiers__pack')).toContainText(formatCents(amountCentsOf(tier.priceE4, part.packSize)));
  }
  const shown = await rows.locator('.price-tiers__price .price').allTextContents();
  expect(new Set(shown).size).toBe(new Set(part.tiers.map((tier) => tier.priceE4)).size);

  const first = tierAt(part, 0);
  const total = page.getByTestId('line-total');
  await expect(page.locator('.purchase-box tr[data-active="true"]')).toHaveCount(1);
  await expect(total).toHaveText(formatCents(amountCentsOf(first.priceE4, first.qtyStart)));

  // Typing the second tier's start moves the highlight and prices every piece at that tier.
  const second = tierAt(part, 1);
  await page.locator('.purchase-box').getByRole('textbox', { name: '购买数量' }).fill(String(second.qtyStart));
  await expect(rows.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(total).toHaveText(formatCents(amountCentsOf(second.priceE4, second.qtyStart)));
});

test('the cart shows the sub-¥0.01 unit price and a 小计 that is unit × quantity', async ({ page, storeDb, member }) => {
  const part = await cheapResistor(storeDb);
  const first = tierAt(part, 0);
  await page.goto(`/product/detail/${part.id}`);
  await page.locator('.purchase-box').getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();

  await page.goto('/cart');
  const line = page.locator(`.cart-line[data-product-id="${part.id}"]`);
  await expect(line.getByTestId('line-unit-price')).toHaveText(formatUnitPriceE4(first.priceE4));
  await expect(line.getByTestId('line-subtotal')).toHaveText(formatCents(amountCentsOf(first.priceE4, first.qtyStart)));
  await expect(line.locator('.cart-line__pack')).toHaveText(`${formatCents(amountCentsOf(first.priceE4, part.packSize))}/包`);
  await expect(page.getByTestId('selected-total')).toHaveText(formatCents(amountCentsOf(first.priceE4, first.qtyStart)));

  // Ten packs more: the line is repriced at the tier of its new quantity, still unit × quantity.
  const quantity = first.qtyStart + 10 * part.packSize;
  const repriced = tierAt(part, tierIndexAt(part.tiers, quantity));
  const box = line.getByRole('textbox', { name: '购买数量' });
  await box.fill(String(quantity));
  await box.press('Enter');
  await expect(line.getByTestId('line-unit-price')).toHaveText(formatUnitPriceE4(repriced.priceE4));
  await expect(line.getByTestId('line-subtotal')).toHaveText(formatCents(amountCentsOf(repriced.priceE4, quantity)));
  await expect
    .poll(
      async () =>
        (await storeDb.selectFrom('cartItems').select('quantity').where('userId', '=', member.userId).where('productId', '=', part.id).executeTakeFirst())
          ?.quantity,
    )
    .toBe(quantity);
});
