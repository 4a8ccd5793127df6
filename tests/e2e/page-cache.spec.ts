import { expect, test } from './fixtures.ts';

/**
 * The page cache (docs/decisions/0015-page-cache.md) in the browser: a visitor's reload of an
 * unchanged page is a 304, and a write to the database (here straight SQL, as any process or tool
 * may write) shows on the next reload once the server has read the change signals.
 */
test.describe('page cache', () => {
  test("a visitor's reload of an unchanged part is a 304, and shows the part's new stock once it changed", async ({ page, storeDb }) => {
    // A part far from the ones other journeys buy or edit, so its stock is this journey's to change.
    const part = await storeDb
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('stock', '>', 0)
      .orderBy('id', 'desc')
      .offset(37)
      .limit(1)
      .executeTakeFirstOrThrow();
    const path = `/product/detail/${part.id}`;
    const newStock = part.stock === 87_654 ? 87_655 : 87_654;

    // Chromium shows a revalidated page as the 200 it kept; the wire's status is in the DevTools protocol's extra info.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    const wireStatuses: number[] = [];
    devtools.on('Network.responseReceivedExtraInfo', (event) => wireStatuses.push(event.statusCode));
    // Journeys running alongside may change what every page shows (the shell's menus, ads, hotline)
    // between the two views; the page is then new, and the pair is tried again.
    await expect(async () => {
      const first = await page.goto(path);
      expect(first?.status()).toBe(200);
      expect(first?.headers()['cache-control']).toBe('private, no-cache');
      const etag = first?.headers().etag;
      expect(etag).toMatch(/^W\//);
      wireStatuses.length = 0;
      const reload = await page.reload();
      expect((await reload?.request().allHeaders())?.['if-none-match']).toBe(etag);
      expect(wireStatuses[0]).toBe(304);
    }).toPass({ timeout: 20_000 });
    await devtools.detach();
    await expect(page.getByTestId('stock')).not.toHaveText(newStock.toLocaleString('en-US'));

    try {
      await storeDb.updateTable('products').set({ stock: newStock }).where('id', '=', part.id).execute();
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('stock')).toHaveText(newStock.toLocaleString('en-US'), { timeout: 500 });
      }).toPass({ timeout: 10_000 });
    } finally {
      await storeDb.updateTable('products').set({ stock: part.stock }).where('id', '=', part.id).execute();
    }
  });
});
