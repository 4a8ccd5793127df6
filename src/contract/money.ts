/**
 * Money on the wire and in the database is an integer of 0.0001 yuan ("e4"), so unit prices
 * of cheap passives (¥0.0021) stay exact; amounts people pay are integers of fen (cents).
 *
 * Two display rules (docs/decisions/0010-unit-prices-below-one-yuan.md):
 * - an amount (a line, a pack, an order) is rounded once to fen by the spec's rule (centsOfE4)
 *   and shown with 2 decimals: ¥0.23;
 * - a unit price is shown exactly as stored: up to 4 decimals, trailing zeros trimmed to no
 *   fewer than 2 (formatUnitPriceE4): ¥0.0023, ¥0.05, ¥0.125, ¥12.8345.
 *
 * This file is the one home of money text, both ways: the formatters below and the parsers of
 * typed or received yuan text, which read the digits as integers (never through a float). The
 * lint rule xinpin/money-text-in-money-module refuses `toFixed` elsewhere.
 */
export const e4PerYuan = 10_000;
export const e4PerCent = 100;

/** A yuan number on the wire (the home page's spec fields carry floats) as 0.0001 yuan. */
export function yuanToE4(yuan: number): number {
  return Math.round(yuan * e4PerYuan);
}

/** Fen as a yuan number, for a wire field the spec gives in yuan, a spreadsheet cell or a chart; never for text (the formatters below are exact). */
export function yuanOfCents(cents: number): number {
  return cents / 100;
}

/** 0.0001 yuan as a yuan number, for the same uses as yuanOfCents. */
export function yuanOfE4(e4: number): number {
  return e4 / e4PerYuan;
}

/** A yuan number on the wire as fen: 12.5 → 1250 (exact for any amount that was fen / 100). */
export function centsOfYuan(yuan: number): number {
  return Math.round(yuan * 100);
}

function assertSafeE4(e4: number): void {
  if (!Number.isSafeInteger(e4)) throw new RangeError(`money in 0.0001 yuan must be a safe integer, got ${e4}`);
}

/**
 * Spec §5 rounding of an e4 amount to whole fen: 2 decimals, half up (away from zero), and at
 * least 0.01 unless the amount is zero. The remainder is taken off before dividing, so the
 * result is exact for every safe integer (no binary-float drift).
 */
export function centsOfE4(e4: number): number {
  assertSafeE4(e4);
  if (e4 === 0) return 0;
  const abs = Math.abs(e4);
  const rest = abs % e4PerCent;
  const fen = Math.max(1, (abs - rest) / e4PerCent + (rest >= e4PerCent / 2 ? 1 : 0));
  return e4 < 0 ? -fen : fen;
}

/**
 * What a line costs in fen: unit price × quantity, rounded once. With quantities up to
 * 1,000,000 and unit prices up to 1e9 e4 (¥100,000) the product stays below 2^53.
 */
export function amountCentsOf(unitPriceE4: number, quantity: number): number {
  assertSafeE4(unitPriceE4);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be a safe integer, got ${quantity}`);
  return centsOfE4(unitPriceE4 * quantity);
}

/** A unit price in yuan without the sign ¥, to 0.0001 yuan as a form shows it: 1250 → "0.125", 10000 → "1.00", -23 → "-0.0023". */
export function yuanTextOfE4(e4: number): string {
  assertSafeE4(e4);
  const abs = Math.abs(e4);
  const fraction = abs % e4PerYuan;
  const decimals = String(fraction)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${e4 < 0 ? '-' : ''}${(abs - fraction) / e4PerYuan}.${decimals}`;
}

/** A unit price as stored, to 0.0001 yuan: 23 → ¥0.0023, 500 → ¥0.05, 1250 → ¥0.125, 0 → ¥0.00. */
export function formatUnitPriceE4(e4: number): string {
  return `${e4 < 0 ? '-' : ''}¥${yuanTextOfE4(Math.abs(e4))}`;
}

/** Fen as yuan with two decimals, without ¥ (what a form field or a payment provider takes): 1230 → "12.30", -5 → "-0.05". */
export function yuanTextOfCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** ¥ and two decimals of a cent amount: 1230 → ¥12.30, -5 → -¥0.05. */
export function formatCents(cents: number): string {
  return `${cents < 0 ? '-' : ''}¥${yuanTextOfCents(Math.abs(cents))}`;
}

/** Fen as yuan, whole yuan without decimals (face values, thresholds): 5000 → "50", 1250 → "12.50". */
export function shortYuanTextOfCents(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : yuanTextOfCents(cents);
}

