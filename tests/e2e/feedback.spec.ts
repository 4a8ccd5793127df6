import { confirmBankTransfer, shipOrder } from '../../src/server/features/order/order-staff.service.ts';
import { replyAsStaff } from '../../src/server/features/complaint/complaint-staff.service.ts';
import { pngImage } from '../../src/server/features/upload/testing/upload-test-kit.ts';
import { orderDetailPath } from '../../src/contract/order.ts';
import { expect, newParts, test, waitForHydration } from './fixtures.ts';
import { placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

const picture = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: pngImage(160, 120, rgb) });

test.describe('after-sales complaints', () => {
  test('申请售后 on a line of a shipped order opens the complaint form with that order and line chosen', async ({ page, storeDb, member }) => {
    const parts = await newParts(page, storeDb, 2);
    const second = parts[1];
    if (!second) throw new Error('no parts');
    await page.goto('/');
    const placed = await placeOrder(page, parts, await saveShenzhenAddress(page));
    await page.goto(orderDetailPath(placed.orderNo));
    // Not yet shipped: nothing to complain about.
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByRole('link', { name: '申请售后' })).toHaveCount(0);

    await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
    await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF998877001' });
    await page.reload();
    await expect(page.getByRole('link', { name: '申请售后' })).toHaveCount(2);
    await page.screenshot({ path: 'data/order-detail-aftersales.png', fullPage: true });
    // The second line: the form would choose the first by itself.
    await page.getByTestId('order-line').filter({ hasText: second.code }).getByRole('link', { name: '申请售后' }).click();

    await expect(page).toHaveURL(new RegExp(`/user/feedback\\?orderNo=${placed.orderNo}&lineId=\\d+#new$`));
    const form = page.getByRole('form', { name: '新建投诉' });
    await expect(form.getByLabel('选择订单')).toHaveValue(placed.orderNo);
    await expect(form.getByRole('radio', { name: new RegExp(second.code) })).toBeChecked();
    await expect(form.getByRole('radio', { checked: true })).toHaveCount(1);
    const lineId = Number(new URL(page.url()).searchParams.get('lineId'));
    const stored = await storeDb
      .selectFrom('orderLines')
      .innerJoin('orders', 'orders.id', 'orderLines.orderId')
      .select(['orderLines.productCode', 'orders.userId'])
      .where('orders.orderNo', '=', placed.orderNo)
      .where('orderLines.id', '=', lineId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ productCode: second.code, userId: member.userId });
  });

  test('a member files a complaint with two photos on a shipped order, sees it 待处理, then the staff reply and its message', async ({
    page,
    member,
    storeDb,
  }) => {
    // Parts further down the list than the order journeys', so parallel runs share no stock.
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await page.goto('/');
    const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
    await confirmBankTransfer(storeDb, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' });
    await shipOrder(storeDb, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF998877665' });
    const line = await storeDb
      .selectFrom('orderLines')
      .innerJoin('orders', 'orders.id', 'orderLines.orderId')
      .select('orderLines.id')
      .where('orders.orderNo', '=', placed.orderNo)
      .executeTakeFirstOrThrow();

    await page.goto(`/user/feedback?orderNo=${placed.orderNo}&lineId=${String(line.id)}`);
    const form = page.getByRole('form', { name: '新建投诉' });
    await expect(form.getByLabel('选择订单')).toHaveValue(placed.orderNo);
    await expect(form.getByRole('radio', { name: new RegExp(part.code) })).toBeChecked();
    await form.getByRole('button', { name: '提交投诉' }).click();
    await expect(form.getByRole('alert')).toHaveText('请选择问题类型');
    await form.getByText('商品损坏').click();
    await form.getByLabel('问题描述').fill('引脚弯折');
    await expect(form.getByText('4/500')).toBeVisible();
    await form.getByRole('button', { name: '提交投诉' }).click();
    await expect(form.getByRole('alert')).toHaveText('问题描述至少10个字');
    await form.getByLabel('问题描述').fill('收到的芯片引脚弯折，外包装有明显压痕，无法贴片。');
    await form.locator('.image-uploader__input').setInputFiles([picture('压痕.png', [200, 60, 60]), picture('引脚.png', [60, 120, 200])]);
    await expect(form.locator('.image-uploader__item[data-status="done"]')).toHaveCount(2);
    await page.screenshot({ path: 'data/aftersales-form.png', fullPage: true });
    await form.getByRole('button', { name: '提交投诉' }).click();

    await expect(page).toHaveURL(/\/user\/feedback\/\d+$/);
    await waitForHydration(page);
    await expect(page.getByTestId('complaint-status')).toHaveText('待处理');
    const photos = page.getByRole('list', { name: '投诉图片' }).getByRole('img');
    await expect(photos).toHaveCount(2);
    // Decoded once loaded (the count can be right before the pictures have arrived).
    await expect.poll(() => photos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth))).toEqual([160, 160]);
    await photos.first().click();
    await expect(page.getByRole('dialog', { name: '查看大图' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '查看大图' })).toHaveCount(0);
    const complaintId = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await storeDb.selectFrom('complaints').selectAll().where('id', '=', complaintId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ userId: member.userId, orderLineId: line.id, type: 'damaged', status: 'pending' });

    await page.goto('/user/feedback');
    const row = page.getByTestId('complaint-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(stored.complaintNo);
    await expect(row).toContainText('待处理');
    await expect(row).toContainText('2张图片');
    await page.screenshot({ path: 'data/aftersales-list.png', fullPage: true });

    await replyAsStaff(storeDb, { complaintId, staffName: '王客服', text: '已核实，将为您补发10片。' });
    await page.goto(`/user/feedback/${String(complaintId)}`);
    await expect(page.getByTestId('complaint-status')).toHaveText('处理中');
    await expect(page.getByTestId('complaint-reply')).toHaveText(/客服 王客服.*已核实，将为您补发10片。/);
    await page.getByRole('textbox', { name: '补充说明' }).fill('好的，收货地址不变。');
    await page.getByRole('button', { name: '提交补充' }).click();
    await expect(page.getByTestId('complaint-reply')).toHaveCount(2);
    await expect(page.getByTestId('complaint-reply').last()).toContainText('我的补充');
    await page.screenshot({ path: 'data/aftersales-detail.png', fullPage: true });

    await page.goto('/user/message/list?type=2');
    const message = page.getByRole('link', { name: `您的售后投诉${stored.complaintNo}有新的客服回复：已核实，将为您补发10片。` });
    await expect(message.filter({ visible: true })).toHaveCount(1);
  });
});
