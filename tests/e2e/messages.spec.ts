import { createMember } from '../../src/server/testing/factories.ts';
import { expect, test } from './fixtures.ts';
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
    await page.getByRole('link', { name: '只看未读' }).click();
    await page.waitForURL('**/user/message/list?unread=1');
    await expect(page.getByTestId('message-row')).toHaveCount(2);
    await expect(page.getByTestId('message-row').locator('[aria-label=已读]')).toHaveCount(0);
  });
});
