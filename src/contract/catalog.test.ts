import { describe, expect, it } from 'vitest';
import { parseChooseFilter } from './catalog.ts';

/** The shape rules of the filter, read by hand (no zod) so the browser can read its URL; the common cases are in web/features/catalog/choose-state.test.ts. */
describe('parseChooseFilter limits', () => {
  const keys = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), ['x']])));
  const values = (count: number) => JSON.stringify({ 3: Array.from({ length: count }, (_, i) => `v${i}`) });

  it.each([
    ['30 attributes', keys(30), true],
    ['31 attributes', keys(31), false],
    ['200 values of one attribute', values(200), true],
    ['201 values of one attribute', values(201), false],
    ['a value of 100 characters', JSON.stringify({ 3: ['x'.repeat(100)] }), true],
    ['a value of 101 characters', JSON.stringify({ 3: ['x'.repeat(101)] }), false],
    ['an empty value', '{"3":[""]}', false],
    ['an attribute id of 9 digits', '{"123456789":["x"]}', true],
    ['an attribute id of 10 digits', '{"1234567890":["x"]}', false],
    ['null', 'null', false],
    ['a null selection', '{"3":null}', false],
    ['an empty range', '{"3":{}}', true],
    ['an equal min and max', '{"3":{"min":5,"max":5}}', true],
  ])('%s: accepted %s', (_case, text, isAccepted) => {
    expect(parseChooseFilter(text) !== null).toBe(isAccepted);
  });

  it('keeps a range to the bounds it was given', () => {
    expect(parseChooseFilter('{"3":{"max":10}}')).toEqual({ 3: { max: 10 } });
  });
});
