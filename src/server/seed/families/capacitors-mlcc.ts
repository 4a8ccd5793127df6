import type { BrandKey } from '../brands.data.ts';
import { datasheetFor } from '../brands.data.ts';
import { threeDigitValue, toleranceLetters, toleranceText, type ToleranceLetter, codeOf } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi, seriesE12, seriesE24, seriesE6, seriesValues } from '../si-format.ts';

export const mlccSizes = ['0201', '0402', '0603', '0805', '1206', '1210', '1808', '1812', '2220'] as const;
export type MlccSize = (typeof mlccSizes)[number];
export type Dielectric = 'C0G' | 'X7R' | 'X5R';
export const mlccVoltages = [6.3, 10, 16, 25, 50, 100, 200, 250, 500, 630, 1000] as const;

/** Largest capacitance (F) a maker fits in a chip of this size at low voltage. */
const maxCapacitance: Record<Dielectric, Record<MlccSize, number>> = {
  C0G: { '0201': 1e-10, '0402': 1e-9, '0603': 1e-8, '0805': 2.2e-8, '1206': 4.7e-8, '1210': 1e-7, '1808': 1e-7, '1812': 1e-7, '2220': 2.2e-7 },
  X7R: { '0201': 1e-8, '0402': 1e-7, '0603': 1e-6, '0805': 2.2e-6, '1206': 4.7e-6, '1210': 1e-5, '1808': 1e-5, '1812': 2.2e-5, '2220': 4.7e-5 },
  X5R: { '0201': 1e-7, '0402': 1e-6, '0603': 1e-5, '0805': 2.2e-5, '1206': 4.7e-5, '1210': 1e-4, '1808': 1e-4, '1812': 1e-4, '2220': 1e-4 },
};

/** Whether a maker makes this capacitance at this voltage in this chip size. */
export function isMlccMade(dielectric: Dielectric, size: MlccSize, volts: number, farads: number): boolean {
  if (dielectric === 'X5R' && volts > 50) return false;
  if ((size === '0201' || size === '0402') && volts > 50) return false;
  if (size === '0603' && volts > 250) return false;
  if ((size === '1808' || size === '1812' || size === '2220') && volts < 16) return false;
  const isClassOne = dielectric === 'C0G';
  const derating =
    volts >= 1000
      ? isClassOne
        ? 50
        : 300
      : volts >= 500
        ? isClassOne
          ? 20
          : 100
        : volts >= 200
          ? isClassOne
            ? 5
            : 20
          : volts >= 100
            ? 10
            : volts >= 50
              ? isClassOne
                ? 1
                : 3
              : volts >= 25
                ? dielectric === 'X5R'
                  ? 2
                  : 1
                : 1;
  return farads <= (maxCapacitance[dielectric][size] / derating) * 1.0001;
}

const sizeBasePriceE4: Record<MlccSize, number> = {
  '0201': 18,
  '0402': 12,
  '0603': 16,
  '0805': 30,
  '1206': 70,
  '1210': 160,
  '1808': 600,
  '1812': 450,
  '2220': 900,
};

export interface MlccSpec {
  brand: BrandKey;
  code: string;
  size: MlccSize;
  dielectric: Dielectric;
  volts: number;
  farads: number;
  tolerance: ToleranceLetter;
}

export function mlcc(spec: MlccSpec): ProductDraft {
  const value = formatSi(spec.farads, 'F');
  const isTight = spec.farads < 1e-11 && spec.dielectric === 'C0G';
  const toleranceLabel = isTight ? '±0.25pF' : toleranceText(spec.tolerance);
  const relative = spec.farads / maxCapacitance[spec.dielectric][spec.size];
  const price = sizeBasePriceE4[spec.size] * (1 + relative * 6) * (spec.volts >= 500 ? 4 : spec.volts >= 100 ? 1.8 : 1) * (spec.dielectric === 'C0G' ? 1.3 : 1);
  return {
    code: spec.code,
    brand: spec.brand,
    category: 'mlcc',
    package: spec.size,
    description: `${value} ${toleranceLabel} ${formatSi(spec.volts, 'V')} ${spec.dielectric} ${spec.size} 贴片多层陶瓷电容`,
    params: [
      param('package', spec.size),
      param('capacitance', value, spec.farads),
      param('ratedVoltage', formatSi(spec.volts, 'V'), spec.volts),
      param('dielectric', spec.dielectric),
      param('tolerance', toleranceLabel, isTight ? null : toleranceLetters[spec.tolerance]),
    ],
    unitPriceE4: price,
    packSize: spec.size === '0201' || spec.size === '0402' || spec.size === '0603' || spec.size === '0805' || spec.size === '1206' ? 100 : 20,
    salesUnit: 'reel-passive',
    datasheetUrl: datasheetFor(spec.brand, spec.code.slice(0, 8)),
  };
}

