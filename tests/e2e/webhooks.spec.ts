import { isSignedBy, WebhookReceiver } from '../../src/server/features/webhook/testing/webhook-receiver.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

test('a member adds a webhook endpoint, sends a test event that the receiver verifies, sees it in the log and replays it', async ({
  page,
  storeDb,
  member,
}, testInfo) => {
  test.setTimeout(60_000);
  const receiver = await new WebhookReceiver().start();
  try {
    await page.goto('/user/api-keys');
    await page.getByRole('link', { name: 'Webhook 推送' }).click();
    await page.waitForURL('/user/webhooks');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Webhook 推送' })).toBeVisible();

    await page.getByRole('textbox', { name: '接收地址' }).fill('ftp://erp.example.com/hook');
    await page.getByRole('checkbox', { name: /订单已付款/ }).check();
    await page.getByRole('button', { name: '添加接收地址' }).click();
    await expect(page.locator('.toast').filter({ hasText: '接收地址格式不正确，应以 https:// 开头' })).toBeVisible();

    await page.getByRole('textbox', { name: '接收地址' }).fill(receiver.url);
    await page.getByRole('checkbox', { name: /询价已报价/ }).check();
    await page.getByRole('checkbox', { name: /缺货预计到货日期变更 order\.backorder_date_changed/ }).check();
    await page.getByRole('button', { name: '添加接收地址' }).click();
    const secret = await page.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint).toContainText('订单已付款、询价已报价、缺货预计到货日期变更');
    await expect(endpoint.getByTestId('webhook-endpoint-state')).toHaveText('启用');

    await endpoint.getByRole('button', { name: '发送测试' }).click();
    const deliveries = page.getByTestId('webhook-delivery');
    await expect(deliveries).toHaveCount(1);
    await expect(deliveries.first()).toContainText('测试事件');
    await expect(deliveries.first().getByTestId('webhook-delivery-state')).toHaveText('成功');
    await expect(deliveries.first().getByTestId('webhook-delivery-result')).toHaveText('HTTP 200');
    expect(receiver.received).toHaveLength(1);
    const [tested] = receiver.received;
    if (!tested) throw new Error('nothing received');
    expect(isSignedBy(secret, tested)).toBe(true);
    expect(tested.headers['x-xinpin-event']).toBe('webhook.test');
    const eventId = await deliveries.first().getAttribute('data-event-id');

    await deliveries.first().getByRole('button', { name: '重新发送' }).click();
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.first()).toContainText('重新发送（原投递');
    await expect(deliveries.first().getByTestId('webhook-delivery-state')).toHaveText('成功');
    expect(await deliveries.first().getAttribute('data-event-id')).toBe(eventId);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(tested.body);
    await page.screenshot({ path: testInfo.outputPath('webhooks.png'), fullPage: true });

    const stored = await storeDb.selectFrom('webhookDeliveries').select(['eventId', 'state', 'attempts']).where('userId', '=', member.userId).execute();
    expect(stored).toEqual([
      { eventId, state: 'succeeded', attempts: 1 },
      { eventId, state: 'succeeded', attempts: 1 },
    ]);
    const endpoints = await storeDb.selectFrom('webhookEndpoints').select('events').where('userId', '=', member.userId).execute();
    expect(endpoints.map((row) => JSON.parse(row.events) as string[])).toEqual([['order.paid', 'quotation.answered', 'order.backorder_date_changed']]);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('webhook-delivery')).toHaveCount(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('webhook-endpoint').getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(0);
    await expect(page.getByTestId('webhook-delivery')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
