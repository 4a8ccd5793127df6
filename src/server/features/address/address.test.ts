import { describe, expect, it } from 'vitest';
import { maxAddresses, type Address } from '../../../contract/address.ts';
import { addressCalls } from '../../../contract/address-calls.ts';
import type { CallBody } from '../../../contract/call.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { findAddressOfMember, listAddresses } from './address.service.ts';

type SaveBody = CallBody<typeof addressCalls.save>;

const nanshan: SaveBody = {
  receiver: '张三',
  mobile: '13800138000',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  detail: '科技南十二路18号创维大厦12楼',
};

const haidian: SaveBody = {
  receiver: '李四',
  landline: '010-62758888',
  provinceCode: '110000',
  cityCode: '110100',
  districtCode: '110108',
  detail: '中关村大街27号中关村大厦8层',
};

describe('address book: addressCalls', () => {
  const t = useTestApp();

  const save = (browser: TestBrowser, body: SaveBody) => browser.call(addressCalls.save, body);
  const defaultsOf = (addresses: Address[]) => addresses.filter((address) => address.isDefault).map((address) => address.receiver);

  it('answers 401 to visitors', async () => {
    const visitor = t.browser();
    expect(await visitor.call(addressCalls.list, {})).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
    expect(await visitor.call(addressCalls.save, nanshan)).toMatchObject({ code: 401 });
    expect(await visitor.call(addressCalls.delete, { id: 1 })).toMatchObject({ code: 401 });
    expect(await visitor.call(addressCalls.setDefault, { id: 1 })).toMatchObject({ code: 401 });
  });

  it('adds an address with the division names looked up from their codes; the first becomes the default', async () => {
    const member = await t.member();
    const answer = await save(member.browser, { ...nanshan, receiver: '  张三 ', detail: '科技南十二路18号\n创维大厦12楼' });
    expect(answer).toMatchObject({ code: 1, msg: '收货地址已保存' });
    expect(answer.data).toEqual({
      id: expect.any(Number) as number,
      receiver: '张三',
      mobile: '13800138000',
      landline: '',
      provinceCode: '440000',
      provinceName: '广东省',
      cityCode: '440300',
      cityName: '深圳市',
      districtCode: '440305',
      districtName: '南山区',
      detail: '科技南十二路18号 创维大厦12楼',
      isDefault: true,
    });
    expect(await member.browser.callOk(addressCalls.list, {})).toEqual([answer.data]);
  });

  it('lists the default first, then the newest; a new address marked default takes the default over', async () => {
    const member = await t.member();
    await save(member.browser, nanshan);
    const second = await member.browser.callOk(addressCalls.save, haidian);
    expect(second.isDefault).toBe(false);
    expect((await member.browser.callOk(addressCalls.list, {})).map((address) => address.receiver)).toEqual(['张三', '李四']);
    await member.browser.callOk(addressCalls.save, { ...haidian, receiver: '王五', isDefault: true });
    const list = await member.browser.callOk(addressCalls.list, {});
    expect(list.map((address) => address.receiver)).toEqual(['王五', '李四', '张三']);
    expect(defaultsOf(list)).toEqual(['王五']);
  });

  it('edits an address by id, keeps a default that is unticked, and makes an edited address the default when asked', async () => {
    const member = await t.member();
    const first = await member.browser.callOk(addressCalls.save, nanshan);
    const second = await member.browser.callOk(addressCalls.save, haidian);
    const edited = await member.browser.callOk(addressCalls.save, {
      ...nanshan,
      id: first.id,
      receiver: '张三丰',
      mobile: '',
      landline: '0755 26888888',
      isDefault: false,
    });
    expect(edited).toMatchObject({ id: first.id, receiver: '张三丰', mobile: '', landline: '0755 26888888', isDefault: true });
    await member.browser.callOk(addressCalls.save, { ...haidian, id: second.id, isDefault: true });
    expect(defaultsOf(await member.browser.callOk(addressCalls.list, {}))).toEqual(['李四']);
    expect(await listAddresses(t.db.kysely, member.userId)).toHaveLength(2);
  });

  it('sets the default atomically: exactly one default after each change', async () => {
    const member = await t.member();
    const ids = [];
    for (const receiver of ['甲', '乙', '丙']) ids.push((await member.browser.callOk(addressCalls.save, { ...nanshan, receiver })).id);
    const answer = await member.browser.call(addressCalls.setDefault, { id: ids[2] ?? 0 });
    expect(answer).toMatchObject({ code: 1, msg: '已设为默认地址' });
    expect(defaultsOf(answer.data ?? [])).toEqual(['丙']);
    expect(answer.data?.[0]?.receiver).toBe('丙');
  });

  it('deleting the default makes the newest remaining address the default; deleting the last leaves an empty book', async () => {
    const member = await t.member();
    const first = await member.browser.callOk(addressCalls.save, { ...nanshan, receiver: '甲' });
    const second = await member.browser.callOk(addressCalls.save, { ...nanshan, receiver: '乙' });
    const third = await member.browser.callOk(addressCalls.save, { ...nanshan, receiver: '丙' });
    await member.browser.callOk(addressCalls.setDefault, { id: second.id });
    const afterDefault = await member.browser.call(addressCalls.delete, { id: second.id });
    expect(afterDefault).toMatchObject({ code: 1, msg: '收货地址已删除' });
    expect(defaultsOf(afterDefault.data ?? [])).toEqual(['丙']);
    const afterOther = await member.browser.callOk(addressCalls.delete, { id: first.id });
    expect(afterOther.map((address) => [address.receiver, address.isDefault])).toEqual([['丙', true]]);
    expect(await member.browser.callOk(addressCalls.delete, { id: third.id })).toEqual([]);
  });

  it("answers not found for another member's address, and leaves it as it was", async () => {
    const owner = await t.member();
    const intruder = await t.member();
    const address = await owner.browser.callOk(addressCalls.save, nanshan);
    const notFound = { code: 404, errorCode: 'address.notFound', msg: '收货地址不存在' };
    expect(await intruder.browser.call(addressCalls.save, { ...haidian, id: address.id })).toMatchObject(notFound);
    expect(await intruder.browser.call(addressCalls.setDefault, { id: address.id })).toMatchObject(notFound);
    expect(await intruder.browser.call(addressCalls.delete, { id: address.id })).toMatchObject(notFound);
    expect(await owner.browser.callOk(addressCalls.list, {})).toEqual([address]);
    expect(await intruder.browser.callOk(addressCalls.list, {})).toEqual([]);
    expect(await owner.browser.call(addressCalls.delete, { id: 999_999 })).toMatchObject(notFound);
    expect(await owner.browser.post(addressCalls.delete.path, { id: 'x' })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '收货地址不存在' });
  });

  it('gives the checkout one of the member’s addresses, and null for an unknown one or another member’s', async () => {
    const owner = await t.member();
    const other = await t.member();
    const address = await owner.browser.callOk(addressCalls.save, nanshan);
    expect(await findAddressOfMember(t.db.kysely, owner.userId, address.id)).toEqual(address);
    expect(await findAddressOfMember(t.db.kysely, other.userId, address.id)).toBeNull();
    expect(await findAddressOfMember(t.db.kysely, owner.userId, address.id + 1000)).toBeNull();
  });

  it(`keeps at most ${maxAddresses} addresses per member`, async () => {
    const member = await t.member();
    const now = Date.now();
    await t.db.kysely
      .insertInto('addresses')
      .values(
        Array.from({ length: maxAddresses }, (_, index) => ({
          userId: member.userId,
          receiver: `收货人${index}`,
          mobile: '13800138000',
          landline: '',
          provinceCode: '440000',
          provinceName: '广东省',
          cityCode: '440300',
          cityName: '深圳市',
          districtCode: '440305',
          districtName: '南山区',
          detail: '科技南十二路18号',
          isDefault: index === 0 ? 1 : 0,
          createdAt: now + index,
          updatedAt: now + index,
        })),
      )
      .execute();
    expect(await save(member.browser, nanshan)).toMatchObject({ code: 400, errorCode: 'address.full', msg: '最多可保存20个收货地址，请先删除不用的地址' });
    const first = (await member.browser.callOk(addressCalls.list, {}))[0];
    expect(await save(member.browser, { ...nanshan, id: first?.id ?? 0, receiver: '仍可编辑' })).toMatchObject({ code: 1 });
  });

  describe('refuses each bad field with its message beside the rule', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no receiver', { receiver: '   ' }, '请输入收货人姓名'],
      ['a receiver of 21 characters', { receiver: '张'.repeat(21) }, '收货人姓名不能超过20个字'],
      ['a malformed mobile', { mobile: '12800138000' }, '请输入正确的手机号码'],
      ['a mobile of 10 digits', { mobile: '1380013800' }, '请输入正确的手机号码'],
      ['a landline with letters', { mobile: '', landline: '0755-ABC' }, '请输入正确的固定电话，如 0755-83998888'],
      ['a landline with two dashes', { mobile: '', landline: '0755-8399-8888' }, '请输入正确的固定电话，如 0755-83998888'],
      ['neither mobile nor landline', { mobile: '', landline: '' }, '手机号码和固定电话至少填写一项'],
      ['a detail of 4 characters', { detail: '科技南路' }, '详细地址为5-120个字'],
      ['a detail of 121 characters', { detail: '路'.repeat(121) }, '详细地址为5-120个字'],
      ['no detail', { detail: undefined }, '请输入详细地址'],
      ['no province', { provinceCode: undefined }, '请选择省份'],
      ['a province code of letters', { provinceCode: 'abc' }, '请选择省份'],
      ['a city of another province', { cityCode: '110100', districtCode: '110108' }, '所选地区有误，请重新选择省、市、区'],
      ['a district of another city', { districtCode: '440106' }, '所选地区有误，请重新选择省、市、区'],
      ['an unknown district', { districtCode: '440399' }, '所选地区有误，请重新选择省、市、区'],
      ['the pseudo-district 市辖区', { districtCode: '440301' }, '所选地区有误，请重新选择省、市、区'],
      ['a default flag that is not a boolean', { isDefault: 'yes' }, '请选择是否设为默认地址'],
    ];
    for (const [name, change, message] of cases) {
      it(name, async () => {
        const member = await t.member();
        const answer = await member.browser.post(addressCalls.save.path, { ...nanshan, ...change });
        expect(answer).toMatchObject({ code: 400, msg: message });
        expect(await listAddresses(t.db.kysely, member.userId)).toEqual([]);
      });
    }
  });

  it('accepts a landline alone, a landline with a space, and an address in a city without districts', async () => {
    const member = await t.member();
    expect(
      await member.browser.callOk(addressCalls.save, { ...nanshan, mobile: '', landline: '0769 22888888', cityCode: '441900', districtCode: '441900' }),
    ).toMatchObject({
      mobile: '',
      landline: '0769 22888888',
      cityName: '东莞市',
      districtName: '东莞市',
    });
  });
});