const valuesByDielectric: Record<Dielectric, number[]> = {
  C0G: seriesValues(seriesE24, -12, -8),
  X7R: seriesValues(seriesE12, -10, -6),
  X5R: [...seriesValues(seriesE6, -9, -5), 1e-4],
};
const tolerancesByDielectric: Record<Dielectric, readonly ToleranceLetter[]> = { C0G: ['J', 'F', 'G', 'K'], X7R: ['K', 'M', 'J'], X5R: ['K', 'M'] };

/** The pF value code, 104 = 100nF; values below 10 pF as 1R0. */
export function capacitanceCode(farads: number): string {
  return threeDigitValue(Number((farads * 1e12).toPrecision(3)));
}

type MlccCode = (size: MlccSize, dielectric: Dielectric, volts: number, farads: number, tolerance: ToleranceLetter, packing: string) => string | null;

function mlccFamily(key: string, brand: BrandKey, dielectric: Dielectric, weight: number, packings: readonly string[], code: MlccCode): Family {
  const values = valuesByDielectric[dielectric];
  const tolerances = tolerancesByDielectric[dielectric];
  return defineFamily({
    key: `${key}-${dielectric.toLowerCase()}`,
    category: 'mlcc',
    brand,
    weight,
    axes: [mlccSizes, mlccVoltages, values, tolerances, packings],
    build: ([s = 0, v = 0, c = 0, t = 0, p = 0]) => {
      const size = at(mlccSizes, s);
      const volts = at(mlccVoltages, v);
      const farads = at(values, c);
      if (!isMlccMade(dielectric, size, volts, farads)) return null;
      const tolerance = farads < 1e-11 && dielectric === 'C0G' ? 'C' : at(tolerances, t);
      if (tolerance === 'C' && t > 0) return null;
      const partCode = code(size, dielectric, volts, farads, tolerance, at(packings, p));
      return partCode === null ? null : mlcc({ brand, code: partCode, size, dielectric, volts, farads, tolerance });
    },
  });
}

const murataSize: Record<MlccSize, string> = {
  '0201': '033',
  '0402': '155',
  '0603': '188',
  '0805': '21B',
  '1206': '31M',
  '1210': '32E',
  '1808': '42Q',
  '1812': '43Q',
  '2220': '55N',
};
const murataDielectric: Record<Dielectric, string> = { C0G: '5C', X7R: 'R7', X5R: 'R6' };
/** Murata/TDK voltage codes: 1H = 50 V. */
export const jisVoltage: Record<number, string> = {
  6.3: '0J',
  10: '1A',
  16: '1C',
  25: '1E',
  50: '1H',
  100: '2A',
  200: '2D',
  250: '2E',
  500: '2H',
  630: '2J',
  1000: '3A',
};

/** GRM188R71H104KA93D: series, size + thickness, dielectric, voltage, value, tolerance, spec, packing. */
export function murataGrmCode(
  size: MlccSize,
  dielectric: Dielectric,
  volts: number,
  farads: number,
  tolerance: ToleranceLetter,
  spec = 'A01D',
  series = 'GRM',
): string {
  return `${series}${murataSize[size]}${murataDielectric[dielectric]}${codeOf(jisVoltage, volts)}${capacitanceCode(farads)}${tolerance}${spec}`;
}

const samsungSize: Record<MlccSize, string> = {
  '0201': '03',
  '0402': '05',
  '0603': '10',
  '0805': '21',
  '1206': '31',
  '1210': '32',
  '1808': '42',
  '1812': '43',
  '2220': '55',
};
const samsungThickness: Record<MlccSize, string> = {
  '0201': '3',
  '0402': '5',
  '0603': '8',
  '0805': 'F',
  '1206': 'H',
  '1210': 'J',
  '1808': 'J',
  '1812': 'J',
  '2220': 'N',
};
const samsungDielectric: Record<Dielectric, string> = { C0G: 'C', X7R: 'B', X5R: 'A' };
const samsungVoltage: Record<number, string> = { 6.3: 'Q', 10: 'P', 16: 'O', 25: 'A', 50: 'B', 100: 'C', 200: 'D', 250: 'E', 500: 'G', 630: 'H', 1000: 'I' };

/** CL10B104KB8NNNC: size, dielectric, value, tolerance, voltage, thickness, NNN, packing. */
export function samsungClCode(size: MlccSize, dielectric: Dielectric, volts: number, farads: number, tolerance: ToleranceLetter, packing = 'C'): string {
  return `CL${samsungSize[size]}${samsungDielectric[dielectric]}${capacitanceCode(farads)}${tolerance}${codeOf(samsungVoltage, volts)}${samsungThickness[size]}NNN${packing}`;
}

