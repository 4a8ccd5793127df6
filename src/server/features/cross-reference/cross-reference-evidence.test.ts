import { describe, expect, it } from 'vitest';
import type { PartParam } from '../../../contract/part-compare.ts';
import { evidenceOf } from './cross-reference-evidence.ts';

const param = (name: string, unit: string | null, valueText: string, valueNum: number | null = null): PartParam => ({ name, unit, valueText, valueNum });

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
