/**
 * The store's clock is Beijing time, UTC+8 all year (China has kept no daylight saving since
 * 1991), whatever the time zone of the server or of the browser. Every moment is an epoch in
 * milliseconds; this file is the one place that turns it into Beijing wall-clock text and back,
 * by shifting it 8 hours and reading the UTC fields: no time-zone database, so the server's
 * render and the browser's hydration always agree. The lint rule xinpin/time-only-in-time-module
 * keeps the offset here.
 */

/** Beijing's offset from UTC. Exported for the SQL that groups by Beijing day (dashboard) and the day windows of counters. */
export const beijingOffsetMs = 8 * 3_600_000;

export const dayMs = 86_400_000;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The Beijing wall clock of a moment as ISO text, `2025-11-24T00:05:09.000Z` (the Z is not true: it is Beijing time). */
function beijingIsoOf(epochMs: number): string {
  return new Date(epochMs + beijingOffsetMs).toISOString();
}

/** yyyy-MM-dd: the Beijing calendar day of a moment; also the day key of per-day rows (ad closures, API usage, search misses). */
export function formatBeijingDate(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(0, 10);
}

/** yyyy-MM-dd HH:mm, Beijing time. */
export function formatBeijingTime(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(0, 16).replace('T', ' ');
}

/** yyyy-MM-dd HH:mm:ss, Beijing time (order times; Alipay's format). */
export function formatBeijingTimeSeconds(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(0, 19).replace('T', ' ');
}

/** MM-dd HH:mm, Beijing time (the home page's latest deals). */
export function formatBeijingShortTime(epochMs: number): string {
  const iso = beijingIsoOf(epochMs);
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

/** yyMMdd of the Beijing day: the date part of order, quotation, complaint, supplier and member numbers. */
export function formatBeijingDateStamp(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(2, 10).replaceAll('-', '');
}

/** RFC 3339 in Beijing time (WeChat Pay's format): 2025-11-24T00:05:09+08:00. */
export function formatBeijingRfc3339(epochMs: number): string {
  return `${beijingIsoOf(epochMs).slice(0, 19)}+08:00`;
}

/** `yyyy-MM-dd HH:mm:ss` read as Beijing time (Alipay, Kuaidi100); null when it is not exactly that. */
export function parseBeijingTimeSeconds(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const epochMs = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(epochMs) ? null : epochMs;
}

/** The value of a datetime-local input showing a moment in Beijing time: yyyy-MM-ddTHH:mm (staff work in Beijing time). */
export function formatBeijingInput(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(0, 16);
}

/** A datetime-local input's yyyy-MM-ddTHH:mm read as Beijing time; null when empty or anything else. */
export function parseBeijingInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const epochMs = Date.parse(`${text}:00+08:00`);
  return Number.isNaN(epochMs) ? null : epochMs;
}

/** The hour (0-23) of a moment on the Beijing clock. */
export function beijingHourOf(epochMs: number): number {
  return new Date(epochMs + beijingOffsetMs).getUTCHours();
}

/** The first millisecond of a Beijing day given as yyyy-MM-dd (00:00 Beijing is 16:00 UTC the day before); NaN for anything else. */
export function startOfBeijingDay(date: string): number {
  if (!datePattern.test(date)) return Number.NaN;
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(utcMidnight) ? Number.NaN : utcMidnight - beijingOffsetMs;
}

/** The last millisecond (23:59:59.999) of a Beijing day given as yyyy-MM-dd; NaN for anything else. */
export function endOfBeijingDay(date: string): number {
  return startOfBeijingDay(date) + dayMs - 1;
}

/** yyyy-MM-dd: the Beijing day `days` whole days after a moment's (预计到货 = today + the factory lead time). */
export function beijingDateAfterDays(epochMs: number, days: number): string {
  return formatBeijingDate(epochMs + days * dayMs);
}

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not). */
export function isBeijingDate(text: string): boolean {
  const start = startOfBeijingDay(text);
  return !Number.isNaN(start) && formatBeijingDate(start) === text;
}

/** The Beijing day of a moment as a number: days since 1970-01-01 on the Beijing calendar (day windows, charts). */
export function beijingDayNumberOf(epochMs: number): number {
  return Math.floor((epochMs + beijingOffsetMs) / dayMs);
}

/** The first millisecond of a Beijing day number (beijingDayNumberOf). */
export function startOfBeijingDayNumber(dayNumber: number): number {
  return dayNumber * dayMs - beijingOffsetMs;
}

/** yyyy-MM: the Beijing calendar month of a moment (a 对账单's period). */
export function beijingMonthOf(epochMs: number): string {
  return beijingIsoOf(epochMs).slice(0, 7);
}

/** The first millisecond of a Beijing month given as yyyy-MM; NaN for anything else. */
export function startOfBeijingMonth(month: string): number {
  return /^\d{4}-\d{2}$/.test(month) ? startOfBeijingDay(`${month}-01`) : Number.NaN;
}

/** The Beijing month after yyyy-MM (2026-12 → 2027-01). */
export function nextBeijingMonth(month: string): string {
  return beijingMonthOf(startOfBeijingMonth(month) + 32 * dayMs);
}
