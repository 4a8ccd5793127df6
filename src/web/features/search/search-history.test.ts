import { describe, expect, it } from 'vitest';
import { addToHistory } from './search-history.ts';

describe('search history', () => {
  it('puts a new keyword first', () => {
    expect(addToHistory(['LM358'], 'ESP32')).toEqual(['ESP32', 'LM358']);
  });

  it('skips a keyword already in the list and keeps its place', () => {
    expect(addToHistory(['ESP32', 'LM358', 'TL431'], 'LM358')).toEqual(['ESP32', 'LM358', 'TL431']);
  });

  it('trims the keyword and ignores an empty one', () => {
    expect(addToHistory(['ESP32'], '  CH340  ')).toEqual(['CH340', 'ESP32']);
    expect(addToHistory(['ESP32'], '   ')).toEqual(['ESP32']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `K${i}`);
    const next = addToHistory(ten, 'NEW');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('NEW');
    expect(next).not.toContain('K9');
  });
});
