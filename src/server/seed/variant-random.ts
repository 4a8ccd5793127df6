import { createRandom, type Random } from './random.ts';

/** FNV-1a of a string: a stable seed per family. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The same random draws for the same variant of the same series, whenever it is generated. */
export function variantRandom(seriesSeed: number, index: number): Random {
  return createRandom((seriesSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
}
