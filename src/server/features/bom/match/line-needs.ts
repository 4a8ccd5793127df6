import type { BomLineInput } from '../../../../contract/bom.ts';
import { kindOfDesignators, kindOfLine, type PartKind } from '../../../../contract/part-kind.ts';
import type { Quantity, QuantityUnit } from '../../../../contract/value-query.ts';
import type { LineProbes } from './line-query.ts';

/**
 * What a part must be to stand for a BOM line (issue 27): its kind, and for a passive its value,
 * its package and the limits the line states (tolerance, voltage, power, current, dielectric),
 * read from the line's cells with search's own parsing.
 */
export interface LineNeeds {
  kind: PartKind | null;
  /** The kind the designators alone name (P3: a connector), where the words may say otherwise. */
  designatorKind: PartKind | null;
  /** The value a passive is: 10kΩ, 100nF, 2.2µH, 600Ω (a bead's impedance), 8MHz. */
  value: Quantity | null;
  /** Tolerance (at most), voltage, power and current (at least), as the line states them. */
  limits: Quantity[];
  /** The dielectric the line names (X7R); a better one fits too. */
  dielectric: string | null;
  packageName: string | null;
}

/** The unit of the value each passive kind is known by; other kinds match by part number only. */
export const valueUnitOfKind: Partial<Record<PartKind, QuantityUnit>> = {
  resistor: 'Ω',
  resistorArray: 'Ω',
  thermistor: 'Ω',
  potentiometer: 'Ω',
  capacitor: 'F',
  inductor: 'H',
  ferriteBead: 'Ω',
  crystal: 'Hz',
};

/** What each value unit is called in a reason: 无此阻值. */
export const valueNameOfUnit: Partial<Record<QuantityUnit, string>> = { Ω: '阻值', F: '容值', H: '感值', Hz: '频率' };

const limitUnits: readonly QuantityUnit[] = ['%', 'V', 'W', 'A'];

/** A line's needs: the value column's value first (a description may repeat it, or disagree), then the description's limits. */
export function needsOf(line: Pick<BomLineInput, 'designators' | 'query'>, probes: LineProbes): LineNeeds {
  const { value, description, mpn } = line.query;
  const fromValueColumn = probes.parameters?.loose?.quantities ?? probes.parameters?.strict.quantities ?? [];
  const all = probes.parameters?.strict.quantities ?? [];
  const stated = [...fromValueColumn, ...all];
  const kind = kindOfLine(line.designators, [value, description, mpn]) ?? kindOfValue(stated);
  const valueUnit = kind === null ? undefined : valueUnitOfKind[kind];
  // "10k" without a unit is the value of the kind the line is (its designator gave no unit when its words named the kind).
  const unitless = stated.find((quantity) => quantity.unit === null && quantity.value !== 0);
  const ownValue =
    valueUnit === undefined ? undefined : (stated.find((quantity) => quantity.unit === valueUnit) ?? (unitless && { ...unitless, unit: valueUnit }));
  const limits: Quantity[] = [];
  for (const quantity of all) {
    if (quantity.unit === null || quantity.unit === valueUnit || !limitUnits.includes(quantity.unit)) continue;
    if (!limits.some((known) => known.unit === quantity.unit)) limits.push(quantity);
  }
  const dielectric = probes.parameters?.strict.wordGroups[0]?.[0] ?? null;
  return { kind, designatorKind: kindOfDesignators(line.designators), value: ownValue ?? null, limits, dielectric, packageName: probes.packageName };
}

/**
 * A line that names no kind (no designator, no words) is read by its value the way engineers write
 * them: 10kΩ or a bare 10k / 4K7 is a resistor, 100nF or a bare 100n a capacitor, 10µH an inductor.
 * A thermistor, bead or varistor line says so in its words or designator, and is read by them.
 */
function kindOfValue(stated: readonly Quantity[]): PartKind | null {
  for (const quantity of stated) {
    if (quantity.unit === 'Ω') return 'resistor';
    if (quantity.unit === 'F') return 'capacitor';
    if (quantity.unit === 'H') return 'inductor';
    if (quantity.unit === null && quantity.value >= 1) return 'resistor';
    if (quantity.unit === null && quantity.value > 0 && quantity.value <= 1e-4) return 'capacitor';
  }
  return null;
}
