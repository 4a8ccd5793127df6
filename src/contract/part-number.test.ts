import { describe, expect, it } from 'vitest';
import { looksLikePartNumber, normalizePartNumber, partNumberBase, partNumberBases } from './part-number.ts';

describe('normalizePartNumber: case, spaces and - / . , do not count', () => {
  it.each([
    ['STM32F103C8T6', 'STM32F103C8T6'],
    ['stm32f103c8t6', 'STM32F103C8T6'],
    ['RC0603FR-0710KL', 'RC0603FR0710KL'],
    ['rc0603fr0710kl', 'RC0603FR0710KL'],
    ['rc0603fr 07 10kl', 'RC0603FR0710KL'],
    ['AMS1117-3.3', 'AMS11173.3'.replace('.', '')],
    ['BSS138,215', 'BSS138215'],
    ['LM358DR/TR', 'LM358DRTR'],
    ['ＳＴＭ３２Ｆ１０３', 'STM32F103'],
    ['  lm358  ', 'LM358'],
  ])('%j → %s', (typed, normalized) => {
    expect(normalizePartNumber(typed)).toBe(normalized);
  });
});

describe('partNumberBase: packaging suffixes still name the base part', () => {
  it.each([
    ['LM358DR/TR', 'LM358D'],
    ['LM358DR-TR', 'LM358D'],
    ['LM358DRTR', 'LM358D'],
    ['DRV8662RGPT', 'DRV8662RGP'],
    ['DRV8662RGPR', 'DRV8662RGP'],
    ['SN74LVC1G14DBVR', 'SN74LVC1G14DBV'],
    ['TL431AIDBZR', 'TL431AIDBZ'],
    ['ATTINY84V-10SSUR', 'ATTINY84V10SSU'],
    ['ATMEGA328P-AUR', 'ATMEGA328PAU'],
    ['LM317T', 'LM317T'],
    ['XC6206P332MR', 'XC6206P332MR'],
    ['BC847BT', 'BC847BT'],
    ['BSS138,215', 'BSS138'],
    ['BSS138,115', 'BSS138'],
    ['LT1763CS8#PBF', 'LT1763CS8'],
    ['LT1763CS8#TRPBF', 'LT1763CS8'],
    ['IRLML6402TRPBF', 'IRLML6402'],
    ['1N4148W-7-F', '1N4148W'],
    ['AD8605ARTZ-REEL7', 'AD8605ARTZ'],
    ['stm32f103c8t6', 'STM32F103C8T6'],
    ['STM32F103C8T6TR', 'STM32F103C8T6'],
    ['RC0603FR-0710KL', 'RC0603FR0710KL'],
    ['STR', 'STR'],
    ['TR', 'TR'],
  ])('%j → %s', (typed, base) => {
    expect(partNumberBase(typed)).toBe(base);
  });
});

it('partNumberBases: each suffix taken off in turn, so a lookup finds the nearest form the store sells', () => {
  expect(partNumberBases('LM358DR/TR')).toEqual(['LM358DR', 'LM358D']);
  expect(partNumberBases('STM32F103C8T6')).toEqual([]);
});

describe('looksLikePartNumber', () => {
  it.each([
    ['STM32F103', true],
    ['rc0603fr-0710kl', true],
    ['BSS138,215', true],
    ['10k', true],
    ['德州仪器', false],
    ['stm32单片机', false],
    ['   ', false],
    ['---', false],
  ])('%j → %s', (keyword, expected) => {
    expect(looksLikePartNumber(keyword)).toBe(expected);
  });
});
