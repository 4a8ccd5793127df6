import { hashPassword } from '../../src/server/features/account/password.ts';
import { createMember, setTestStock } from '../../src/server/testing/factories.ts';
import { expect, test, tickCaches, uniquePhone, waitForHydration } from './fixtures.ts';

/**
 * The page cache (docs/decisions/0015-page-cache.md) in the browser: a visitor's reload of an
 * unchanged page is a 304, and a write to the database (here straight SQL, as any process or tool
 * may write) shows on the next reload once the server has read the change signals.
 */
test.describe('page cache', () => {
  test("a visitor's reload of an unchanged part is a 304, and shows the part's new stock once it changed", async ({ page, storeDb, part }) => {
    // A part of the journey's own: its stock is this journey's to change.
    const path = `/product/detail/${String(part.id)}`;
    const newStock = 87_654;

    // Chromium shows a revalidated page as the 200 it kept; the wire's status is in the DevTools protocol's extra info.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    // Only the document's status counts: the page's own calls and images answer alongside, in any order.
    const wireStatusOf = new Map<string, number>();
    let documentRequestId: string | null = null;
    devtools.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document') documentRequestId = event.requestId;
    });
    devtools.on('Network.responseReceivedExtraInfo', (event) => wireStatusOf.set(event.requestId, event.statusCode));
    const documentWireStatus = () => (documentRequestId === null ? undefined : wireStatusOf.get(documentRequestId));
    // What every page shows (the menus, the footer's settings) may be changed by a console journey alongside
    // between the view and its reload: the reload is then a 200 of a page with another ETag, and the pair is
    // viewed again. The same ETag answered 200 would fail at once.
    const etagsSeen: string[] = [];
    for (let attempt = 0; ; attempt++) {
      const first = await page.goto(path);
      expect(first?.status()).toBe(200);
      expect(first?.headers()['cache-control']).toBe('private, no-cache');
      const etag = first?.headers().etag ?? '';
      expect(etag).toMatch(/^W\//);
      documentRequestId = null;
      const reload = await page.reload();
      expect((await reload?.request().allHeaders())?.['if-none-match']).toBe(etag);
      await expect.poll(documentWireStatus).toBeDefined();
      if (documentWireStatus() === 304) break;
      expect(documentWireStatus()).toBe(200);
      const changed = reload?.headers().etag ?? '';
      expect(changed, 'a 200 to a revalidation is a changed page').not.toBe(etag);
      etagsSeen.push(etag, changed);
      expect(attempt, `site-wide changes kept coming: ${etagsSeen.join(' ')}`).toBeLessThan(5);
    }
    await devtools.detach();
    await expect(page.getByTestId('stock')).toHaveText(part.stock.toLocaleString('en-US'));

    await setTestStock(storeDb, part.id, newStock);
    // The server reads the change signals now instead of within its second; the next view is the new page.
    await tickCaches(page);
    await page.reload();
    await expect(page.getByTestId('stock')).toHaveText(newStock.toLocaleString('en-US'));
  });

  test('a kept page hydrates, and a visitor who logs in sees their own page at the same address', async ({ page, storeDb, part }) => {
    const path = `/product/detail/${String(part.id)}`;
    await page.goto(path);
    // The second view is the early answer's kept copy: it still hydrates and works.
    const kept = await page.goto(path);
    expect(kept?.headers()['x-page-cache']).toBe('hit');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
    await expect(page.getByTestId('member-name')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/page-cache-kept-product.png' });

    const phone = uniquePhone();
    const member = await createMember(storeDb, { phone, nickName: '缓存会员' });
    await storeDb
      .updateTable('users')
      .set({ passwordHash: await hashPassword('pass1234') })
      .where('id', '=', member.userId)
      .execute();
    await page.goto(`/account/login?return=${encodeURIComponent(path)}`);
    await page.getByLabel('账号').fill(phone);
    await page.getByLabel('密码').fill('pass1234');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL(`**${path}`);
    const signedIn = await page.goto(path);
    expect(signedIn?.headers()['x-page-cache']).toBeUndefined();
    expect(signedIn?.headers()['cache-control']).toBe('no-store');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: '请登录' })).toHaveCount(0);
    await expect(page.getByTestId('member-name')).toHaveText('缓存会员');
    await page.screenshot({ path: 'test-results/page-cache-member-product.png' });
  });
});