const yageoVoltage: Record<number, string> = { 6.3: '5', 10: '6', 16: '7', 25: '8', 50: '9', 100: '0', 200: 'A', 250: 'Y', 500: 'B', 630: 'C', 1000: 'D' };
const yageoDielectric: Record<Dielectric, string> = { C0G: 'NPO', X7R: 'X7R', X5R: 'X5R' };
const fhDielectric: Record<Dielectric, string> = { C0G: 'CG', X7R: 'B', X5R: 'X5R' };
const fhVoltage: Record<number, string> = {
  6.3: '6R3',
  10: '100',
  16: '160',
  25: '250',
  50: '500',
  100: '101',
  200: '201',
  250: '251',
  500: '501',
  630: '631',
  1000: '102',
};
const tdkSize: Record<MlccSize, [string, string]> = {
  '0201': ['0603', '030'],
  '0402': ['1005', '050'],
  '0603': ['1608', '080'],
  '0805': ['2012', '125'],
  '1206': ['3216', '160'],
  '1210': ['3225', '250'],
  '1808': ['4520', '200'],
  '1812': ['4532', '250'],
  '2220': ['5750', '250'],
};
const kemetVoltage: Record<number, string> = { 6.3: '9', 10: '8', 16: '4', 25: '3', 50: '5', 100: '1', 200: '2', 250: 'A', 500: 'C', 630: 'B', 1000: 'D' };
const kemetDielectric: Record<Dielectric, string> = { C0G: 'G', X7R: 'R', X5R: 'P' };

const dielectrics: readonly Dielectric[] = ['C0G', 'X7R', 'X5R'];

function acrossDielectrics(key: string, brand: BrandKey, weight: number, packings: readonly string[], code: MlccCode): Family[] {
  return dielectrics.map((dielectric) => mlccFamily(key, brand, dielectric, dielectric === 'X7R' ? weight * 1.4 : weight, packings, code));
}

export const mlccFamilies: Family[] = [
  ...acrossDielectrics('murata-grm', 'murata', 8, ['A01D', 'A93D', 'A12D'], (s, d, v, f, t, p) => murataGrmCode(s, d, v, f, t, p)),
  ...acrossDielectrics('samsung-cl', 'samsung', 8, ['C', 'E'], (s, d, v, f, t, p) => samsungClCode(s, d, v, f, t, p)),
  ...acrossDielectrics(
    'yageo-cc',
    'yageo',
    6,
    ['BB', 'AB'],
    (s, d, v, f, t, p) => `CC${s}${t}R${yageoDielectric[d]}${codeOf(yageoVoltage, v)}${p}${capacitanceCode(f)}`,
  ),
  ...acrossDielectrics(
    'fh-mlcc',
    'fenghua',
    6,
    ['NT', 'ST'],
    (s, d, v, f, t, p) => `${s}${fhDielectric[d]}${capacitanceCode(f)}${t}${codeOf(fhVoltage, v)}${p}`,
  ),
  ...acrossDielectrics(
    'tdk-c',
    'tdk',
    4,
    ['AA', 'AB'],
    (s, d, v, f, t, p) => `C${tdkSize[s][0]}${d}${codeOf(jisVoltage, v)}${capacitanceCode(f)}${t}${tdkSize[s][1]}${p}`,
  ),
  ...acrossDielectrics(
    'kemet-c',
    'kemet',
    3,
    ['ACTU', 'ACAUTO'],
    (s, d, v, f, t, p) => `C${s}C${capacitanceCode(f)}${t}${codeOf(kemetVoltage, v)}${kemetDielectric[d]}${p}`,
  ),
  ...acrossDielectrics('cctc-tcc', 'chinocera', 3, ['CT', 'NT'], (s, d, v, f, t, p) => `TCC${s}${d}${capacitanceCode(f)}${t}${codeOf(fhVoltage, v)}${p}`),
  ...acrossDielectrics('murata-gcm', 'murata', 4, ['A55D', 'A37D'], (s, d, v, f, t, p) => murataGrmCode(s, d, v, f, t, p, 'GCM')),
  ...acrossDielectrics(
    'tdk-cga',
    'tdk',
    3,
    ['AC', 'AE'],
    (s, d, v, f, t, p) =>
      `CGA${tdkSize[s][0].slice(0, 1)}${tdkSize[s][0].slice(2, 3)}${d}${codeOf(jisVoltage, v)}${capacitanceCode(f)}${t}${tdkSize[s][1]}${p}`,
  ),
  ...acrossDielectrics(
    'yageo-ac',
    'yageo',
    3,
    ['BB', 'AB'],
    (s, d, v, f, t, p) => `AC${s}${t}R${yageoDielectric[d]}${codeOf(yageoVoltage, v)}${p}${capacitanceCode(f)}`,
  ),
];
