import { formatEngineering } from '../../contract/value-query.ts';

/** Engineering notation as parts are labelled, three significant digits: 10000 Ω → "10kΩ", 1e-7 F → "100nF". */
export function formatSi(value: number, unit: string): string {
  return formatEngineering(value, unit, 3);
}

/** Three significant digits at most, no trailing zeros: 4.70 → "4.7", 1.02 → "1.02". */
export function trimNumber(value: number): string {
  return String(Number(value.toPrecision(3)));
}

/** Capacitor and inductor three-digit codes: 104 → 10 × 10^4 pF. */
export function threeDigitCode(valueInPico: number): string {
  if (valueInPico < 10) return valueInPico.toFixed(1).replace('.', 'R');
  const exponent = Math.floor(Math.log10(valueInPico) + 1e-9) - 1;
  const mantissa = Math.round(valueInPico / 10 ** exponent);
  return `${mantissa}${exponent}`;
}

/** Standard value series (IEC 60063) as mantissas 1 ≤ m < 10. */
export const seriesE6 = [1.0, 1.5, 2.2, 3.3, 4.7, 6.8] as const;
export const seriesE12 = [1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2] as const;
export const seriesE24 = [1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1] as const;
export const seriesE96 = [
  1.0, 1.02, 1.05, 1.07, 1.1, 1.13, 1.15, 1.18, 1.21, 1.24, 1.27, 1.3, 1.33, 1.37, 1.4, 1.43, 1.47, 1.5, 1.54, 1.58, 1.62, 1.65, 1.69, 1.74, 1.78, 1.82, 1.87,
  1.91, 1.96, 2.0, 2.05, 2.1, 2.15, 2.21, 2.26, 2.32, 2.37, 2.43, 2.49, 2.55, 2.61, 2.67, 2.74, 2.8, 2.87, 2.94, 3.01, 3.09, 3.16, 3.24, 3.32, 3.4, 3.48, 3.57,
  3.65, 3.74, 3.83, 3.92, 4.02, 4.12, 4.22, 4.32, 4.42, 4.53, 4.64, 4.75, 4.87, 4.99, 5.11, 5.23, 5.36, 5.49, 5.62, 5.76, 5.9, 6.04, 6.19, 6.34, 6.49, 6.65,
  6.81, 6.98, 7.15, 7.32, 7.5, 7.68, 7.87, 8.06, 8.25, 8.45, 8.66, 8.87, 9.09, 9.31, 9.53, 9.76,
] as const;

/**
 * E192 mantissas: 10^(i/192) to three significant digits, with the one value the standard
 * rounds differently (9.20 rather than 9.19). E96 is every second one of these.
 */
export const seriesE192: readonly number[] = Array.from({ length: 192 }, (_, index) => {
  const value = Number((10 ** (index / 192)).toPrecision(3));
  return value === 9.19 ? 9.2 : value;
});

/** Every mantissa of a series over decades 10^from … 10^to (inclusive), exact in decimal. */
export function seriesValues(series: readonly number[], from: number, to: number): number[] {
  const values: number[] = [];
  for (let exponent = from; exponent <= to; exponent++) {
    for (const mantissa of series) values.push(Number(`${mantissa}e${exponent}`));
  }
  return values;
}
