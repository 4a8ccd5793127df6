import { describe, expect, it } from 'vitest';
import { looksLikeFootprint, looksLikeMpn, looksLikePackage, looksLikeParameters, normalizeHeaderText } from './cell-text.ts';

describe('what a cell reads as', () => {
  it.each([
    ['STM32F103C8T6', true, false],
    ['RC0603FR-0710KL', true, false],
    ['GRM188R71C104KA01D', true, false],
    ['AMS1117-3.3', true, false],
    ['1N4148W', true, false],
    ['0603WAF1002T5E', true, false],
    ['10k', false, true],
    ['4.7K', false, true],
    ['4K7', false, true],
    ['100nF', false, true],
    ['2.2uH', false, true],
    ['10K ±1%', false, true],
    ['100nF 50V X7R', false, true],
    ['10k 0603 1%', false, true],
    ['0603', false, false],
    ['SOT-23', false, false],
    ['贴片电阻', false, false],
    ['STM32F103C8T6 LQFP48', false, false],
  ])('%s: part number %s, parameters %s', (text, mpn, parameters) => {
    expect([looksLikeMpn(text), looksLikeParameters(text)]).toEqual([mpn, parameters]);
  });

  it.each([
    ['0603', true],
    ['SOT-23', true],
    ['SOT-23-5', true],
    ['LQFP-48', true],
    ['SOIC8', true],
    ['R_0603_1608Metric', true],
    ['SMA', true],
    ['LM358DR', false],
    ['10k', false],
  ])('%s is a package: %s', (text, expected) => {
    expect(looksLikePackage(text)).toBe(expected);
  });

  it.each([
    ['CAP_SMD_0805_2012_M', true],
    ['Capacitor_SMD:C_0603_1608Metric', true],
    ['HDR2X16-2.54mm 公', true],
    ['TQFP-64', true],
    ['10K ±1% 0603', false],
    ['贴片电容0603', false],
    ['Resistor', false],
    ['LED', false],
    ['LM358DR', false],
  ])('%s is a footprint: %s', (text, expected) => {
    expect(looksLikeFootprint(text)).toBe(expected);
  });

  it.each([
    ['Mfr. Part #', 'mfrpartno'],
    ['Manufacturer Part Number', 'manufacturerpartno'],
    ['manf#', 'manfno'],
    ['LCSC Part #', 'lcscpartno'],
    ['Qty (pcs)', 'qtypcs'],
    ['数量（PCS）', '数量pcs'],
    ['Min\\Mult Order Qty.', 'minmultorderqty'],
    ['Référence', 'reference'],
    ['Quantité', 'quantite'],
  ])('header %s normalises to %s', (header, expected) => {
    expect(normalizeHeaderText(header)).toBe(expected);
  });
});
