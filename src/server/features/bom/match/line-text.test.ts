import { describe, expect, it } from 'vitest';
import { packageOfFootprint, partNumbersInText, readableValueText, valueOfBareNumber } from './line-text.ts';

// Each row is a spelling seen in the labelled real exports of tests/fixtures/bom-real (issue 27).
describe('packageOfFootprint', () => {
  it.each([
    ['0603R', '0603'],
    ['0603C', '0603'],
    ['0603-C', '0603'],
    ['0603-CAP', '0603'],
    ['M0805', '0805'],
    ['603', '0603'],
    ['_0603', '0603'],
    ['RESC1608L', '0603'],
    ['CAPC3216L', '1206'],
    ['SOIC127P600X175-14N', 'SOIC-14'],
    ['SOT230P700X180-4N', 'SOT-223'],
    ['SOT23-3', 'SOT-23-3'],
    ['DO-214AC/SMA', 'DO-214AC'],
    ['Capacitor 0402', '0402'],
    ['SW-TH_EC11E1820402', null],
    ['C1591', null],
  ])('%s → %s', (footprint, expected) => {
    expect(packageOfFootprint(footprint)).toBe(expected);
  });
});

describe('readableValueText', () => {
  it.each([
    ['10 uF', '10uF'],
    ['100 nF', '100nF'],
    ['0.1 μF', '0.1μF'],
    ['330 ohm', '330ohm'],
    ['10K OHM', '10KOHM'],
    ['62欧0603', '62Ω 0603'],
    ['0.1uF Capacitor 0603(1608m)', '0.1uF Capacitor 0603'],
    ['10nF/50V/X7R', '10nF 50V X7R'],
    ['600R@100MHz', '600R'],
    ['LM358DR/TR', 'LM358DR/TR'],
  ])('%s → %s', (text, expected) => {
    expect(readableValueText(text).trim()).toBe(expected);
  });
});

describe('valueOfBareNumber', () => {
  it.each([
    ['220', 'Ω', 220],
    ['470', 'Ω', 470],
    ['472', 'Ω', 4700],
    ['103', 'Ω', 10_000],
    ['1002', 'Ω', 10_000],
    ['4700', 'Ω', 4700],
    ['104', 'F', 1e-7],
    ['104PF', 'F', 1e-7],
    ['106PF', 'F', 1e-5],
    ['22', 'F', 22e-12],
    ['100', 'F', 100e-12],
  ] as const)('%s on a %s line → %d', (token, unit, value) => {
    const quantity = valueOfBareNumber(token, unit);
    expect(quantity?.unit).toBe(unit);
    expect(quantity?.value).toBeCloseTo(value, 15);
  });

  it('reads no number that is not bare', () => {
    expect([valueOfBareNumber('10k', 'Ω'), valueOfBareNumber('0', 'Ω'), valueOfBareNumber('S8050', 'Ω'), valueOfBareNumber('10nF', 'F')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('partNumbersInText', () => {
  it.each([
    ['STM STM32F072CBT6', ['STM32F072CBT6']],
    ['二极管 PESD5V0L1BA', ['PESD5V0L1BA']],
    ['AMS1117-3.3(5v-3.3v)', ['AMS1117-3.3']],
    ['L78M05CDT-TR/DPAK', ['L78M05CDT-TR/DPAK', 'L78M05CDT-TR']],
    ['SM04B-GHS-TB_LF__SN_-', ['SM04B-GHS-TB(LF)(SN)']],
    ['attiny85-20su soic8', ['attiny85-20su']],
    ['C. CAP  104PF  50V (0603)', []],
    ['10nF/50V/X7R', []],
  ])('%s → %j', (text, expected) => {
    expect(partNumbersInText(text)).toEqual(expected);
  });
});
