import type { Family } from '../product-draft.ts';
import { mlccFamilies } from './capacitors-mlcc.ts';
import { otherCapacitorFamilies } from './capacitors-other.ts';

export const capacitorFamilies: Family[] = [...mlccFamilies, ...otherCapacitorFamilies];
