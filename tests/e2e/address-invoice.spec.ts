import { expect, test, type StoreDb } from './fixtures.ts';

/** A company of the seeded register and a 4-character piece of its name that at most 10 names share (so it is listed). */
async function registeredCompany(storeDb: StoreDb) {
  const companies = await storeDb.selectFrom('companies').selectAll().where('isVerified', '=', 1).orderBy('id').execute();
  for (const company of companies) {
    const piece = company.name.slice(3, 7);
    if (companies.filter((other) => other.name.toLowerCase().includes(piece.toLowerCase())).length <= 10) return { company, piece };
  }
  throw new Error('the seeded company register is empty');
}

test.describe('addresses and invoice profiles', () => {
  test('a visitor is sent to log in, and comes back to the address book', async ({ page }) => {
    await page.goto('/user/address');
    await page.waitForURL('**/account/login?return=*');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/user/address');
  });

  test('adds an address through the province → city → district cascade, and it is there after a reload', async ({ page, storeDb, member }) => {
    await page.goto('/user/address');
    await expect(page.getByRole('heading', { name: '收货地址' })).toBeVisible();
    await expect(page.getByText('您还没有收货地址')).toBeVisible();
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const form = page.getByRole('form', { name: '新增收货地址' });

    await form.getByRole('button', { name: '保存收货地址' }).click();
    await expect(form.getByText('请输入收货人姓名')).toBeVisible();
    await expect(form.getByText('手机号码和固定电话至少填写一项')).toBeVisible();

    await form.getByLabel('收货人').fill('张三');
    const city = form.getByRole('combobox', { name: '城市' });
    await expect(city).toBeDisabled();
    await form.getByRole('combobox', { name: '省份' }).selectOption({ label: '广东省' });
    await city.selectOption({ label: '深圳市' });
    await form.getByRole('combobox', { name: '区县' }).selectOption({ label: '南山区' });
    await form.getByLabel('详细地址').fill('科技南十二路18号创维大厦12楼');
    await form.getByLabel('手机号码').fill('1380013800');
    await form.getByRole('button', { name: '保存收货地址' }).click();
    await expect(form.getByText('请输入正确的手机号码')).toBeVisible();
    await form.getByLabel('手机号码').fill('13800138000');
    await form.getByRole('button', { name: '保存收货地址' }).click();

    const card = page.getByTestId('address-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('广东省 深圳市 南山区 科技南十二路18号创维大厦12楼');
    await expect(card).toContainText('默认地址');
    await expect(page.getByRole('form')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('address-card')).toContainText('张三');
    await expect(page.getByTestId('address-card')).toContainText('13800138000');
    const stored = await storeDb.selectFrom('addresses').selectAll().where('userId', '=', member.userId).execute();
    expect(stored).toMatchObject([
      { receiver: '张三', provinceCode: '440000', cityCode: '440300', districtCode: '440305', districtName: '南山区', isDefault: 1 },
    ]);
  });

  test("chooses a municipality's one city by itself; another address becomes the default, then is deleted", async ({ page, storeDb, member }) => {
    await page.goto('/user/address');
    for (const [receiver, district, detail] of [
      ['王五', '朝阳区', '酒仙桥路10号'],
      ['李四', '海淀区', '中关村大街27号'],
    ] as const) {
      await page.getByRole('button', { name: '新增收货地址' }).click();
      const form = page.getByRole('form', { name: '新增收货地址' });
      await form.getByRole('combobox', { name: '省份' }).selectOption({ label: '北京市' });
      await expect(form.getByRole('combobox', { name: '城市' })).toHaveValue('110100');
      await form.getByRole('combobox', { name: '区县' }).selectOption({ label: district });
      await form.getByLabel('收货人').fill(receiver);
      await form.getByLabel('详细地址').fill(detail);
      await form.getByLabel('固定电话').fill('010-62758888');
      await form.getByRole('button', { name: '保存收货地址' }).click();
      await expect(page.getByTestId('address-card').filter({ hasText: receiver })).toBeVisible();
    }
    const cards = page.getByTestId('address-card');
    await expect(cards.first()).toContainText('王五');
    await cards.filter({ hasText: '李四' }).getByRole('button', { name: '设为默认' }).click();
    await expect(cards.first()).toContainText('北京市 海淀区 中关村大街27号');
    await expect(cards.first()).toContainText('默认地址');
    await cards.first().getByRole('button', { name: '删除' }).click();
    await cards.first().getByRole('button', { name: '确定' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('王五');
    await expect(cards.first()).toContainText('默认地址');
    const stored = await storeDb.selectFrom('addresses').select(['receiver', 'isDefault']).where('userId', '=', member.userId).execute();
    expect(stored).toEqual([{ receiver: '王五', isDefault: 1 }]);
  });

  test('saves a 增值税专用发票 profile filled in from the company autocomplete, and it is there after a reload', async ({ page, storeDb, member }) => {
    const { company, piece } = await registeredCompany(storeDb);
    await page.goto('/user/invoice');
    await page.getByRole('button', { name: '新增发票信息' }).click();
    const form = page.getByRole('form', { name: '新增发票信息' });
    await form.getByRole('radio', { name: '增值税专用发票' }).check();

    const companyName = form.getByRole('combobox', { name: '单位名称' });
    await companyName.pressSequentially(piece, { delay: 50 });
    const option = page.getByRole('option', { name: company.name });
    await expect(option).toBeVisible();
    await option.click();
    await expect(companyName).toHaveValue(company.name);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(form.getByLabel('纳税人识别号')).toHaveValue(company.taxNumber);
    await expect(form.getByLabel('注册地址')).toHaveValue(company.registeredAddress);
    await expect(form.getByLabel('注册电话')).toHaveValue(company.registeredPhone);
    await expect(form.getByLabel('开户银行')).toHaveValue(company.bankName);
    await expect(form.getByLabel('银行账号')).toHaveValue(company.bankAccount);
    await form.getByRole('button', { name: '保存发票信息' }).click();

    const card = page.getByTestId('invoice-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('增值税专用发票');
    await expect(card).toContainText(company.name);
    await page.reload();
    await expect(page.getByTestId('invoice-card')).toContainText(company.taxNumber);
    await expect(page.getByTestId('invoice-card')).toContainText(company.bankAccount);
    const stored = await storeDb.selectFrom('invoiceProfiles').selectAll().where('userId', '=', member.userId).execute();
    expect(stored).toMatchObject([
      { type: 'special', companyName: company.name, taxNumber: company.taxNumber, bankAccount: company.bankAccount, isDefault: 1 },
    ]);
  });

  test('shows a bad invoice field’s message beside it and sends nothing', async ({ page, storeDb, member }) => {
    await page.goto('/user/invoice');
    await page.getByRole('button', { name: '新增发票信息' }).click();
    const form = page.getByRole('form', { name: '新增发票信息' });
    await form.getByRole('radio', { name: '单位普通发票' }).check();
    await form.getByRole('combobox', { name: '单位名称' }).fill('深圳市某某电子有限公司');
    await form.getByLabel('纳税人识别号').fill('9144-0300');
    await form.getByRole('button', { name: '保存发票信息' }).click();
    await expect(form.getByText('税号为1-30位字母或数字')).toBeVisible();
    await form.getByLabel('纳税人识别号').fill('91440300MA5FXXXX1K');
    await expect(form.getByText('税号为1-30位字母或数字')).toHaveCount(0);
    expect(await storeDb.selectFrom('invoiceProfiles').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
  });
});
