import { parseQuantity, quantityKey, type Quantity } from '../../../../contract/value-query.ts';

/**
 * The words a part can be found by besides its code: Chinese as character pairs (so 电阻
 * finds 贴片电阻 and 厚膜电阻 without a dictionary), Latin and numbers as whole words, and
 * parameter values as quantities in base units.
 */
const cjk = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const latinWord = /[A-Z0-9.%±ΩΜ+#]+/g;

export function wordKeys(text: string): string[] {
  const upper = text.normalize('NFKC').toUpperCase();
  const keys = new Set<string>();
  for (const run of upper.match(cjk) ?? []) {
    if (run.length === 1) keys.add(`W:${run}`);
    for (let i = 0; i + 1 < run.length; i++) keys.add(`W:${run.slice(i, i + 2)}`);
  }
  for (const word of upper.replace(cjk, ' ').match(latinWord) ?? []) {
    const trimmed = word.replace(/^[.]+|[.]+$/g, '');
    if (trimmed.length >= 2) keys.add(`W:${trimmed}`);
  }
  return [...keys];
}

export function quantityKeys(quantity: Quantity): string[] {
  const value = quantityKey(quantity.value);
  return quantity.unit ? [`Q:${quantity.unit}|${value}`, `Q:*|${value}`] : [`Q:*|${value}`];
}

/** The key a buyer's quantity is looked up by: with its unit when given, any unit otherwise. */
export function quantityQueryKey(quantity: Quantity): string {
  return `Q:${quantity.unit ?? '*'}|${quantityKey(quantity.value)}`;
}

/**
 * A parameter's quantity, read from its displayed text (±1%, 10kΩ, 100nF) so every seed's
 * way of storing valueNum reads the same; valueNum with the attribute's unit otherwise.
 */
export function paramQuantity(valueText: string, valueNum: number | null, unit: string | null): Quantity | null {
  const fromText = parseQuantity(valueText.replace(/\s+/g, ''));
  if (fromText?.unit) return fromText;
  if (valueNum === null || !Number.isFinite(valueNum)) return fromText;
  const parsedUnit = unit ? (parseQuantity(`1${unit}`)?.unit ?? null) : null;
  return { value: valueNum, unit: parsedUnit };
}

export const fingerprintStart = 0x811c9dc5;

/**
 * 32-bit FNV-1a, fed piece by piece (a separator after each): tells whether a changed
 * product changed anything search reads besides stock and price.
 */
export function fingerprintAdd(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return Math.imul(hash ^ 0x1f, 0x01000193) >>> 0;
}
