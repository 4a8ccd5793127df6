import { describe, expect, it } from 'vitest';
import { countryNameOf, emptyPurchasing, isCadUrl, isCountryCode, normalizeEccn, purchasingMessages as m, purchasingProblem } from './purchasing.ts';

describe('purchasing rules', () => {
  it.each([
    ['EAR99', 'EAR99'],
    ['ear99', 'EAR99'],
    [' 3a991.A.2 ', '3A991.a.2'],
    ['5A992.c', '5A992.c'],
    ['4A994.l', '4A994.l'],
    ['5A002.a.1.b', '5A002.a.1.b'],
    ['3A99', null],
    ['3F991', null],
    ['EAR-99', null],
    ['', null],
    ['3A991.a.2.b.c.d', null],
  ])('reads the ECCN %j as %j', (text, eccn) => {
    expect(normalizeEccn(text)).toBe(eccn);
  });

  it('knows the ISO 3166 codes and names Taiwan, Hong Kong and Macao as parts of China', () => {
    expect(isCountryCode('MY')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('cn')).toBe(false);
    expect([countryNameOf('CN'), countryNameOf('TW'), countryNameOf('HK'), countryNameOf('MO'), countryNameOf('PH')]).toEqual([
      '中国',
      '中国台湾',
      '中国香港',
      '中国澳门',
      '菲律宾',
    ]);
  });

  it('takes https CAD links only', () => {
    expect(isCadUrl('https://cad.example.com/a.step')).toBe(true);
    expect(isCadUrl('http://cad.example.com/a.step')).toBe(false);
    expect(isCadUrl('javascript:alert(1)')).toBe(false);
    expect(isCadUrl(`https://cad.example.com/${'a'.repeat(500)}`)).toBe(false);
  });

  it('names the first problem of a record, and none of a right one', () => {
    expect(purchasingProblem(emptyPurchasing)).toBe('');
    expect(purchasingProblem({ ...emptyPurchasing, msl: '2a', packaging: 'tube', factoryLeadWeeks: 104, originCountry: 'JP', eccn: 'EAR99' })).toBe('');
    expect(purchasingProblem({ ...emptyPurchasing, factoryLeadWeeks: 105 })).toBe(m.leadWeeksInvalid);
    expect(purchasingProblem({ ...emptyPurchasing, eccn: 'ear99' })).toBe(m.eccnInvalid);
    expect(purchasingProblem({ ...emptyPurchasing, cadModelUrl: 'ftp://x/y' })).toBe(m.cadUrlInvalid);
  });
});
