import { describe, expect, it } from 'vitest';
import { addressFieldProblems, addressFormProblem, cleanLine, fullAddressOf, type AddressFields } from './address.ts';

const filled: AddressFields = {
  receiver: '张三',
  mobile: '13800138000',
  landline: '',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  detail: '科技南十二路18号',
};

describe('address form rules', () => {
  it('finds nothing wrong with a filled form', () => {
    expect(addressFormProblem(filled)).toBe('');
    expect(addressFormProblem({ ...filled, mobile: '', landline: '0755-83998888' })).toBe('');
  });

  it.each([
    ['receiver', { receiver: ' ' }, '请输入收货人姓名'],
    ['receiver', { receiver: '张'.repeat(21) }, '收货人姓名不能超过20个字'],
    ['mobile', { mobile: '', landline: '' }, '手机号码和固定电话至少填写一项'],
    ['mobile', { mobile: '1380013800' }, '请输入正确的手机号码'],
    ['landline', { landline: '0755--8399' }, '请输入正确的固定电话，如 0755-83998888'],
    ['landline', { mobile: '', landline: '1'.repeat(21) }, '请输入正确的固定电话，如 0755-83998888'],
    ['provinceCode', { provinceCode: '' }, '请选择省份'],
    ['cityCode', { cityCode: '' }, '请选择城市'],
    ['districtCode', { districtCode: '' }, '请选择区县'],
    ['detail', { detail: '四个字儿' }, '详细地址为5-120个字'],
    ['detail', { detail: '  \n ' }, '请输入详细地址'],
  ] as const)('says what is wrong with %s: %o', (field, change, message) => {
    const problems = addressFieldProblems({ ...filled, ...change });
    expect(problems[field]).toBe(message);
    expect(addressFormProblem({ ...filled, ...change })).toBe(message);
  });

  it('counts characters after cleaning: a line break is one space, a rare character once', () => {
    expect(cleanLine('  科技南路\n\n18号  ')).toBe('科技南路 18号');
    expect(addressFieldProblems({ ...filled, detail: '𠀀𠀀𠀀𠀀𠀀' }).detail).toBe('');
    expect(addressFieldProblems({ ...filled, detail: '路'.repeat(120) }).detail).toBe('');
  });
});

describe('fullAddressOf', () => {
  it('reads province, city, district and detail, saying a municipality or a district-less city once', () => {
    expect(fullAddressOf({ provinceName: '广东省', cityName: '深圳市', districtName: '南山区', detail: '科技南十二路18号' })).toBe(
      '广东省 深圳市 南山区 科技南十二路18号',
    );
    expect(fullAddressOf({ provinceName: '北京市', cityName: '北京市', districtName: '海淀区', detail: '中关村大街27号' })).toBe(
      '北京市 海淀区 中关村大街27号',
    );
    expect(fullAddressOf({ provinceName: '广东省', cityName: '东莞市', districtName: '东莞市', detail: '松山湖大道1号' })).toBe('广东省 东莞市 松山湖大道1号');
  });
});
