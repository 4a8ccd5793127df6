/**
 * Money on the wire and in the database is an integer of 0.0001 yuan ("e4"), so unit prices
 * of cheap passives (¥0.0021) stay exact; amounts people pay are integers of fen (cents).
 *
 * Two display rules (docs/decisions/0010-unit-prices-below-one-yuan.md):
 * - an amount (a line, a pack, an order) is rounded once to fen by the spec's rule (centsOfE4)
 *   and shown with 2 decimals: ¥0.23;
 * - a unit price is shown exactly as stored: up to 4 decimals, trailing zeros trimmed to no
 *   fewer than 2 (formatUnitPriceE4): ¥0.0023, ¥0.05, ¥0.125, ¥12.8345.
 */
export const e4PerYuan = 10_000;
export const e4PerCent = 100;

export function yuanToE4(yuan: number): number {
  return Math.round(yuan * e4PerYuan);
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

/** A unit price as stored, to 0.0001 yuan: 23 → ¥0.0023, 500 → ¥0.05, 1250 → ¥0.125, 0 → ¥0.00. */
export function formatUnitPriceE4(e4: number): string {
  assertSafeE4(e4);
  const abs = Math.abs(e4);
  const fraction = abs % e4PerYuan;
  const decimals = String(fraction)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${e4 < 0 ? '-' : ''}¥${(abs - fraction) / e4PerYuan}.${decimals}`;
}
