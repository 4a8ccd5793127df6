import { describe, expect, it } from 'vitest';
import type { BomLineQuery } from '../../../../contract/bom.ts';
import { compareParam } from '../../../../contract/part-compare.ts';
import type { KeyParamRow } from '../../catalog/product.service.ts';
import { needsOf } from './line-needs.ts';
import { probesOf } from './line-query.ts';
import { verifyCandidate, type PartFacts } from './verify-candidate.ts';

/** A line as the BOM gives it, and a catalogue part as the store keeps it. */
function lineOf(designators: string[], query: Partial<BomLineQuery>) {
  const line = { designators, query: { mpn: '', storeCode: '', value: '', description: '', package: '', brand: '', ...query } };
  return needsOf(line, probesOf(line));
}

const param = (name: string, unit: string | null, valueText: string): KeyParamRow => ({ productId: 1, name, unit, valueText, valueNum: null });

function part(categoryName: string, pkg: string, params: KeyParamRow[], description = '', code = 'PART1'): PartFacts {
  return { code, package: pkg, categoryName, description, keyParams: params };
}

const chipResistor = (ohms: string, tolerance = '±1%', power = '100mW', pkg = '0603') =>
  part('贴片电阻', pkg, [param('阻值', 'Ω', ohms), param('精度', '%', tolerance), param('功率', 'W', power)]);
const mlcc = (farads: string, volts: string, dielectric: string, pkg = '0603') =>
  part('贴片电容(MLCC)', pkg, [param('容值', 'F', farads), param('额定电压', 'V', volts), param('材质(介质)', null, dielectric)]);
const bead = part('磁珠', '0603', [param('阻抗@100MHz', 'Ω', '600Ω')]);

describe('a part offered for a BOM line is the line’s part, or says why not (the issue’s wrong pairs)', () => {
  it.each([
    ['27 kΩ → 287 kΩ', lineOf(['R3'], { value: '27k', package: '0603' }), chipResistor('287kΩ'), 'value', '阻值不符：287kΩ（BOM 27kΩ）'],
    [
      '2.0 nH → 2.7 nH',
      lineOf(['L2'], { value: '2.0nH', package: '0402' }),
      part('贴片电感(叠层/绕线)', '0402', [param('电感值', 'H', '2.7nH')]),
      'value',
      '感值不符：2.7nH（BOM 2nH）',
    ],
    ['a glass fuse → a ferrite bead', lineOf(['F1'], { value: '1A', description: 'Fuse glass 5x20mm' }), bead, 'kind', '类别不符：磁珠（BOM 为保险丝）'],
    [
      'a resistor → an NTC',
      lineOf(['R8'], { value: '10k', package: '0603' }),
      part('NTC热敏电阻', '0603', [param('阻值', 'Ω', '10kΩ')]),
      'kind',
      '类别不符：热敏电阻（BOM 为电阻）',
    ],
    ['a resistor → a ferrite bead', lineOf(['R9'], { value: '600R', package: '0603' }), bead, 'kind', '类别不符：磁珠（BOM 为电阻）'],
    [
      'an NPN transistor → a zener',
      lineOf(['Q1'], { value: 'NPN 40V', description: 'SOT-23' }),
      part('稳压二极管', 'SOT-23', [param('稳压值(Vz)', 'V', '40V')]),
      'kind',
      '类别不符：稳压二极管（BOM 为三极管）',
    ],
    [
      'an M3 screw → a Cortex-M3 MCU',
      lineOf(['H1'], { value: 'M3 screw' }),
      part('ARM Cortex-M单片机', 'LQFP-48', [], 'ARM Cortex-M3 32位单片机'),
      'kind',
      '类别不符：芯片（BOM 为结构件(螺丝、铜柱等)）',
    ],
    [
      'an LED → an RJ45 jack',
      lineOf(['D4'], { value: 'LED green', package: '0603' }),
      part('以太网连接器(RJ45)', 'RJ45', []),
      'kind',
      '类别不符：连接器（BOM 为LED）',
    ],
    ['0 Ω → 3.9 MΩ', lineOf(['R1'], { value: '0R', package: '0603' }), chipResistor('3.9MΩ'), 'value', '阻值不符：3.9MΩ（BOM 0Ω）'],
    ['100 nF → 10 nF', lineOf(['C5'], { value: '100nF', package: '0603' }), mlcc('10nF', '50V', 'X7R'), 'value', '容值不符：10nF（BOM 100nF）'],
    ['0603 → 0402', lineOf(['C5'], { value: '100nF', package: '0603' }), mlcc('100nF', '50V', 'X7R', '0402'), 'package', '封装不符：0402（BOM 0603）'],
    ['±1% → ±5%', lineOf(['R2'], { value: '10k 1%', package: '0603' }), chipResistor('10kΩ', '±5%'), 'limit', '精度不达标：±5%（BOM ±1%）'],
    ['25 V → 16 V', lineOf(['C2'], { value: '100nF 25V', package: '0603' }), mlcc('100nF', '16V', 'X7R'), 'limit', '耐压不达标：16V（BOM 25V）'],
    ['X7R → Y5V', lineOf(['C2'], { value: '100nF X7R', package: '0603' }), mlcc('100nF', '50V', 'Y5V'), 'limit', '材质不达标：Y5V（BOM X7R）'],
    ['a transistor by its values', lineOf(['Q1'], { value: 'NPN 40V', package: 'SOT-23' }), part('三极管(BJT)', 'SOT-23', []), 'code', '三极管须按型号匹配'],
  ])('%s is refused', (_name, needs, candidate, reason, evidence) => {
    expect(verifyCandidate(needs, null, 'values', candidate)).toEqual({ fit: 'miss', miss: reason, evidence });
  });

  it('a passive with the same value and package, and limits met or bettered, is the line’s part', () => {
    const needs = lineOf(['R1'], { value: '10k', description: 'RES 10K 1% 1/10W', package: 'R_0603_1608Metric' });
    expect(verifyCandidate(needs, null, 'values', chipResistor('10kΩ', '±0.5%', '125mW'))).toEqual({
      fit: 'verified',
      evidence: '参数一致：阻值 10kΩ、封装 0603、精度 ±0.5%、功率 125mW',
    });
    expect(verifyCandidate(lineOf(['C1'], { value: '100n X7R', package: '0603' }), null, 'values', mlcc('100nF', '50V', 'C0G'))).toMatchObject({
      fit: 'verified',
    });
  });

  it('a value without a package is the buyer’s choice, never a recommendation', () => {
    expect(verifyCandidate(lineOf(['C1'], { value: '100nF' }), null, 'values', mlcc('100nF', '50V', 'X7R'))).toMatchObject({ fit: 'choice' });
  });

  it('a part number is the line’s part exactly, in other packaging, or with an ordering suffix the package confirms; one letter off it is not', () => {
    const ic = part('运算放大器', 'SOIC-8', [], '', 'LM358DR');
    expect(verifyCandidate(lineOf(['U1'], {}), 'LM358DR', 'code', ic)).toEqual({ fit: 'verified', evidence: '型号一致' });
    expect(verifyCandidate(lineOf(['U1'], { package: 'SOIC-8' }), 'LM358', 'codePrefix', ic)).toMatchObject({ fit: 'verified' });
    expect(verifyCandidate(lineOf(['U1'], { package: 'DIP-8' }), 'LM358', 'codePrefix', ic)).toMatchObject({ fit: 'miss', miss: 'package' });
    expect(verifyCandidate(lineOf(['U1'], {}), 'LM358', 'codePrefix', ic)).toMatchObject({ fit: 'choice' });
    expect(verifyCandidate(lineOf(['U1'], {}), 'LM35', 'codePrefix', part('运算放大器', 'SOIC-8', [], '', 'LM35812345678'))).toMatchObject({
      fit: 'miss',
      miss: 'code',
    });
    expect(verifyCandidate(lineOf(['U1'], {}), 'LM358DT', 'nearCode', ic)).toMatchObject({ fit: 'miss', miss: 'code' });
  });
});

