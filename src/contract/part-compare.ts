import { packageKey, parseQuantity } from './value-query.ts';

/**
 * When one part's value stands for another's (decision 0023): the rules the BOM's judge
 * (bom/match/verify-candidate.ts) and the cross-reference page (型号替代查询) both apply, so a
 * substitute is judged alike in both. Values are equal once read in base units (10K is 10kΩ), a
 * package is the same by its spelling (SOT-23 is SOT23, not SOIC), a tolerance is at most the
 * wanted one, a voltage, power or current rating at least, a dielectric as stable or more
 * (C0G > X7R > X5R > Y5V). A range (2.0V~3.6V, -40℃~+85℃) is compared only as written.
 */

/** One recorded value of a part: its attribute's name and unit, the value as written and as a number where staff gave one. */
export interface PartParam {
  name: string;
  unit: string | null;
  valueText: string;
  valueNum: number | null;
}

/** A candidate's value against the wanted one: the same, or better where the rules allow better. */
export type ParamVerdict = 'same' | 'better';

export const paramVerdictLabels: Record<ParamVerdict, string> = { same: '一致', better: '更优' };

/** The attribute every category lists first; products carry it as their package. */
export const packageParamName = '封装';

/** The ratings a part may better (a tolerance by being less, the others by being more), as the BOM's reasons name them. */
export const ratingNames = { '%': '精度', V: '耐压', W: '功率', A: '电流' } as const;
export type RatingUnit = keyof typeof ratingNames;

export function isRatingUnit(unit: string | null): unit is RatingUnit {
  return unit !== null && Object.hasOwn(ratingNames, unit);
}

export function isSameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-15);
}

/**
 * Names of one package that catalogues and CAD tools spell two ways: a three-lead SOT-23 written
 * SOT-23-3 (real BOMs and the makers' own datasheets use both), JEDEC outlines and distributors' names.
 * SOP and SOIC stay apart here: a catalogue's SOP-16 may be the wide body.
 */
function packageIdentity(name: string): string {
  const key = packageKey(name).replace(/^SOT233L?$/, 'SOT23');
  return packageAliases[key] ?? key;
}

/** JEDEC outlines and the names distributors sell them by. */
const packageAliases: Record<string, string> = { DO214AC: 'SMA', DO214AA: 'SMB', DO214AB: 'SMC', HC49US: 'HC49S', HC49SMD: 'HC49S' };

export function isSamePackage(a: string, b: string): boolean {
  return packageIdentity(a) === packageIdentity(b);
}

/**
 * Whether two package names are plainly different packages (SOT-23 and TO-92; 0402 and 0603), read
 * leniently: a pin count only one side gives (TO-92, TO-92-3) or a variant letter (SOD-323F) does
 * not make them differ. Used where a part found by its own number is doubted only for a clear clash.
 */
export function isOtherPackage(a: string, b: string): boolean {
  if (isSamePackage(a, b)) return false;
  const [left, right] = [packageParts(a), packageParts(b)];
  if (!left || !right) return false;
  const differ = (x: string, y: string) => x !== '' && y !== '' && x !== y;
  return left.family !== right.family || left.size !== right.size || differ(left.pins, right.pins) || differ(left.variant, right.variant);
}

const outlineOfAlias: Record<string, string> = { SMA: 'DO-214AC', SMB: 'DO-214AA', SMC: 'DO-214AB' };

/** SOT-23-3 → SOT 23, 3 pins; TO-92 → TO 92; SOD-323F → SOD 323, variant F; 0603 → a chip, 0603; SMA → DO 214, variant AC; DPAK → unknown. */
function packageParts(name: string): { family: string; size: string; pins: string; variant: string } | null {
  const identity = packageIdentity(name);
  if (/^\d{4,5}$/.test(identity)) return { family: 'CHIP', size: identity, pins: '', variant: '' };
  const spelled =
    outlineOfAlias[identity] ??
    name
      .toUpperCase()
      .replace(/\s/g, '')
      .replace(/^SOIC(?=-?\d)/, 'SOP');
  const parts = /^([A-Z]+)-?(\d+)([A-Z]{0,2})(?:-(\d+))?$/.exec(spelled);
  if (!parts) return null;
  return { family: parts[1] ?? '', size: parts[2] ?? '', variant: parts[3] ?? '', pins: parts[4] ?? '' };
}

/** "More" of a range means nothing: it has no one number. */
export function isRange(text: string): boolean {
  return /[~～]|\d\s*-\s*[+\d]/.test(text);
}

/** A value's number in its base unit: stored, or read from its text (10kΩ, ±1%, 100mW, 1/10W) where staff typed only the text. */
export function numberOfParam(param: Pick<PartParam, 'valueText' | 'valueNum'>): number | null {
  if (isRange(param.valueText)) return null;
  return param.valueNum ?? parseQuantity(param.valueText.split(/[\s/，,]+/)[0] ?? '')?.value ?? null;
}

/** A rating against the wanted one: a tolerance as tight or tighter, a voltage, power or current as high or higher; null when worse. */
export function compareRating(unit: RatingUnit, wanted: number, offered: number): ParamVerdict | null {
  if (isSameNumber(wanted, offered)) return 'same';
  const isBetter = unit === '%' ? offered < wanted : offered > wanted;
  return isBetter ? 'better' : null;
}

/** Dielectrics from the most stable; C0G and NP0 are one. */
const dielectrics = ['C0G', 'NP0', 'X8R', 'X7R', 'X7S', 'X6S', 'X5R', 'X7T', 'X5S', 'Y5V', 'Z5U'];

/** The dielectric a text names, as a rank (0 the most stable), or null when it names none. */
export function dielectricRank(text: string): number | null {
  const upper = text.toUpperCase().replace('COG', 'C0G').replace('NPO', 'NP0');
  const index = dielectrics.findIndex((name) => upper.includes(name));
  return index < 0 ? null : index <= 1 ? 0 : index - 1;
}

/** The offered dielectric against the wanted one; null when it is less stable, or names none. */
export function compareDielectric(wanted: string, offered: string): ParamVerdict | null {
  const wantedRank = dielectricRank(wanted);
  const offeredRank = dielectricRank(offered);
  if (wantedRank === null || offeredRank === null || offeredRank > wantedRank) return null;
  return offeredRank === wantedRank ? 'same' : 'better';
}

const textKey = (text: string) => text.toUpperCase().replace(/\s+/g, '');

/**
 * One recorded parameter of a candidate against the same parameter of the wanted part: the same
 * as written or by number, or better where the rules allow; null when it is neither or cannot be told.
 */
export function compareParam(wanted: PartParam, offered: PartParam): ParamVerdict | null {
  if (textKey(wanted.valueText) === textKey(offered.valueText)) return 'same';
  if (wanted.name === packageParamName) return isSamePackage(wanted.valueText, offered.valueText) ? 'same' : null;
  if (dielectricRank(wanted.valueText) !== null) return compareDielectric(wanted.valueText, offered.valueText);
  const wantedNumber = numberOfParam(wanted);
  const offeredNumber = numberOfParam(offered);
  if (wantedNumber === null || offeredNumber === null) return null;
  if (isSameNumber(wantedNumber, offeredNumber)) return 'same';
  return isRatingUnit(wanted.unit) ? compareRating(wanted.unit, wantedNumber, offeredNumber) : null;
}
