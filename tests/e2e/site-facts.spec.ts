import { setTestStock } from '../../src/server/testing/factories.ts';
import { expect, newParts, signInStaff, test, tickCaches } from './fixtures.ts';

/**
 * Issue 28: one source of site facts. A content editor changes 江苏仓's cut-off in 站点设置 › 发货仓库, and
 * a part of the journey's own lying in 江苏仓 shows the new time on its page, as do the help centre's
 * articles. No other journey reads 江苏仓's cut-off; this one puts it back when it ends, pass or fail.
 */
test('a content editor changes a warehouse’s cut-off in the console: the product page and the help pages show the new time', async ({
  page,
  browser,
  storeDb,
}) => {
  test.setTimeout(60_000);
  const [part] = await newParts(page, storeDb, 1);
  if (!part) throw new Error('no part');
  await setTestStock(storeDb, part.id, { JS: 500 });
  const jiangsu = await storeDb.selectFrom('warehouses').select('cutoffTime').where('code', '=', 'JS').executeTakeFirstOrThrow();
  const cutoff = jiangsu.cutoffTime === '15:45' ? '15:40' : '15:45';
  try {
    await signInStaff(page, storeDb, 'content', { returnPath: '/admin/content/site' });
    const form = page.getByTestId('warehouse-form-JS');
    await expect(form.getByLabel(/^江苏仓截单时间/)).toHaveValue(jiangsu.cutoffTime);
    await form.getByLabel(/^江苏仓截单时间/).fill(cutoff);
    await form.getByRole('button', { name: '保存江苏仓' }).click();
    await expect(page.getByTestId('content-notice')).toHaveText('仓库信息已保存，各页面随即显示新的信息');
    expect((await storeDb.selectFrom('warehouses').select('cutoffTime').where('code', '=', 'JS').executeTakeFirstOrThrow()).cutoffTime).toBe(cutoff);

    // The help editor lists the placeholders that name these facts.
    await page.goto('/admin/content/help');
    await expect(page.getByTestId('fact-placeholders')).toContainText('{{截单时间}}');

    await tickCaches(page);
    const visitor = await browser.newPage();
    await visitor.goto(`/product/detail/${String(part.id)}`);
    await expect(visitor.getByTestId('warehouse-dispatch')).toHaveText(`江苏仓：周一至周六 ${cutoff} 前付款，2 小时内发出`);
    await visitor.goto('/serve/warehouse');
    await expect(visitor.locator('.help-article')).toContainText(`江苏仓 ${cutoff}`);
    // 配送说明's dispatch times follow the earliest cut-off, now 江苏仓's.
    await visitor.goto('/serve/deliver_goods');
    await expect(visitor.getByText(`现货订单，周一至周六 9:00-${cutoff} 付款`)).toBeVisible();
    await visitor.close();
  } finally {
    await storeDb.updateTable('warehouses').set({ cutoffTime: jiangsu.cutoffTime }).where('code', '=', 'JS').execute();
    await tickCaches(page);
  }
});
