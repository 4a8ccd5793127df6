import { describe, expect, it } from 'vitest';
import { compareParam, evidenceOf, type ParamValue } from './compare-params.ts';

const param = (name: string, unit: string | null, valueText: string, valueNum: number | null = null): ParamValue => ({ name, unit, valueText, valueNum });

describe('compareParam', () => {
  it.each([
    [param('阻值', 'Ω', '10kΩ'), param('阻值', 'Ω', '10K'), 'same'],
    [param('阻值', 'Ω', '10kΩ'), param('阻值', 'Ω', '10.2kΩ'), null],
    [param('精度', '%', '±5%'), param('精度', '%', '±1%'), 'better'],
    [param('精度', '%', '±1%'), param('精度', '%', '±5%'), null],
    [param('额定电压', 'V', '16V'), param('额定电压', 'V', '50V'), 'better'],
    [param('额定电压', 'V', '50V'), param('额定电压', 'V', '16V'), null],
    [param('功率', 'W', '100mW'), param('功率', 'W', '1/10W'), null],
    [param('工作电压', 'V', '2.0V~3.6V'), param('工作电压', 'V', '1.8V~3.6V'), null],
    [param('材质(介质)', null, 'X7R'), param('材质(介质)', null, 'C0G'), 'better'],
    [param('材质(介质)', null, 'X7R'), param('材质(介质)', null, 'Y5V'), null],
    [param('内核', null, 'ARM Cortex-M3'), param('内核', null, 'arm cortex-m3'), 'same'],
    [param('内核', null, 'ARM Cortex-M3'), param('内核', null, 'ARM Cortex-M4'), null],
    [param('程序存储容量', 'B', '64KB', 65_536), param('程序存储容量', 'B', '128KB', 131_072), null],
    [param('封装', null, 'SOT-23'), param('封装', null, 'SOT23'), 'same'],
  ])('%o against %o is %s', (original, candidate, verdict) => {
    expect(compareParam(original, candidate)).toBe(verdict);
  });
});

describe('evidenceOf', () => {
  const original = { package: '0603', params: [param('阻值', 'Ω', '10kΩ'), param('精度', '%', '±1%')] };

  it('lists the package first, then each parameter', () => {
    expect(evidenceOf(original, { package: '0603', params: [param('阻值', 'Ω', '10kΩ'), param('精度', '%', '±0.5%')] }, true)).toEqual([
      { name: '封装', original: '0603', candidate: '0603', verdict: 'same' },
      { name: '阻值', original: '10kΩ', candidate: '10kΩ', verdict: 'same' },
      { name: '精度', original: '±1%', candidate: '±0.5%', verdict: 'better' },
    ]);
  });

  it('takes a parameter the candidate does not record as no evidence for a substitute, and leaves it out for the same part number', () => {
    const candidate = { package: '0603', params: [param('阻值', 'Ω', '10kΩ')] };
    expect(evidenceOf(original, candidate, true)).toBeNull();
    expect(evidenceOf(original, candidate, false)?.map((row) => row.name)).toEqual(['封装', '阻值']);
  });

  it('refuses another package either way', () => {
    expect(evidenceOf(original, { package: '0805', params: original.params }, false)).toBeNull();
  });
});
