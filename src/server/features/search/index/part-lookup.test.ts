import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './part-lookup.ts';

describe('boundedEditDistance', () => {
  it.each([
    ['STM32F103C8T6', 'STM32F103C8T6', 2, 0],
    ['STM32F103C8T7', 'STM32F103C8T6', 2, 1],
    ['STM32F103CT6', 'STM32F103C8T6', 2, 1],
    ['STM32F1038CT6', 'STM32F103C8T6', 2, 1],
    ['GRM155R71C1O4KA88D', 'GRM155R71C104KA88D', 2, 1],
    ['ABCDEF', 'ABCXYZ', 2, 3],
    ['AB', 'ABCDE', 2, 3],
  ])('%s ↔ %s within %i: %i', (a, b, maxEdits, expected) => {
    expect(boundedEditDistance(a, b, maxEdits)).toBe(expected);
  });

  it('reuses its rows across lengths without carrying values over', () => {
    const long = 'X'.repeat(80);
    expect(boundedEditDistance(long, `${long.slice(0, 79)}Y`, 2)).toBe(1);
    expect(boundedEditDistance('LM358DR', 'LM358D', 1)).toBe(1);
  });
});
