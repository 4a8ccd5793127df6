import { pdfDocument, pngImage } from '../../src/server/features/upload/testing/upload-test-kit.ts';
import { expect, latestSmsCode, test, uniquePhone } from './fixtures.ts';

test.describe('供应商入驻', () => {
  test('a visitor reads the onboarding information and is asked to log in to apply', async ({ page }) => {
    await page.goto('/serve/supplier');
    await expect(page).toHaveTitle(/^供应商入驻 - /);
    for (const heading of ['为什么加入', '入驻要求', '入驻流程', '入驻申请', '查询进度'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const prompt = page.getByTestId('supplier-login-prompt');
    await expect(prompt.getByRole('link', { name: '登录后申请' })).toHaveAttribute('href', '/account/login?return=%2Fserve%2Fsupplier');
    await page.screenshot({ path: 'data/supplier-visitor.png', fullPage: true });
  });

  test('a member applies with a licence picture and a PDF certificate, then sees 待审核 by phone and SMS code', async ({ page, storeDb, member }) => {
    const phone = uniquePhone();
    await page.goto('/serve/supplier');
    const form = page.locator('.supplier-form');
    await form.getByPlaceholder('与营业执照一致').fill('深圳市芯源电子有限公司');
    await form.getByPlaceholder('18位统一社会信用代码').fill('91350100M000100Y43');
    await form.getByPlaceholder('联系人姓名').fill('陈经理');
    await form.getByPlaceholder('用于接收审核结果').fill(phone);
    await form.getByTestId('send-sms-code').click();
    await expect(form.getByTestId('send-sms-code')).toHaveText(/秒后重新获取/);
    await form.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page, phone));
    const chips = form.locator('.supplier-chip');
    await chips.nth(0).click();
    await chips.nth(1).click();
    await form.getByPlaceholder(/多个品牌用逗号分隔/).fill('ST, TI');
    await form.getByText('500万–2000万元').click();

    const licenceChooser = page.waitForEvent('filechooser');
    await page.getByTestId('supplier-licences').getByText('上传营业执照').click();
    await (await licenceChooser).setFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: pngImage(200, 140, [230, 120, 40]) });
    const certificateChooser = page.waitForEvent('filechooser');
    await page.getByTestId('supplier-certificates').getByText('上传证书').click();
    await (await certificateChooser).setFiles({ name: '代理证.pdf', mimeType: 'application/pdf', buffer: pdfDocument });
    await expect(page.locator('.image-uploader__item[data-status="done"]')).toHaveCount(2);
    await expect(page.getByTestId('supplier-certificates').locator('.image-uploader__thumb--pdf')).toHaveText('PDF');
    await page.screenshot({ path: 'data/supplier-form.png', fullPage: true });

    await form.getByRole('button', { name: '提交入驻申请' }).click();
    const submitted = page.getByTestId('supplier-submitted');
    await expect(submitted.getByTestId('supplier-status-label')).toHaveText('待审核');
    await expect(submitted).toContainText('深圳市芯源电子有限公司');

    const stored = await storeDb.selectFrom('supplierApplications').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ userId: member.userId, status: 'pending', creditCode: '91350100M000100Y43', brands: 'ST, TI', annualVolume: '5mTo20m' });
    const documents = await storeDb
      .selectFrom('supplierDocuments')
      .select(['kind', 'uploadKey'])
      .where('applicationId', '=', stored.id)
      .orderBy('position')
      .execute();
    expect(documents.map((document) => document.kind)).toEqual(['licence', 'certificate']);
    expect(documents[1]?.uploadKey).toMatch(/\.pdf$/);

    // 查询进度, as anyone holding the phone: another code (the minute's wait pretended over).
    await storeDb
      .updateTable('smsCodes')
      .set({ sentAt: Date.now() - 61_000 })
      .where('phone', '=', phone)
      .execute();
    const progress = page.locator('.supplier-progress');
    await progress.getByPlaceholder('提交申请时填写的手机号').fill(phone);
    await progress.getByTestId('send-sms-code').click();
    await expect(progress.getByTestId('send-sms-code')).toHaveText(/秒后重新获取/);
    await progress.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page, phone));
    await progress.getByRole('button', { name: '查询进度' }).click();
    const result = page.getByTestId('supplier-progress-result');
    await expect(result.getByTestId('supplier-status-label')).toHaveText('待审核');
    await expect(result).toContainText(stored.applicationNo);
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'data/supplier-progress.png', fullPage: false });
  });
});