describe('a stated limit is met exactly when the cross-reference page finds the value the same or better (contract/part-compare.ts)', () => {
  const chipResistorLine = (tolerance: string) => lineOf(['R1'], { value: `10k ${tolerance}`, package: '0603' });
  const mlccLine = (limit: string) => lineOf(['C1'], { value: `100nF ${limit}`, package: '0603' });
  it.each([
    ['精度', '%', '±1%', chipResistorLine('1%'), chipResistor('10kΩ', '±0.5%')],
    ['精度', '%', '±1%', chipResistorLine('1%'), chipResistor('10kΩ', '±1%')],
    ['精度', '%', '±1%', chipResistorLine('1%'), chipResistor('10kΩ', '±5%')],
    ['额定电压', 'V', '25V', mlccLine('25V'), mlcc('100nF', '16V', 'X7R')],
    ['额定电压', 'V', '25V', mlccLine('25V'), mlcc('100nF', '25V', 'X7R')],
    ['额定电压', 'V', '25V', mlccLine('25V'), mlcc('100nF', '50V', 'X7R')],
    ['材质(介质)', null, 'X7R', mlccLine('X7R'), mlcc('100nF', '50V', 'C0G')],
    ['材质(介质)', null, 'X7R', mlccLine('X7R'), mlcc('100nF', '50V', 'X5R')],
    ['材质(介质)', null, 'X7R', mlccLine('X7R'), mlcc('100nF', '50V', 'Y5V')],
  ])('%s %s %s: the BOM takes the part exactly when the page finds it the same or better', (name, unit, wanted, needs, candidate) => {
    const offered = candidate.keyParams.find((row) => row.unit === unit && (unit !== null || row.name === name));
    if (!offered) throw new Error('the part records no such value');
    const pageVerdict = compareParam({ name, unit, valueText: wanted, valueNum: null }, offered);
    expect(verifyCandidate(needs, null, 'values', candidate).fit === 'verified').toBe(pageVerdict !== null);
  });
});

describe('a part found by its own number is doubted where the line says otherwise', () => {
  const transistor = (pkg: string) => part('三极管(BJT)', pkg, [], 'NPN', 'S8050');
  it('a package the line names that the part is not (S8050 in SOT-23 against the store’s TO-92) waits for the buyer', () => {
    const verdict = verifyCandidate(lineOf(['Q1'], { value: 'S8050', package: 'SOT-23' }), 'S8050', 'code', transistor('TO-92'));
    expect(verdict).toEqual({ fit: 'choice', evidence: '型号一致，但封装不符：TO-92（BOM SOT-23），请核对型号与封装' });
  });

  it('another spelling of the same package does not (TO-92-3, a footprint name)', () => {
    const line = lineOf(['Q1'], { value: 'S8050', package: 'TO-92-3_L5.1-W4.1-P1.27-L' });
    expect(verifyCandidate(line, 'S8050', 'code', transistor('TO-92')).fit).toBe('verified');
  });

  it('a chip on a connector’s designator may be a module plugged into it (HX711 on P3)', () => {
    const verdict = verifyCandidate(
      lineOf(['P3'], { value: 'HX711', description: 'AD采集芯片' }),
      'HX711',
      'code',
      part('ADC/DAC/数据转换芯片', 'SOP-16', [], '', 'HX711'),
    );
    expect(verdict.fit).toBe('choice');
    expect(verdict.evidence).toContain('位号为连接器');
  });
});
