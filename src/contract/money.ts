/**
 * Money on the wire and in the database is an integer of 0.0001 yuan ("e4"), so unit prices
 * of cheap passives (¥0.0021) stay exact; amounts shown to people are CNY with ¥ and 2 decimals.
 */
export const e4PerYuan = 10_000;

export function yuanToE4(yuan: number): number {
  return Math.round(yuan * e4PerYuan);
}

/**
 * Spec §5 price rounding: 2 decimals, and never below 0.01 unless the amount is zero.
 * Returns yuan. Half-up on the e4 integer, so no binary-float drift.
 */
export function roundPriceE4(e4: number): number {
  if (e4 === 0) return 0;
  const cents = Math.floor((Math.abs(e4) + 50) / 100);
  const sign = e4 < 0 ? -1 : 1;
  return (sign * Math.max(1, cents)) / 100;
}

/** ¥ and two decimals, after the rounding rule: formatPriceE4(21) → "¥0.01". */
export function formatPriceE4(e4: number): string {
  return `¥${roundPriceE4(e4).toFixed(2)}`;
}

/** ¥ with two decimals for an amount already in yuan. */
export function formatYuan(yuan: number): string {
  return `¥${yuan.toFixed(2)}`;
}
