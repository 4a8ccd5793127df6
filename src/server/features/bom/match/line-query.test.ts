import { describe, expect, it } from 'vitest';
import { isPartNumberText, packageOfFootprint, probesOf } from './line-query.ts';
import { bomLine } from './bom-match.test-helpers.ts';

describe('packageOfFootprint', () => {
  it.each([
    ['Resistor_SMD:R_0603_1608Metric', '0603'],
    ['Capacitor_SMD:C_0805_2012Metric', '0805'],
    ['C0402', '0402'],
    ['R0603', '0603'],
    ['0603[1608]', '0603'],
    ['Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', 'SOIC-8'],
    ['Package_TO_SOT_SMD:SOT-23', 'SOT-23'],
    ['sot23', 'SOT-23'],
    ['LQFP-48_7x7mm_P0.5mm', 'LQFP-48'],
    ['贴片', null],
    ['', null],
  ])('%j → %j', (footprint, expected) => {
    expect(packageOfFootprint(footprint)).toBe(expected);
  });
});

describe('isPartNumberText', () => {
  it.each([
    ['STM32F103C8T6', true],
    ['1N4148W-7-F', true],
    ['LM358', true],
    ['10k', false],
    ['100nF', false],
    ['0603', false],
    ['X7R', false],
    ['LED', false],
    ['10k 1%', false],
    ['贴片电阻', false],
  ])('%j → %s', (text, expected) => {
    expect(isPartNumberText(text)).toBe(expected);
  });
});

describe('probesOf', () => {
  it('takes the MPN column, then a part number in the value column', () => {
    expect(probesOf(bomLine({ mpn: 'RC0603FR-0710KL', value: 'STM32F103C8T6' })).codeTexts).toEqual(['RC0603FR-0710KL', 'STM32F103C8T6']);
  });

  it('reads a value typed in the MPN column as a value, with the unit its designators imply', () => {
    const probes = probesOf(bomLine({ mpn: '10K', package: 'R_0603_1608Metric' }, { designators: ['R1'] }));
    expect(probes.codeTexts).toEqual([]);
    expect(probes.parameters?.strict).toEqual({ quantities: [{ value: 10_000, unit: 'Ω' }], wordGroups: [], packageName: '0603' });
  });

  it('reads 100nF 0402 X7R 16V as capacitance, voltage, dielectric and package; C0G and NP0 are one dielectric', () => {
    expect(probesOf(bomLine({ value: '100nF 0402 X7R 16V' })).parameters?.strict).toEqual({
      quantities: [
        { value: 1e-7, unit: 'F' },
        { value: 16, unit: 'V' },
      ],
      wordGroups: [['X7R']],
      packageName: '0402',
    });
    expect(probesOf(bomLine({ value: '22pF NP0' })).parameters?.strict.wordGroups).toEqual([['C0G', 'NP0']]);
  });

  it('joins a unit written apart (10K OHM) and keeps the description’s values apart from the value column’s', () => {
    const probes = probesOf(bomLine({ value: '10K OHM', description: 'RES SMD 10K OHM 1% 1/10W 0603' }));
    expect(probes.parameters?.strict.quantities).toEqual([
      { value: 10_000, unit: 'Ω' },
      { value: 1, unit: '%' },
      { value: 0.1, unit: 'W' },
    ]);
    expect(probes.parameters?.loose?.quantities).toEqual([{ value: 10_000, unit: 'Ω' }]);
  });

  it('takes a 商品编号 as a product id, not an LCSC code', () => {
    expect(probesOf(bomLine({ storeCode: '12345' })).productId).toBe(12_345);
    expect(probesOf(bomLine({ storeCode: 'C25804' }))).toMatchObject({ productId: null, codeTexts: [] });
  });

  it('keeps Chinese names for the keyword search', () => {
    expect(probesOf(bomLine({ value: '贴片电阻', package: '0603' })).keyword).toBe('贴片电阻 0603');
  });
});
