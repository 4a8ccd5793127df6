import { expect, newParts, test, uniquePhone, waitForHydration } from './fixtures.ts';
import { placeOrder, registerThroughPage, saveShenzhenAddress } from './order-fixtures.ts';

test.describe('邀请有礼', () => {
  test("a friend registers through the member's invite link and pays a first order: the inviter gets the coupon, the message and the row", async ({
    page,
    browser,
    storeDb,
    member,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/user/invite');
    await expect(page.getByRole('heading', { name: '邀请有礼' })).toBeVisible();
    const inviteUrl = await page.getByTestId('invite-url').first().inputValue();
    expect(inviteUrl).toBe(`http://127.0.0.1:${String(Number(process.env.E2E_PORT ?? 3100))}/?inviter=${member.userNumber}`);
    await expect(page.getByTestId('invite-qr')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(page.getByText('还没有好友通过您的链接注册，快去邀请吧。')).toBeVisible();
    await expect(page.getByTestId('invite-pitch')).toContainText('每邀请一位好友注册并完成首笔实付满¥200.00的订单');
    await expect(page.getByTestId('invite-rules')).toContainText('实付不足¥200.00的订单不发放奖励');
    await waitForHydration(page);
    await page.getByRole('button', { name: '复制链接' }).click();
    await expect(page.getByRole('button', { name: '已复制' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);

    // The friend, in a browser of their own: the link's home page remembers the inviter for the registration.
    const friendContext = await browser.newContext();
    const friend = await friendContext.newPage();
    await friend.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
    await expect.poll(() => friend.evaluate(() => localStorage.getItem('inviter'))).toContain(member.userNumber);
    const phone = uniquePhone();
    await friend.goto('/account/register');
    await expect(friend.getByText(`邀请人：${member.userNumber}`)).toBeVisible();
    await registerThroughPage(friend, phone);
    const invitee = await storeDb.selectFrom('users').select(['id', 'inviter']).where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(invitee.inviter).toBe(member.userNumber);

    // The reward needs a first order paying at least the reward coupon's threshold for its goods (满200减20: ¥200.00).
    const parts = await newParts(page, storeDb, 1, { minLineCents: 20_000 });
    const placed = await placeOrder(friend, parts, await saveShenzhenAddress(friend));
    await page.goto('/user/invite');
    await expect(page.getByTestId('invitee-row')).toHaveCount(1);
    await expect(page.getByTestId('invitee-row')).toContainText('未下单');

    await friend.goto(`/offer/pay/${placed.orderNo}`);
    await waitForHydration(friend);
    await friend.getByRole('radio', { name: /模拟支付/ }).check();
    await friend.getByRole('button', { name: '模拟支付成功' }).click();
    await friend.waitForURL(`/user/order/detail/${placed.orderNo}`);
    await friendContext.close();

    await page.goto('/user/invite');
    const row = page.getByTestId('invitee-row');
    await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await expect(row).toContainText('已下单');
    await expect(row).toContainText('已发放');
    await expect(page.getByTestId('invitee-count')).toHaveText('1');
    await expect(page.getByTestId('reward-count')).toHaveText('1');
    await page.screenshot({ path: '/tmp/c-invite.png', fullPage: true });

    await page.goto('/user/coupon');
    await expect(page.getByRole('heading', { name: '邀请奖励 满200减20' })).toBeVisible();
    await page.goto('/user/message/list');
    await expect(page.getByTestId('message-row').first()).toContainText('邀请奖励「邀请奖励 满200减20」已发放');
    await expect(page.getByTestId('message-count')).toHaveText('1');
    await page.screenshot({ path: '/tmp/c-invite-message.png', fullPage: true });
  });

  test('a visitor is sent to log in, and comes back to the invite page', async ({ page }) => {
    await page.goto('/user/invite');
    await page.waitForURL('**/account/login?return=*');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/user/invite');
  });
});
