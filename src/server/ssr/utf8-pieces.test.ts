import { describe, expect, it } from 'vitest';
import { utf8Of } from './utf8-pieces.ts';

describe('utf8Of', () => {
  it('gives the bytes of the pieces joined, whatever their characters', () => {
    const pieces = ['<p>', '电容 10µF', '😀 emoji', '', 'ascii'];
    expect(utf8Of(pieces).equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true);
  });

  it('grows past its first buffer and keeps each answer apart from the next', () => {
    const large = '贴片电阻'.repeat(100_000);
    const first = utf8Of([large, '!']);
    const second = utf8Of(['short']);
    expect(first.equals(Buffer.from(`${large}!`, 'utf8'))).toBe(true);
    expect(second.toString('utf8')).toBe('short');
  });
});
