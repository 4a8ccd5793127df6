import { describe, expect, it } from 'vitest';
import { designatorExpansionMax, expandDesignators, looksLikeDesignators } from './designators.ts';

describe('expandDesignators', () => {
  it.each([
    ['R1,R2,R5-R8', ['R1', 'R2', 'R5', 'R6', 'R7', 'R8']],
    ['C1 C2', ['C1', 'C2']],
    ['R1~R4', ['R1', 'R2', 'R3', 'R4']],
    ['R1～R3', ['R1', 'R2', 'R3']],
    ['R1-4', ['R1', 'R2', 'R3', 'R4']],
    ['R1 - R3', ['R1', 'R2', 'R3']],
    ['U1;U2', ['U1', 'U2']],
    ['D1，D2、D3；D4', ['D1', 'D2', 'D3', 'D4']],
    ['C1, C2,  C3 ', ['C1', 'C2', 'C3']],
    ['LED1-LED3', ['LED1', 'LED2', 'LED3']],
    ['R08-R10', ['R08', 'R09', 'R10']],
    ['R1,R1,R2', ['R1', 'R2']],
    ['R5-R3', ['R5-R3']],
    ['R1-C4', ['R1-C4']],
    ['J1', ['J1']],
    ['', []],
    ['  ,; ', []],
    ['J_MOTOR1..J_MOTOR3', ['J_MOTOR1', 'J_MOTOR2', 'J_MOTOR3']],
    ['U?,U?,U?', []],
    ['*', []],
    ['无', []],
    ['-', []],
    ['P?,P5', ['P5']],
    ['+,—', ['+', '—']],
    ['side switch', ['side switch']],
    ['R28B,R28A', ['R28B', 'R28A']],
  ])('%s', (text, expected) => {
    expect(expandDesignators(text)).toEqual(expected);
  });

  it('keeps an absurd range as written instead of expanding it', () => {
    expect(expandDesignators('R1-R999999')).toEqual(['R1-R999999']);
    expect(expandDesignators('C1,R1-R999999,C2')).toEqual(['C1', 'R1-R999999', 'C2']);
  });

  it(`expands at most ${designatorExpansionMax} designators in all`, () => {
    expect(expandDesignators('R1-R6000,C1-C6000')).toHaveLength(6001);
    expect(expandDesignators('R1-R10000')).toHaveLength(designatorExpansionMax);
  });
});

describe('looksLikeDesignators', () => {
  it.each([
    ['R1,R2', true],
    ['C5-C8', true],
    ['U1', true],
    ['LED1 LED2', true],
    ['R30C,R30B,R30A', true],
    ['STM32F103C8T6', false],
    ['10k', false],
    ['R', false],
    ['0603', false],
    ['贴片电阻', false],
  ])('%s → %s', (text, expected) => {
    expect(looksLikeDesignators(text)).toBe(expected);
  });
});
