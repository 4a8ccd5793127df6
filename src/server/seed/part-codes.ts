/** The ways makers print a value inside a part number. */

/** Letter as the decimal point with R/K/M by magnitude: 4700 → "4K7", 49.9 → "49R9", 0.1 → "0R1" (Yageo). */
export function letterDecimal(ohms: number): string {
  if (ohms === 0) return '0R';
  const [scaled, letter] = ohms >= 1e6 ? [ohms / 1e6, 'M'] : ohms >= 1e3 ? [ohms / 1e3, 'K'] : [ohms, 'R'];
  const text = String(Number(scaled.toPrecision(3)));
  return text.includes('.') ? text.replace('.', letter) : `${text}${letter}`;
}

/** Four characters, three significant digits with the letter as decimal point: 10000 → "10K0", 100 → "100R" (Vishay). */
export function fourCharDecimal(ohms: number): string {
  if (ohms === 0) return '0000';
  const [scaled, letter] = ohms >= 1e6 ? [ohms / 1e6, 'M'] : ohms >= 1e3 ? [ohms / 1e3, 'K'] : [ohms, 'R'];
  const text = scaled.toPrecision(3);
  return text.includes('.') ? text.replace('.', letter) : `${text}${letter}`;
}

/** Three significant digits and a multiplier digit: 10000 → "1002"; below 100 Ω with R: 49.9 → "49R9". */
export function fourDigitCode(ohms: number): string {
  if (ohms === 0) return '0000';
  if (ohms < 100) return ohms.toPrecision(3).replace('.', 'R');
  const exponent = Math.floor(Math.log10(ohms) + 1e-9) - 2;
  return `${Math.round(ohms / 10 ** exponent)}${exponent}`;
}

/** Two significant digits and a multiplier digit: 10000 → "103", 4.7 → "4R7", 0 → "000". */
export function threeDigitValue(value: number): string {
  if (value === 0) return '000';
  if (value < 10) return value.toFixed(1).replace('.', 'R');
  const exponent = Math.floor(Math.log10(value) + 1e-9) - 1;
  return `${Math.round(value / 10 ** exponent)}${exponent}`;
}

/** Voltages as in zener and regulator names: 5.1 → "5V1", 12 → "12V". */
export function voltLetter(volts: number): string {
  const text = String(volts);
  return text.includes('.') ? text.replace('.', 'V') : `${text}V`;
}

/** Tolerance letters of the EIA code. */
export const toleranceLetters = { A: 0.05, B: 0.1, C: 0.25, D: 0.5, F: 1, G: 2, J: 5, K: 10, M: 20 } as const;
export type ToleranceLetter = keyof typeof toleranceLetters;

export function toleranceText(letter: ToleranceLetter): string {
  return `±${toleranceLetters[letter]}%`;
}

/** A code table's entry (a voltage's code letter…); a key the table lacks is a mistake in the family data. */
export function codeOf(table: Readonly<Record<number, string>>, key: number): string {
  const code = table[key];
  if (code === undefined) throw new Error(`no code for ${key}`);
  return code;
}
