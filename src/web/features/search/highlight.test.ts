import { describe, expect, it } from 'vitest';
import { highlightCode, highlightTerms, highlightText, type TextSegment } from './highlight.ts';

const marked = (segments: TextSegment[]) => segments.filter((segment) => segment.isMatch).map((segment) => segment.text);
const joined = (segments: TextSegment[]) => segments.map((segment) => segment.text).join('');

describe('highlightCode', () => {
  it.each([
    ['STM32F103C8T6', 'stm32f103', ['STM32F103']],
    ['RC0603FR-0710KL', 'rc0603fr0710', ['RC0603FR-0710']],
    ['RC0603FR-0710KL', 'RC0603FR-0710KL', ['RC0603FR-0710KL']],
    ['LM358DR', 'LM358DR/TR', ['LM358DR']],
    ['BSS138,215', 'bss138', ['BSS138']],
    ['STM32F103C8T6', 'F103', ['F103']],
    ['STM32F103C8T6', '德州仪器', []],
  ])('%s with %j marks %j', (code, keyword, expected) => {
    const segments = highlightCode(code, highlightTerms(keyword));
    expect(marked(segments)).toEqual(expected);
    expect(joined(segments)).toBe(code);
  });
});

describe('highlightText', () => {
  it('marks every typed word, ignoring case, and keeps the text whole', () => {
    const text = '贴片电阻 10kΩ ±1% 100mW 0603 厚膜电阻';
    const segments = highlightText(text, highlightTerms('电阻 10K 0603'));
    expect(marked(segments)).toEqual(['电阻', '10k', '0603', '电阻']);
    expect(joined(segments)).toBe(text);
  });

  it('marks nothing for single Latin letters', () => {
    expect(marked(highlightText('ARM Cortex-M3', ['a']))).toEqual([]);
  });

  it('merges overlapping words', () => {
    expect(marked(highlightText('低压差线性稳压器', ['稳压', '压器']))).toEqual(['稳压器']);
  });
});
