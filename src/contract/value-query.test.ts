import { describe, expect, it } from 'vitest';
import { packageKey, parsePackage, parseQuantity, parseValueQuery, quantityKey, splitKeyword, type QuantityUnit } from './value-query.ts';

describe('parseQuantity: SI prefixes and units', () => {
  it.each<[string, number, QuantityUnit | null]>([
    ['10k', 10_000, null],
    ['10K', 10_000, null],
    ['10kΩ', 10_000, 'Ω'],
    ['10kΩ', 10_000, 'Ω'],
    ['10000Ω', 10_000, 'Ω'],
    ['10kohm', 10_000, 'Ω'],
    ['10kOhms', 10_000, 'Ω'],
    ['10k欧', 10_000, 'Ω'],
    ['4.7k', 4700, null],
    ['1M', 1_000_000, null],
    ['2.2MΩ', 2_200_000, 'Ω'],
    ['10mΩ', 0.01, 'Ω'],
    ['100nF', 1e-7, 'F'],
    ['100nf', 1e-7, 'F'],
    ['100NF', 1e-7, 'F'],
    ['0.1uF', 1e-7, 'F'],
    ['0.1µF', 1e-7, 'F'],
    ['0.1μF', 1e-7, 'F'],
    ['.1uF', 1e-7, 'F'],
    ['22pF', 2.2e-11, 'F'],
    ['10uH', 1e-5, 'H'],
    ['50V', 50, 'V'],
    ['3.3v', 3.3, 'V'],
    ['100mA', 0.1, 'A'],
    ['2A', 2, 'A'],
    ['1W', 1, 'W'],
    ['1/4W', 0.25, 'W'],
    ['8MHz', 8_000_000, 'Hz'],
    ['8mhz', 8_000_000, 'Hz'],
    ['32.768kHz', 32_768, 'Hz'],
    ['1GHz', 1e9, 'Hz'],
    ['1%', 1, '%'],
    ['±1%', 1, '%'],
    ['±0.5%', 0.5, '%'],
    ['+5%', 5, '%'],
    ['3.3', 3.3, null],
  ])('%s → %d %s', (token, value, unit) => {
    const quantity = parseQuantity(token);
    expect(quantity).not.toBeNull();
    expect(quantityKey(quantity?.value ?? Number.NaN)).toBe(quantityKey(value));
    expect(quantity?.unit).toBe(unit);
  });

  it.each<[string, number, QuantityUnit | null]>([
    ['4K7', 4700, null],
    ['4k7', 4700, null],
    ['2M2', 2_200_000, null],
    ['4R7', 4.7, 'Ω'],
    ['4r7', 4.7, 'Ω'],
    ['R10', 0.1, 'Ω'],
    ['0R', 0, 'Ω'],
    ['10R', 10, 'Ω'],
    ['1K5Ω', 1500, 'Ω'],
    ['2u2', 2.2e-6, null],
    ['2u2F', 2.2e-6, 'F'],
    ['4n7', 4.7e-9, null],
    ['4p7F', 4.7e-12, 'F'],
    ['3V3', 3.3, 'V'],
    ['1A5', 1.5, 'A'],
  ])('printed notation %s → %d %s', (token, value, unit) => {
    const quantity = parseQuantity(token);
    expect(quantity).not.toBeNull();
    expect(quantityKey(quantity?.value ?? Number.NaN)).toBe(quantityKey(value));
    expect(quantity?.unit).toBe(unit);
  });

  it('makes 10k, 10kΩ and 10000Ω the same value, and 100nF, 0.1uF and 0.1µF too', () => {
    const keys = (tokens: string[]) => new Set(tokens.map((token) => quantityKey(parseQuantity(token)?.value ?? Number.NaN)));
    expect(keys(['10k', '10kΩ', '10000Ω', '10K', '10kohm']).size).toBe(1);
    expect(keys(['100nF', '0.1uF', '0.1µF', '100000pF']).size).toBe(1);
  });

  it.each(['358', 'STM32F103C8T6', '1N4148', '2N7002', 'LM358DR', 'abc', '', '%', 'k', '10kX', '1/0W', 'R', '1.2.3V'])('%j is not a quantity', (token) => {
    expect(parseQuantity(token)).toBeNull();
  });
});

describe('parsePackage', () => {
  it.each([
    ['0603', '0603'],
    ['0201', '0201'],
    ['2512', '2512'],
    ['01005', '01005'],
    ['SOT-23', 'SOT-23'],
    ['sot23', 'SOT-23'],
    ['SOT23-5', 'SOT-23-5'],
    ['SOT-223', 'SOT-223'],
    ['sop8', 'SOP-8'],
    ['SOP-8', 'SOP-8'],
    ['SOIC-8', 'SOIC-8'],
    ['TSSOP-20', 'TSSOP-20'],
    ['LQFP48', 'LQFP-48'],
    ['QFN-32', 'QFN-32'],
    ['TO-220', 'TO-220'],
    ['TO-252', 'TO-252'],
    ['DIP-8', 'DIP-8'],
    ['SOD-123F', 'SOD-123F'],
    ['SMA', 'SMA'],
    ['DO-214AC', 'DO-214AC'],
  ])('%s → %s', (token, name) => {
    expect(parsePackage(token)).toBe(name);
  });

  it.each(['0604', 'TO', 'SOT', 'SMD', 'STM32', 'SMBJ5.0A', '电阻', '1206X'])('%j is not a package', (token) => {
    expect(parsePackage(token)).toBeNull();
  });

  it('compares package names without dashes or case', () => {
    expect(packageKey('SOT-23-5')).toBe(packageKey('sot23 5'));
    expect(packageKey('LQFP-48')).toBe('LQFP48');
  });
});

describe('parseValueQuery', () => {
  it('reads 10k 0603 1% as a resistance, a package and a tolerance', () => {
    expect(parseValueQuery('10k 0603 1%')).toEqual([
      { kind: 'quantity', text: '10k', quantity: { value: 10_000, unit: null } },
      { kind: 'package', text: '0603', package: '0603' },
      { kind: 'quantity', text: '1%', quantity: { value: 1, unit: '%' } },
    ]);
  });

  it('reads 100nF 50V as a capacitance and a voltage', () => {
    expect(parseValueQuery('100nF 50V')).toEqual([
      { kind: 'quantity', text: '100nF', quantity: { value: 1e-7, unit: 'F' } },
      { kind: 'quantity', text: '50V', quantity: { value: 50, unit: 'V' } },
    ]);
  });

  it('splits 100nF/50V but keeps a part number with a slash whole', () => {
    expect(parseValueQuery('100nF/50V').map((term) => term.kind)).toEqual(['quantity', 'quantity']);
    expect(parseValueQuery('LM358/TR')).toEqual([{ kind: 'word', text: 'LM358/TR' }]);
  });

  it('keeps words and Chinese as words', () => {
    expect(parseValueQuery('贴片电阻 10k')).toEqual([
      { kind: 'word', text: '贴片电阻' },
      { kind: 'quantity', text: '10k', quantity: { value: 10_000, unit: null } },
    ]);
  });

  it('returns nothing for blank input', () => {
    expect(parseValueQuery('   ')).toEqual([]);
  });
});

describe('splitKeyword', () => {
  it.each([
    ['10k电阻', ['10k', '电阻']],
    ['stm32 单片机', ['stm32', '单片机']],
    ['10k，0603；1%', ['10k', '0603', '1%']],
    ['  德州仪器  ', ['德州仪器']],
    ['', []],
  ])('%j → %j', (keyword, tokens) => {
    expect(splitKeyword(keyword)).toEqual(tokens);
  });
});
