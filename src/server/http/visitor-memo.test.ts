import { describe, expect, it } from 'vitest';
import type { Visitor } from './session.ts';
import { createVisitorMemo } from './visitor-memo.ts';

describe('visitor memo', () => {
  it('loads once per request visitor, however many parts of the page ask, and again for the next request', async () => {
    const memo = createVisitorMemo<number>();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const request: Visitor = { sid: 'a', userId: 7 };
    expect(await Promise.all([memo(request, load), memo(request, load)])).toEqual([1, 1]);
    expect(await memo(request, load)).toBe(1);
    // The same browser's next request has a Visitor of its own.
    expect(await memo({ sid: 'a', userId: 7 }, load)).toBe(2);
  });
});
