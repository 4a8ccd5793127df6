import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './staff-grid.ts';
import { gridDayFilter } from './staff-grid-requests.ts';

describe('grid date filters', () => {
  it('take real calendar days only', () => {
    expect(['2026-11-26', '2024-02-29', '2000-01-01'].map(isCalendarDay)).toEqual([true, true, true]);
    expect(['9999-99-99', '2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '1999-12-31', '2026-1-1'].map(isCalendarDay)).toEqual(Array(7).fill(false));
  });

  it('answer the desk’s message for a day that is not one, and accept none', () => {
    const filter = gridDayFilter('日期格式应为 YYYY-MM-DD');
    expect(filter.safeParse('9999-99-99').error?.issues[0]?.message).toBe('日期格式应为 YYYY-MM-DD');
    expect(filter.parse('')).toBe('');
    expect(filter.parse(undefined)).toBeUndefined();
    expect(filter.parse(' 2026-11-26 ')).toBe('2026-11-26');
  });
});
