import { createMember } from '../../src/server/testing/factories.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { insertMessages } from './shell-db.ts';

test.describe('member messages', () => {
  test('a visitor is sent to log in, and comes back to the message list', async ({ page }) => {
    await page.goto('/user/message/list?type=3');
    await page.waitForURL('**/account/login?return=*');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/user/message/list?type=3');
  });

  test('lists messages newest first with read state, HTML kinds inline and safe, others linking to their detail', async ({
    page,
    storeDb,
    member: { userId },
  }) => {
    const [orderId] = await insertMessages(storeDb, userId, [
      { messageType: 3, msgContent: '订单 SO-9001 已发货', minutesAgo: 1 },
      {
        messageType: 1,
        msgContent: '<p>配单 <strong>BOM-42</strong> 已完成</p><script>alert(1)</script><a href="javascript:alert(2)">点我</a>',
        minutesAgo: 2,
      },
      { messageType: 4, msgContent: '发票已寄出', minutesAgo: 3, isRead: true },
    ]);
    if (orderId === undefined) throw new Error('no message written');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/user/message/list');
    await expect(page.getByRole('heading', { name: '我的消息' })).toBeVisible();
    await expect(page.getByTestId('unread-summary')).toHaveText('未读 2 条');
    const rows = page.getByTestId('message-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('订单消息');
    await expect(rows.nth(0).getByRole('link', { name: '订单 SO-9001 已发货' })).toHaveAttribute('href', `/user/message/details?id=${orderId}`);
    await expect(rows.nth(0)).toHaveAttribute('data-read', 'false');
    await expect(rows.nth(1).locator('strong')).toHaveText('BOM-42');
    await expect(rows.nth(1).locator('script')).toHaveCount(0);
    const unsafeLink = rows.nth(1).locator('a', { hasText: '点我' });
    expect(await unsafeLink.getAttribute('href')).toBeNull();
    await expect(rows.nth(1).locator('a.message-list__link')).toHaveCount(0);
    await expect(rows.nth(2)).toHaveAttribute('data-read', 'true');
    await unsafeLink.click();
    expect(dialogs).toEqual([]);
  });

  test('opening a message shows it and marks it read, lowering the status-bar count', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(storeDb, userId, [
      { messageType: 2, msgContent: '退货申请 RT-77 已通过，请在 7 天内寄回。', minutesAgo: 1 },
      { messageType: 3, msgContent: '订单 SO-78 已签收', minutesAgo: 2 },
    ]);
    await page.goto('/user/message/list');
    await expect(page.getByTestId('message-count')).toHaveText('2');
    await page.getByRole('link', { name: '退货申请 RT-77 已通过，请在 7 天内寄回。' }).click();
    await page.waitForURL('**/user/message/details?id=*');
    await expect(page.getByRole('heading', { name: '退货消息通知' })).toBeVisible();
    await expect(page.locator('.message-details__content')).toHaveText('退货申请 RT-77 已通过，请在 7 天内寄回。');
    await expect(page.getByTestId('message-count')).toHaveText('1');
    await page.getByRole('link', { name: '返回消息列表' }).click();
    await expect(page.getByTestId('message-row').first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('message-row').nth(1)).toHaveAttribute('data-read', 'false');

    // 删除 on the detail page: after the confirmation the message is gone and the list is back.
    await page.getByRole('link', { name: '订单 SO-78 已签收' }).click();
    await page.waitForURL('**/user/message/details?id=*');
    await waitForHydration(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: '删除' }).click();
    await page.waitForURL((url) => url.pathname === '/user/message/list');
    await expect(page.getByTestId('message-row')).toHaveCount(1);
    await expect(page.getByTestId('message-row').first()).toContainText('退货申请 RT-77');
  });

  test('fetching a message page writes nothing; the page marks it read once it has opened in the browser', async ({ page, storeDb, member: { userId } }) => {
    const [id] = await insertMessages(storeDb, userId, [{ messageType: 3, msgContent: '订单 SO-81 已出库', minutesAgo: 1 }]);
    if (id === undefined) throw new Error('no message written');
    const isRead = async () => (await storeDb.selectFrom('messages').select('isRead').where('id', '=', id).executeTakeFirstOrThrow()).isRead;
    // What a link from another site does: a GET with the member's cookies, and no script run.
    const fetched = await page.request.get(`/user/message/details?id=${id}`);
    expect(fetched.status()).toBe(200);
    expect(await isRead()).toBe(0);

    await page.goto(`/user/message/details?id=${id}`);
    await expect(page.locator('.message-details')).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('message-count')).toHaveCount(0);
    expect(await isRead()).toBe(1);
  });

  test("an unknown or someone else's message is a 404 page", async ({ page, storeDb, member }) => {
    const other = await createMember(storeDb);
    expect(other.userId).not.toBe(member.userId);
    const [othersId] = await insertMessages(storeDb, other.userId, [{ messageType: 3, msgContent: '别人的订单', minutesAgo: 1 }]);
    for (const id of [String(othersId), '99999999', 'abc']) {
      const response = await page.goto(`/user/message/details?id=${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
    }
  });

  test('BOM and offer messages are marked read in the list; all can be marked read at once', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(storeDb, userId, [
      { messageType: 5, msgContent: '<p>报价单 Q-1</p>', minutesAgo: 1 },
      { messageType: 1, msgContent: '<p>配单 B-1</p>', minutesAgo: 2 },
      { messageType: 3, msgContent: '订单 S-1', minutesAgo: 3 },
    ]);
    await page.goto('/user/message/list');
    await expect(page.getByTestId('bom-badge')).toHaveText('2');
    const offer = page.getByTestId('message-row').first();
    await offer.getByRole('button', { name: '标为已读' }).click();
    await expect(page.getByTestId('message-row').first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('bom-badge')).toHaveText('1');
    await expect(page.getByTestId('message-count')).toHaveText('2');

    await page.getByRole('button', { name: '全部标为已读' }).click();
    await expect(page.getByTestId('unread-summary')).toHaveText('未读 0 条');
    await expect(page.getByTestId('message-count')).toHaveCount(0);
    await expect(page.getByTestId('bom-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '全部标为已读' })).toBeDisabled();
  });

  test('filters by kind and unread, and pages through 10 at a time', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(storeDb, userId, [
      ...Array.from({ length: 12 }, (_, i) => ({ messageType: 3, msgContent: `订单消息 ${i + 1}`, minutesAgo: 100 + i, isRead: i > 0 })),
      { messageType: 4, msgContent: '发票已开具 INV-1', minutesAgo: 1 },
    ]);
    await page.goto('/user/message/list');
    await expect(page.getByTestId('message-row')).toHaveCount(10);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2' }).click();
    await page.waitForURL('**/user/message/list?page=2');
    await expect(page.getByTestId('message-row')).toHaveCount(3);

    await page.getByRole('link', { name: '发票消息' }).first().click();
    await page.waitForURL('**/user/message/list?type=4');
    await expect(page.getByTestId('message-row')).toHaveCount(1);

    await page.getByRole('link', { name: '全部消息' }).click();
    await page.getByRole('navigation', { name: '阅读状态' }).getByRole('link', { name: '未读' }).click();
    await page.waitForURL('**/user/message/list?unread=1');
    await expect(page.getByTestId('message-row')).toHaveCount(2);
    await expect(page.getByTestId('message-row').locator('[aria-label=已读]')).toHaveCount(0);
  });

  test('pagination keeps the kind and read filters; 已读 shows read messages only', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(storeDb, userId, [
      ...Array.from({ length: 13 }, (_, i) => ({ messageType: 6, msgContent: `商品提醒 ${String(i + 1)}`, minutesAgo: 10 + i, isRead: i % 4 === 0 })),
      { messageType: 3, msgContent: '订单 SO-1', minutesAgo: 1, isRead: true },
    ]);
    await page.goto('/user/message/list?type=6');
    await expect(page.getByTestId('message-row')).toHaveCount(10);
    await expect(page.locator('.message-tag--6').first()).toHaveText('商品提醒');
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
    await page.waitForURL('**/user/message/list?type=6&page=2');
    await expect(page.getByTestId('message-row')).toHaveCount(3);

    await page.getByRole('navigation', { name: '阅读状态' }).getByRole('link', { name: '已读' }).click();
    await page.waitForURL('**/user/message/list?type=6&read=1');
    await expect(page.getByTestId('message-row')).toHaveCount(4);
    await expect(page.getByTestId('message-row').locator('[aria-label=未读]')).toHaveCount(0);
    await page.getByRole('link', { name: '全部消息' }).click();
    await page.waitForURL('**/user/message/list?read=1');
    await expect(page.getByTestId('message-row')).toHaveCount(5);
  });

  test('mark read, delete one and delete selected change the list, the status-bar count and its dropdown without a reload', async ({
    page,
    storeDb,
    member: { userId },
  }) => {
    await insertMessages(storeDb, userId, [
      { messageType: 3, msgContent: '订单 A 已发货', minutesAgo: 1 },
      { messageType: 4, msgContent: '发票 B 已开具', minutesAgo: 2 },
      { messageType: 2, msgContent: '退货 C 已通过', minutesAgo: 3 },
      { messageType: 6, msgContent: '收藏的 D 已到货', minutesAgo: 4 },
      { messageType: 3, msgContent: '订单 E 已签收', minutesAgo: 5, isRead: true },
    ]);
    await page.goto('/user/message/list');
    await expect(page.getByTestId('message-count')).toHaveText('4');
    // Set once: a reload would lose it.
    await page.evaluate(() => document.body.setAttribute('data-no-reload', 'yes'));
    const rows = page.getByTestId('message-row');
    const dropdown = page.getByTestId('message-menu');
    await dropdown.hover();
    await expect(dropdown.getByTestId('message-item')).toHaveText([/订单 A/, /发票 B/, /退货 C/]);

    await rows.filter({ hasText: '订单 A' }).getByRole('button', { name: '标为已读' }).click();
    await expect(page.getByTestId('message-count')).toHaveText('3');
    await expect(page.getByTestId('unread-summary')).toHaveText('未读 3 条');
    await expect(rows.filter({ hasText: '订单 A' })).toHaveAttribute('data-read', 'true');
    // The dropdown's latest three move up to the next unread one.
    await dropdown.hover();
    await expect(dropdown.getByTestId('message-item')).toHaveText([/发票 B/, /退货 C/, /收藏的 D/]);

    page.once('dialog', (dialog) => void dialog.accept());
    await rows.filter({ hasText: '发票 B' }).getByRole('button', { name: '删除' }).click();
    await expect(rows.filter({ hasText: '发票 B' })).toHaveCount(0);
    await expect(page.getByTestId('message-count')).toHaveText('2');
    await expect(page.locator('.toast')).toHaveText('已删除');

    await rows.filter({ hasText: '退货 C' }).getByRole('checkbox').check();
    await rows.filter({ hasText: '订单 E' }).getByRole('checkbox').check();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('确定删除选中的2条消息吗？');
      void dialog.accept();
    });
    await page.getByRole('button', { name: '删除所选（2）' }).click();
    await expect(rows).toHaveText([/订单 A/, /收藏的 D/]);
    await expect(page.getByTestId('message-count')).toHaveText('1');
    await dropdown.hover();
    await expect(dropdown.getByTestId('message-item')).toHaveText([/收藏的 D/]);

    // Dismissing the question deletes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await rows.filter({ hasText: '收藏的 D' }).getByRole('button', { name: '删除' }).click();
    await expect(rows).toHaveCount(2);
    expect(await page.evaluate(() => document.body.getAttribute('data-no-reload'))).toBe('yes');
    const left = await storeDb.selectFrom('messages').select('msgContent').where('userId', '=', userId).orderBy('sendDate', 'desc').execute();
    expect(left.map((row) => row.msgContent)).toEqual(['订单 A 已发货', '收藏的 D 已到货']);
    await page.screenshot({ path: '/tmp/c-messages.png', fullPage: true });
  });

  test('deleting the last rows of a page steps back to the page before', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(
      storeDb,
      userId,
      Array.from({ length: 11 }, (_, i) => ({ messageType: 3, msgContent: `订单消息 ${String(i + 1)}`, minutesAgo: i, isRead: true })),
    );
    await page.goto('/user/message/list?page=2');
    await expect(page.getByTestId('message-row')).toHaveCount(1);
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: '删除所选（1）' }).click();
    await expect(page.getByTestId('message-row')).toHaveCount(10);
    await expect(page).toHaveURL(/\/user\/message\/list$/);
  });
});
