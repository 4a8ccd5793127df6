import { describe, expect, it } from 'vitest';
import { addressCalls } from '../../../contract/address-calls.ts';
import type { AddressPageData } from '../../../web/pages/address-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

describe('/user/address', () => {
  const t = useTestApp();

  it('sends visitors to login with the return path', async () => {
    const page = await t.browser().get('/user/address');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Faddress');
  });

  it("renders the member's addresses and the provinces as the page's state, inside the member centre", async () => {
    const member = await t.member();
    const saved = await member.browser.callOk(addressCalls.save, {
      receiver: '张三',
      mobile: '13800138000',
      provinceCode: '310000',
      cityCode: '310100',
      districtCode: '310115',
      detail: '张江路88号',
    });
    const page = await member.browser.get('/user/address');
    expect(page.statusCode).toBe(200);
    const { data } = pageStateOf<AddressPageData>(page.body);
    expect(data.addresses).toEqual([saved]);
    expect(data.provinces).toHaveLength(33);
    expect(page.body).toContain('<title>收货地址 - 芯品商城</title>');
    expect(page.body).toContain('上海市 浦东新区 张江路88号');
    expect(page.body).toContain('默认地址');
    expect(page.body).toMatch(/href="\/user\/address"[^>]*aria-current="page"/);
  });

  it('shows an empty book with the way to add one', async () => {
    const member = await t.member();
    const page = await member.browser.get('/user/address');
    expect(pageStateOf<AddressPageData>(page.body).data.addresses).toEqual([]);
    expect(page.body).toContain('您还没有收货地址');
    expect(page.body).toContain('新增收货地址');
  });
});
