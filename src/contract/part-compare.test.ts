import { describe, expect, it } from 'vitest';
import {
  compareDielectric,
  compareParam,
  compareRating,
  dielectricRank,
  isOtherPackage,
  isRatingUnit,
  isSamePackage,
  numberOfParam,
  type PartParam,
} from './part-compare.ts';

const param = (name: string, unit: string | null, valueText: string, valueNum: number | null = null): PartParam => ({ name, unit, valueText, valueNum });

describe('compareParam: one recorded parameter of a candidate against the wanted part’s', () => {
  it.each([
    [param('阻值', 'Ω', '10kΩ'), param('阻值', 'Ω', '10K'), 'same'],
    [param('阻值', 'Ω', '10kΩ'), param('阻值', 'Ω', '10.2kΩ'), null],
    [param('精度', '%', '±5%'), param('精度', '%', '±1%'), 'better'],
    [param('精度', '%', '±1%'), param('精度', '%', '±5%'), null],
    [param('额定电压', 'V', '16V'), param('额定电压', 'V', '50V'), 'better'],
    [param('额定电压', 'V', '50V'), param('额定电压', 'V', '16V'), null],
    [param('功率', 'W', '100mW'), param('功率', 'W', '1/10W'), null],
    [param('功率', 'W', '100mW'), param('功率', 'W', '125mW'), 'better'],
    [param('额定电流', 'A', '2A'), param('额定电流', 'A', '1.5A'), null],
    [param('工作电压', 'V', '2.0V~3.6V'), param('工作电压', 'V', '1.8V~3.6V'), null],
    [param('工作电压', 'V', '2.0V~3.6V'), param('工作电压', 'V', '2.0V ~ 3.6V'), 'same'],
    [param('材质(介质)', null, 'X7R'), param('材质(介质)', null, 'C0G'), 'better'],
    [param('材质(介质)', null, 'X7R'), param('材质(介质)', null, 'Y5V'), null],
    [param('材质(介质)', null, 'NP0'), param('材质(介质)', null, 'COG'), 'same'],
    [param('内核', null, 'ARM Cortex-M3'), param('内核', null, 'arm cortex-m3'), 'same'],
    [param('内核', null, 'ARM Cortex-M3'), param('内核', null, 'ARM Cortex-M4'), null],
    [param('程序存储容量', 'B', '64KB', 65_536), param('程序存储容量', 'B', '128KB', 131_072), null],
    [param('封装', null, 'SOT-23'), param('封装', null, 'SOT23'), 'same'],
    [param('封装', null, 'SOP-16'), param('封装', null, 'SOIC-16'), null],
  ])('%o against %o is %s', (wanted, offered, verdict) => {
    expect(compareParam(wanted, offered)).toBe(verdict);
  });
});

describe('the rules under it', () => {
  it('bounds a tolerance from above and a voltage, power or current from below', () => {
    expect(compareRating('%', 1, 0.5)).toBe('better');
    expect(compareRating('%', 1, 1)).toBe('same');
    expect(compareRating('%', 1, 5)).toBeNull();
    for (const unit of ['V', 'W', 'A'] as const) {
      expect(compareRating(unit, 25, 50)).toBe('better');
      expect(compareRating(unit, 25, 25.000_000_000_01)).toBe('same');
      expect(compareRating(unit, 25, 16)).toBeNull();
    }
    expect(['%', 'V', 'W', 'A', 'Ω', 'F', 'B', null].map(isRatingUnit)).toEqual([true, true, true, true, false, false, false, false]);
  });

  it('ranks dielectrics from the most stable, C0G and NP0 as one', () => {
    expect(['C0G', 'cog', 'NP0', 'NPO', 'X7R', 'X5R', 'Y5V', '陶瓷'].map(dielectricRank)).toEqual([0, 0, 0, 0, 2, 5, 8, null]);
    expect(compareDielectric('X5R', 'X7R')).toBe('better');
    expect(compareDielectric('X7R', 'X7R 贴片')).toBe('same');
    expect(compareDielectric('X7R', 'X5R')).toBeNull();
    expect(compareDielectric('X7R', '未注明')).toBeNull();
  });

  it('reads a value’s number from its text where none is stored, and none from a range', () => {
    expect(numberOfParam({ valueText: '10kΩ', valueNum: null })).toBe(10_000);
    expect(numberOfParam({ valueText: '±1%', valueNum: null })).toBe(1);
    // Cut at the slash as "10kΩ/0603" is: a fraction written alone is not read (the BOM says 目录未注明功率).
    expect(numberOfParam({ valueText: '1/10W', valueNum: null })).toBeNull();
    expect(numberOfParam({ valueText: '100nF 50V', valueNum: null })).toBeCloseTo(1e-7, 15);
    expect(numberOfParam({ valueText: '64KB', valueNum: 65_536 })).toBe(65_536);
    expect(numberOfParam({ valueText: '1.8V~5.5V', valueNum: 1.8 })).toBeNull();
    expect(numberOfParam({ valueText: '高速', valueNum: null })).toBeNull();
  });

  it('takes packages by their spelling, case, spaces, hyphens and underscores aside', () => {
    expect(isSamePackage('SOT-23', 'sot23')).toBe(true);
    expect(isSamePackage('LQFP_48', 'LQFP-48')).toBe(true);
    expect(isSamePackage('SOP-16', 'SOIC-16')).toBe(false);
  });
});

describe('isOtherPackage: a clear clash only, as the BOM doubts a part found by its own number', () => {
  it.each([
    ['SOT-23', 'TO-92', true],
    ['0402', '0603', true],
    ['SOT-23', 'SOT-223', true],
    ['SOIC-8', 'SOIC-14', true],
    ['SOT-23-5', 'SOT-23-3', true],
    ['SMA', 'SMB', true],
    ['DO-214AC', 'SMB', true],
    ['TO-92', 'TO-92-3', false],
    ['TO-220', 'TO-220-3', false],
    ['SOD-323', 'SOD-323F', false],
    ['SMA', 'DO-214AC', false],
    ['SMB', 'DO-214AA', false],
    ['SMA', 'DO-214', false],
    ['HC-49S', 'HC-49US', false],
    ['SOT-23', 'SOT-23-3', false],
    ['SOIC-8', 'SOP-8', false],
    ['DPAK', 'TO-252', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(isOtherPackage(a, b)).toBe(expected);
  });

  it('names one package alike both ways (SOT-23-3 is SOT-23, DO-214AC is SMA) but keeps SOP apart from SOIC, which may be the wide body', () => {
    expect([
      isSamePackage('SOT-23-3', 'SOT-23'),
      isSamePackage('DO-214AC', 'SMA'),
      isSamePackage('SOT-23', 'SOT-223'),
      isSamePackage('SOIC-8', 'SOP-8'),
    ]).toEqual([true, true, false, false]);
  });
});
