import { pinyin } from 'pinyin-pro';
import { latinInitialOf, type BrandInitial } from '../../../contract/console/taxonomy.ts';

/** The letter a brand is listed under on /brand: the name's Latin first letter, the pinyin of a Chinese one, else '#'. */
export function brandInitialOf(name: string): BrandInitial {
  const latin = latinInitialOf(name);
  if (latin) return latin as BrandInitial;
  const first = name.trim().charAt(0);
  if (/\p{Script=Han}/u.test(first)) {
    const letter = pinyin(first, { pattern: 'first', toneType: 'none' }).toUpperCase();
    if (/^[A-Z]$/.test(letter)) return letter as BrandInitial;
  }
  return '#';
}
