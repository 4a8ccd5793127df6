import type { Family } from '../product-draft.ts';
import { analogFamilies } from './analog.ts';
import { capacitorFamilies } from './capacitors.ts';
import { connectorFamilies } from './connectors.ts';
import { diodeFamilies } from './diodes.ts';
import { frequencyOptoProtectionFamilies } from './frequency-opto-protection.ts';
import { inductorFamilies } from './inductors.ts';
import { interfaceLogicFamilies } from './interface-logic.ts';
import { mcuFamilies } from './mcus.ts';
import { namedDiscreteFamilies } from './named-discretes.ts';
import { powerFamilies } from './power.ts';
import { chipResistorFamilies, otherResistorFamilies } from './resistors.ts';
import { specialResistorFamilies } from './resistors-special.ts';
import { transistorFamilies } from './transistors.ts';
import { wirelessMemoryFamilies } from './wireless-memory.ts';

/** Every generated series of the demo catalogue. */
export const allFamilies: Family[] = [
  ...chipResistorFamilies,
  ...otherResistorFamilies,
  ...specialResistorFamilies,
  ...capacitorFamilies,
  ...inductorFamilies,
  ...diodeFamilies,
  ...transistorFamilies,
  ...namedDiscreteFamilies,
  ...mcuFamilies,
  ...wirelessMemoryFamilies,
  ...powerFamilies,
  ...analogFamilies,
  ...interfaceLogicFamilies,
  ...connectorFamilies,
  ...frequencyOptoProtectionFamilies,
];

export function findFamily(key: string): Family {
  const family = allFamilies.find((candidate) => candidate.key === key);
  if (!family) throw new Error(`no family ${key}`);
  return family;
}
