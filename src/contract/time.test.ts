import { describe, expect, it } from 'vitest';
import {
  beijingDayNumberOf,
  beijingHourOf,
  dayMs,
  endOfBeijingDay,
  formatBeijingDate,
  formatBeijingDateStamp,
  formatBeijingInput,
  formatBeijingRfc3339,
  formatBeijingShortTime,
  formatBeijingTime,
  formatBeijingTimeSeconds,
  parseBeijingInput,
  parseBeijingTimeSeconds,
  startOfBeijingDay,
  startOfBeijingDayNumber,
} from './time.ts';

/** 2025-11-24 00:00:00 in Beijing is 2025-11-23 16:00:00 UTC. */
const beijingMidnight = Date.UTC(2025, 10, 23, 16, 0, 0);

describe('a moment on the Beijing clock', () => {
  it.each([
    ['Beijing midnight, 16:00 UTC the day before', beijingMidnight, '2025-11-24', '2025-11-24 00:00', '2025-11-24 00:00:00', '11-24 00:00', '251124'],
    ['the last millisecond before it', beijingMidnight - 1, '2025-11-23', '2025-11-23 23:59', '2025-11-23 23:59:59', '11-23 23:59', '251123'],
    ['UTC midnight is 08:00 in Beijing', Date.UTC(2025, 10, 24), '2025-11-24', '2025-11-24 08:00', '2025-11-24 08:00:00', '11-24 08:00', '251124'],
    ['the epoch', 0, '1970-01-01', '1970-01-01 08:00', '1970-01-01 08:00:00', '01-01 08:00', '700101'],
    ['before the epoch', -8 * 3_600_000 - 1, '1969-12-31', '1969-12-31 23:59', '1969-12-31 23:59:59', '12-31 23:59', '691231'],
    [
      'new year in Beijing, still the old year in UTC',
      Date.UTC(2025, 11, 31, 16, 30, 5),
      '2026-01-01',
      '2026-01-01 00:30',
      '2026-01-01 00:30:05',
      '01-01 00:30',
      '260101',
    ],
    ['a leap day', Date.UTC(2028, 1, 29, 3), '2028-02-29', '2028-02-29 11:00', '2028-02-29 11:00:00', '02-29 11:00', '280229'],
  ])('%s', (_case, epochMs, date, time, seconds, short, stamp) => {
    expect(formatBeijingDate(epochMs)).toBe(date);
    expect(formatBeijingTime(epochMs)).toBe(time);
    expect(formatBeijingTimeSeconds(epochMs)).toBe(seconds);
    expect(formatBeijingShortTime(epochMs)).toBe(short);
    expect(formatBeijingDateStamp(epochMs)).toBe(stamp);
  });

  it('writes WeChat Pay’s RFC 3339 with +08:00, which reads back to the same moment', () => {
    const instant = Date.UTC(2025, 10, 23, 16, 5, 9);
    expect(formatBeijingRfc3339(instant)).toBe('2025-11-24T00:05:09+08:00');
    expect(Date.parse(formatBeijingRfc3339(instant))).toBe(instant);
  });

  it.each([
    [beijingMidnight, 0],
    [beijingMidnight - 1, 23],
    [Date.UTC(2025, 10, 24, 4), 12],
    [Date.UTC(2025, 10, 24, 10), 18],
  ])('the hour of %i is %i', (epochMs, hour) => {
    expect(beijingHourOf(epochMs)).toBe(hour);
  });

  it('refuses a moment that is not one', () => {
    expect(() => formatBeijingDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('Beijing text read back', () => {
  it('reads yyyy-MM-dd HH:mm:ss as Beijing time, and nothing else', () => {
    expect(parseBeijingTimeSeconds('2025-11-24 00:05:09')).toBe(Date.UTC(2025, 10, 23, 16, 5, 9));
    expect(parseBeijingTimeSeconds('2025-11-24T00:05:09')).toBeNull();
    expect(parseBeijingTimeSeconds('2025-11-24 00:05')).toBeNull();
    expect(parseBeijingTimeSeconds('2025-13-01 00:00:00')).toBeNull();
    expect(parseBeijingTimeSeconds('')).toBeNull();
  });

  it('round-trips a datetime-local value', () => {
    expect(formatBeijingInput(beijingMidnight)).toBe('2025-11-24T00:00');
    expect(parseBeijingInput('2025-11-24T00:00')).toBe(beijingMidnight);
    expect(formatBeijingInput(Date.UTC(2025, 10, 24, 1, 30, 59, 999))).toBe('2025-11-24T09:30');
    expect(parseBeijingInput(formatBeijingInput(Date.UTC(2025, 10, 24, 1, 30)))).toBe(Date.UTC(2025, 10, 24, 1, 30));
  });

  it.each(['', '2025-11-24', '2025-11-24 00:00', '2025-11-24T00:00:00', '2025-11-24T25:00', 'yesterday'])(
    'reads %j from a datetime-local input as nothing',
    (text) => {
      expect(parseBeijingInput(text)).toBeNull();
    },
  );
});

describe('Beijing days', () => {
  it('starts a day at 00:00 Beijing, 16:00 UTC the day before, and ends it a millisecond before the next', () => {
    expect(startOfBeijingDay('2025-11-24')).toBe(beijingMidnight);
    expect(endOfBeijingDay('2025-11-24')).toBe(beijingMidnight + dayMs - 1);
    expect(formatBeijingTimeSeconds(endOfBeijingDay('2025-11-24'))).toBe('2025-11-24 23:59:59');
    expect(startOfBeijingDay('1970-01-01')).toBe(-8 * 3_600_000);
    expect(startOfBeijingDay('2028-02-29')).toBe(Date.UTC(2028, 1, 28, 16));
  });

  it.each(['', '2025-1-1', '2025-11-24T00:00', '20251124', '2025-13-01', 'today'])('a day of %j is NaN', (date) => {
    expect(startOfBeijingDay(date)).toBeNaN();
    expect(endOfBeijingDay(date)).toBeNaN();
  });

  it('numbers days on the Beijing calendar, so the number turns at Beijing midnight', () => {
    const day = beijingDayNumberOf(beijingMidnight);
    expect(beijingDayNumberOf(beijingMidnight - 1)).toBe(day - 1);
    expect(beijingDayNumberOf(beijingMidnight + dayMs - 1)).toBe(day);
    expect(startOfBeijingDayNumber(day)).toBe(beijingMidnight);
    expect(formatBeijingDate(startOfBeijingDayNumber(day))).toBe('2025-11-24');
    expect(beijingDayNumberOf(-8 * 3_600_000)).toBe(0);
    expect(beijingDayNumberOf(-8 * 3_600_000 - 1)).toBe(-1);
  });
});