/** ¥ and whole yuan, or two decimals when there are fen: 5000 → ¥50, 1250 → ¥12.50. */
export function formatShortCents(cents: number): string {
  return `${cents < 0 ? '-' : ''}¥${shortYuanTextOfCents(Math.abs(cents))}`;
}

/** ¥ with thousands separators, the same on the server and in every browser (no locale data): 1234560 → ¥12,345.60. */
export function formatGroupedCents(cents: number): string {
  const [whole = '0', fraction = '00'] = yuanTextOfCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * Decimal text with at most `decimals` places as an integer of 10^-decimals, read digit by digit:
 * "12.3" with 2 → 1230. Null when it is not plain digits (no sign, no exponent, no separators), has
 * more whole digits than allowed or more places than `decimals`, or does not fit a safe integer.
 */
function scaledIntegerOf(text: string, decimals: number, maxWholeDigits: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole.length > maxWholeDigits || fraction.length > decimals) return null;
  const value = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Yuan as typed or received ("12.30", "0.01", "100", " 7.5 ") as fen, exactly; null when it is not
 * an amount with at most 2 decimals and at most `maxWholeDigits` digits before the point. Zero is
 * an amount: a caller that needs a positive one says so.
 */
export function centsOfYuanText(text: string, maxWholeDigits = 12): number | null {
  return scaledIntegerOf(text, 2, maxWholeDigits);
}

/**
 * A unit price typed in yuan with at most 4 decimals ("0.0023", "12.8") as 0.0001 yuan, exactly;
 * null when it is not one or has more than `maxWholeDigits` digits before the point. Zero passes.
 */
export function e4OfYuanText(text: string, maxWholeDigits = 9): number | null {
  return scaledIntegerOf(text, 4, maxWholeDigits);
}

/**
 * A price as a supplier's list writes it, with any number of decimals, rounded half up to
 * 0.0001 yuan on the digits ("0.00125" → 13, "1.00005" → 10001); null when not plain digits or
 * beyond a safe integer. The wrapping text (¥, 元, RMB, thousands commas) is the caller's to strip.
 */
export function roundedE4OfYuanText(text: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const kept = scaledIntegerOf(`${whole}.${fraction.slice(0, 4) || '0'}`, 4, Number.POSITIVE_INFINITY);
  if (kept === null) return null;
  const value = kept + (Number(fraction.charAt(4) || '0') >= 5 ? 1 : 0);
  return Number.isSafeInteger(value) ? value : null;
}

const capitalDigits = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
/** Within a group of four digits, from the right: 个, 拾, 佰, 仟. */
const capitalPlaces = ['', '拾', '佰', '仟'] as const;
/** The groups of four digits, from the right: 元, 万, 亿, 万亿 (a safe integer of fen stays below 10^14 yuan). */
const capitalGroups = ['', '万', '亿', '万亿'] as const;

/** Whole yuan in capitals, '' for none: 100010 → 壹拾万零壹拾 (one 零 for any run of zeros between digits, none at the end). */
function capitalYuanOf(yuan: number): string {
  const digits = String(yuan);
  let text = '';
  let isZeroPending = false;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index]);
    const place = digits.length - 1 - index;
    if (digit === 0) {
      isZeroPending = text !== '';
    } else {
      text += `${isZeroPending ? '零' : ''}${capitalDigits[digit] ?? ''}${capitalPlaces[place % 4] ?? ''}`;
      isZeroPending = false;
    }
    const group = Math.floor(place / 4);
    // A group's name follows its last digit when the group has any digit that is not zero (壹亿 has no 万).
    if (place % 4 === 0 && group > 0 && Number(digits.slice(Math.max(0, index - 3), index + 1)) > 0) text += capitalGroups[group] ?? '';
  }
  return text;
}

/**
 * The 大写金额 of an amount in fen, as cheques and invoices write it (中国人民银行《支付结算办法》's rules): 0 → 零元整,
 * 5 → 伍分, 1000 → 壹拾元整, 10001050 → 壹拾万零壹拾元伍角整, 100000001 → 壹佰万元零壹分 (a 零 where 角 is zero before 分).
 * 整 follows 元 or 角, never 分. Without 人民币, which the caller writes where the form needs it.
 */
export function capitalAmountOfCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`an amount in fen must be a safe integer, got ${cents}`);
  if (cents < 0) return `负${capitalAmountOfCents(-cents)}`;
  if (cents === 0) return '零元整';
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const whole = yuan > 0 ? `${capitalYuanOf(yuan)}元` : '';
  if (jiao === 0 && fen === 0) return `${whole}整`;
  const jiaoText = jiao > 0 ? `${capitalDigits[jiao] ?? ''}角` : whole ? '零' : '';
  return `${whole}${jiaoText}${fen > 0 ? `${capitalDigits[fen] ?? ''}分` : '整'}`;
}
