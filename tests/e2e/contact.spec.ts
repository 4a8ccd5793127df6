import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The answer of the page's graphic code (GET /dev/graphic-code exists with the development outbox only). */
async function graphicCodeAnswer(page: Page): Promise<string> {
  const { answer } = (await (await page.request.get('/dev/graphic-code')).json()) as { answer: string | null };
  if (!answer) throw new Error('no graphic code');
  return answer;
}

test.describe('联系我们', () => {
  test.beforeEach(async ({ storeDb }) => {
    // Every journey comes from 127.0.0.1: the address's contact counts start afresh for this one.
    await storeDb.deleteFrom('rateCounters').where('key', 'like', 'contact:%').execute();
  });

  test('shows the channels, the offices with their maps, and takes a message; the second send asks for the graphic code', async ({ page, storeDb }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(/^联系我们 - /);
    // Two offices and the two warehouses parts ship from (the warehouses table), each with its map.
    await expect(page.getByTestId('contact-office')).toHaveCount(4);
    await expect(page.getByTestId('contact-warehouse-cutoff')).toHaveCount(2);
    await expect(page.getByTestId('contact-qq')).toHaveText(/^\d{5,}$/);
    await expect(page.getByTestId('contact-qr')).toBeVisible();
    const maps = page.locator('.contact-office__map');
    await maps.first().scrollIntoViewIfNeeded();
    await expect.poll(() => maps.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(560);
    await page.screenshot({ path: 'data/contact-page.png', fullPage: true });

    const phone = '13900001234';
    const form = page.locator('.contact-form');
    const fill = async (message: string) => {
      await form.getByPlaceholder('您的称呼').fill('张工');
      await form.getByPlaceholder('11位手机号码').fill(phone);
      await form.getByPlaceholder('选填，用于接收回复').fill('zhang@example.com');
      await form.locator('textarea[name="message"]').fill(message);
    };

    // Checked in the page first, with the server's words.
    await fill('太短');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByRole('alert')).toHaveText('留言内容至少10个字');

    await fill('请问 STM32F103C8T6 现货 5000 片的价格与交期？');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByRole('status')).toHaveText('留言已提交，我们将在1个工作日内与您联系');
    await expect(form.getByPlaceholder('您的称呼')).toHaveValue('');
    await expect(page.getByTestId('contact-graph-code')).toHaveCount(0);

    await fill('再补充一下：还需要 CH340G 2000 片。');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByRole('alert')).toHaveText('操作过于频繁，请输入图形验证码');
    const graphCode = page.getByTestId('contact-graph-code');
    await expect(graphCode.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await page.screenshot({ path: 'data/contact-graph-code.png', fullPage: false });

    const answer = await graphicCodeAnswer(page);
    await graphCode.getByPlaceholder('请输入右侧字符').fill(answer === 'abcd' ? 'efgh' : 'abcd');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByRole('alert')).toHaveText('图形验证码错误');

    // A new picture came with the refusal; its answer is taken.
    await expect.poll(() => graphicCodeAnswer(page)).not.toBe(answer);
    await graphCode.getByPlaceholder('请输入右侧字符').fill(await graphicCodeAnswer(page));
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByRole('status')).toHaveText('留言已提交，我们将在1个工作日内与您联系');

    const stored = await storeDb
      .selectFrom('contactMessages')
      .select(['name', 'email', 'message', 'status'])
      .where('phone', '=', phone)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { name: '张工', email: 'zhang@example.com', message: '请问 STM32F103C8T6 现货 5000 片的价格与交期？', status: 'new' },
      { name: '张工', email: 'zhang@example.com', message: '再补充一下：还需要 CH340G 2000 片。', status: 'new' },
    ]);
  });
});
