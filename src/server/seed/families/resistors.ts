import type { BrandKey } from '../brands.data.ts';
import { datasheetFor } from '../brands.data.ts';
import type { CategoryKey } from '../category-tree.data.ts';
import { fourCharDecimal, fourDigitCode, letterDecimal, threeDigitValue, toleranceLetters, toleranceText, type ToleranceLetter } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi, seriesE192, seriesE24, seriesE96, seriesValues } from '../si-format.ts';

export const chipSizes = ['0201', '0402', '0603', '0805', '1206', '1210', '2010', '2512'] as const;
export type ChipSize = (typeof chipSizes)[number];

/** Thick-film rated power by chip size. */
const chipPower: Record<ChipSize, number> = { '0201': 0.05, '0402': 0.0625, '0603': 0.1, '0805': 0.125, '1206': 0.25, '1210': 0.5, '2010': 0.75, '2512': 1 };
/** Price of one piece at the first tier, 0.0001 yuan. */
const chipPriceE4: Record<ChipSize, number> = { '0201': 30, '0402': 20, '0603': 25, '0805': 36, '1206': 52, '1210': 120, '2010': 190, '2512': 280 };

export interface ChipResistorSpec {
  brand: BrandKey;
  category: CategoryKey;
  code: string;
  size: ChipSize | `${ChipSize}x${number}`;
  ohms: number;
  tolerance: ToleranceLetter;
  power: number;
  tcrPpm: number;
  kind: string;
  priceE4: number;
  packSize?: number;
  extraParams?: ProductDraft['params'];
}

export function chipResistor(spec: ChipResistorSpec): ProductDraft {
  const value = formatSi(spec.ohms, 'Ω');
  const power = formatSi(spec.power, 'W');
  return {
    code: spec.code,
    brand: spec.brand,
    category: spec.category,
    package: spec.size,
    description: `${value} ${toleranceText(spec.tolerance)} ${power} ±${spec.tcrPpm}ppm/℃ ${spec.size} ${spec.kind}`,
    params: [
      param('package', spec.size),
      param('resistance', value, spec.ohms),
      param('tolerance', toleranceText(spec.tolerance), toleranceLetters[spec.tolerance]),
      ...(spec.category === 'resistorArray' ? [] : [param('power', power, spec.power)]),
      ...(spec.category === 'chipResistor' || spec.category === 'thinFilmResistor' ? [param('tempCoefficient', `±${spec.tcrPpm}ppm/℃`)] : []),
      ...(spec.extraParams ?? []),
    ],
    unitPriceE4: spec.priceE4,
    packSize: spec.packSize ?? 100,
    salesUnit: 'reel-passive',
    datasheetUrl: datasheetFor(spec.brand, spec.code.slice(0, 6)),
  };
}

/** 1% over E96 (1 Ω – 9.76 MΩ), 0.5% over E192 (10 Ω – 988 kΩ), 5% over E24 (1 Ω – 9.1 MΩ), and the 0 Ω jumper. */
const thickFilmGrades: readonly { tolerance: ToleranceLetter; ohms: number }[] = [
  ...seriesValues(seriesE96, 0, 6).map((ohms) => ({ tolerance: 'F' as const, ohms })),
  ...seriesValues(seriesE192, 1, 5).map((ohms) => ({ tolerance: 'D' as const, ohms })),
  ...seriesValues(seriesE24, 0, 6).map((ohms) => ({ tolerance: 'J' as const, ohms })),
  { tolerance: 'J', ohms: 0 },
];
const thickFilmTcr: Record<string, number> = { D: 50, F: 100, J: 200 };

type ThickFilmCode = (size: ChipSize, grade: { tolerance: ToleranceLetter; ohms: number }, packing: string) => string | null;

function thickFilmFamily(key: string, brand: BrandKey, weight: number, sizes: readonly ChipSize[], packings: readonly string[], code: ThickFilmCode): Family {
  return defineFamily({
    key,
    category: 'chipResistor',
    brand,
    weight,
    axes: [sizes, thickFilmGrades, packings],
    build: ([s = 0, g = 0, p = 0]) => {
      const size = at(sizes, s);
      const grade = at(thickFilmGrades, g);
      const partCode = code(size, grade, at(packings, p));
      if (partCode === null) return null;
      return chipResistor({
        brand,
        category: 'chipResistor',
        code: partCode,
        size,
        ohms: grade.ohms,
        tolerance: grade.tolerance,
        power: chipPower[size],
        tcrPpm: thickFilmTcr[grade.tolerance] ?? 200,
        kind: '厚膜贴片电阻',
        priceE4: chipPriceE4[size] * (grade.tolerance === 'J' ? 0.8 : grade.tolerance === 'D' ? 1.6 : 1),
      });
    },
  });
}

/** RC0603FR-0710KL: size, tolerance, paper tape, reel inches, value, lead-free. */
export function yageoRcCode(size: ChipSize, tolerance: ToleranceLetter, ohms: number, reel = '07'): string {
  return `RC${size}${tolerance}R-${reel}${letterDecimal(ohms)}L`;
}

/** 0603WAF1002T5E: size, power class, tolerance, value code, packing. */
export function uniRoyalCode(size: ChipSize, tolerance: ToleranceLetter, ohms: number, packing = 'T5E'): string {
  const value = tolerance === 'J' ? `0${threeDigitValue(ohms)}` : fourDigitCode(ohms);
  return `${size}WA${tolerance}${value}${packing}`;
}

const samsungSizeCodes: Record<ChipSize, string> = {
  '0201': '0603',
  '0402': '1005',
  '0603': '1608',
  '0805': '2012',
  '1206': '3216',
  '1210': '3225',
  '2010': '5025',
  '2512': '6432',
};
const fhSizeCodes: Record<ChipSize, string> = {
  '0201': '01',
  '0402': '02',
  '0603': '03',
  '0805': '05',
  '1206': '06',
  '1210': '10',
  '2010': '20',
  '2512': '25',
};
const panasonicSizeCodes: Partial<Record<ChipSize, string>> = { '0402': '2', '0603': '3', '0805': '6', '1206': '8', '1210': '14', '2010': '12', '2512': '1T' };
const rohmSizeCodes: Partial<Record<ChipSize, string>> = { '0402': '01', '0603': '03', '0805': '10', '1206': '18', '1210': '25', '2010': '50', '2512': '100' };

export const chipResistorFamilies: Family[] = [
  thickFilmFamily('yageo-rc', 'yageo', 30, chipSizes, ['07', '10', '13'], (size, { tolerance, ohms }, reel) => yageoRcCode(size, tolerance, ohms, reel)),
  thickFilmFamily('uniroyal-wa', 'uniroyal', 26, chipSizes, ['T5E', 'TCE'], (size, { tolerance, ohms }, packing) =>
    uniRoyalCode(size, tolerance, ohms, packing),
  ),
  thickFilmFamily('fh-rs', 'fenghua', 20, chipSizes, ['T', 'TR'], (size, { tolerance, ohms }, packing) => {
    const value = tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms);
    return `RS-${fhSizeCodes[size]}K${value}${tolerance}${packing}`;
  }),
  thickFilmFamily(
    'vishay-crcw',
    'vishay',
    10,
    chipSizes,
    ['KEA', 'KEB'],
    (size, { tolerance, ohms }, packing) => `CRCW${size}${fourCharDecimal(ohms)}${tolerance}${packing}`,
  ),
  thickFilmFamily('panasonic-erj', 'panasonic', 10, chipSizes, ['V', 'X'], (size, { tolerance, ohms }, packing) => {
    const sizeCode = panasonicSizeCodes[size];
    if (!sizeCode) return null;
    return tolerance === 'J' ? `ERJ-${sizeCode}GEYJ${threeDigitValue(ohms)}${packing}` : `ERJ-${sizeCode}EK${tolerance}${fourDigitCode(ohms)}${packing}`;
  }),
  thickFilmFamily('rohm-mcr', 'rohm', 8, chipSizes, ['X', 'Z'], (size, { tolerance, ohms }, packing) => {
    const sizeCode = rohmSizeCodes[size];
    if (!sizeCode) return null;
    return `MCR${sizeCode}EZP${tolerance}${packing}${tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms)}`;
  }),
  thickFilmFamily(
    'yageo-ac',
    'yageo',
    12,
    chipSizes,
    ['07', '10', '13'],
    (size, { tolerance, ohms }, reel) => `AC${size}${tolerance}R-${reel}${letterDecimal(ohms)}L`,
  ),
  thickFilmFamily(
    'samsung-rc',
    'samsung',
    10,
    chipSizes,
    ['CS', 'NS'],
    (size, { tolerance, ohms }, packing) =>
      `RC${samsungSizeCodes[size]}${tolerance}${tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms)}${packing}`,
  ),
  thickFilmFamily(
    'bourns-cr',
    'bourns',
    6,
    chipSizes,
    ['ELF', 'EAS'],
    (size, { tolerance, ohms }, packing) => `CR${size}-${tolerance}X-${tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms)}${packing}`,
  ),
  thickFilmFamily(
    'te-crg',
    'te',
    6,
    chipSizes,
    ['', 'T'],
    (size, { tolerance, ohms }, packing) => `CRG${size}${tolerance}${letterDecimal(ohms).replace(/R$/, 'R0')}${packing}`,
  ),
  thickFilmFamily('rohm-esr', 'rohm', 5, chipSizes, ['EZP', 'EZH'], (size, { tolerance, ohms }, series) => {
    const sizeCode = rohmSizeCodes[size];
    if (!sizeCode || ohms === 0) return null;
    return `ESR${sizeCode}${series}${tolerance}${tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms)}`;
  }),
  thickFilmFamily('panasonic-erjp', 'panasonic', 5, chipSizes, ['V', 'X'], (size, { tolerance, ohms }, packing) => {
    const sizeCode = panasonicSizeCodes[size];
    if (!sizeCode || ohms === 0) return null;
    return `ERJ-P${sizeCode}${tolerance}${tolerance === 'J' ? threeDigitValue(ohms) : fourDigitCode(ohms)}${packing}`;
  }),
];

const thinFilmSizes = ['0201', '0402', '0603', '0805', '1206', '1210'] as const;
const thinFilmValues = seriesValues(seriesE192, 1, 5);
const thinFilmTolerances = ['A', 'B', 'C', 'D'] as const;
const thinFilmTcr = [
  ['E', 25],
  ['D', 50],
  ['C', 15],
] as const;

function thinFilmFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  code: (size: ChipSize, tolerance: ToleranceLetter, tcr: string, ohms: number) => string,
): Family {
  return defineFamily({
    key,
    category: 'thinFilmResistor',
    brand,
    weight,
    axes: [thinFilmSizes, thinFilmTolerances, thinFilmTcr, thinFilmValues],
    build: ([s = 0, t = 0, c = 0, v = 0]) => {
      const size = at(thinFilmSizes, s);
      const tolerance = at(thinFilmTolerances, t);
      const [tcrLetter, tcrPpm] = at(thinFilmTcr, c);
      const ohms = at(thinFilmValues, v);
      return chipResistor({
        brand,
        category: 'thinFilmResistor',
        code: code(size, tolerance, tcrLetter, ohms),
        size,
        ohms,
        tolerance,
        power: chipPower[size] * 0.625,
        tcrPpm,
        kind: '薄膜精密贴片电阻',
        priceE4: chipPriceE4[size] * (tolerance === 'A' ? 22 : tolerance === 'B' ? 14 : 8) * (tcrPpm < 25 ? 1.6 : 1),
        packSize: 10,
      });
    },
  });
}

const currentSenseSizes = ['0603', '0805', '1206', '2010', '2512'] as const;
const currentSenseValues = seriesValues(seriesE24, -3, -1);

function currentSenseFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  code: (size: ChipSize, ohms: number, packing: string) => string,
  packings: readonly string[],
): Family {
  return defineFamily({
    key,
    category: 'currentSenseResistor',
    brand,
    weight,
    axes: [currentSenseSizes, currentSenseValues, ['F', 'J'], packings],
    build: ([s = 0, v = 0, t = 0, p = 0]) => {
      const size = at(currentSenseSizes, s);
      const ohms = at(currentSenseValues, v);
      const tolerance = t === 0 ? 'F' : 'J';
      return chipResistor({
        brand,
        category: 'currentSenseResistor',
        code: code(size, ohms, at(packings, p)).replace('{T}', tolerance),
        size,
        ohms,
        tolerance,
        power: chipPower[size] * 2,
        tcrPpm: 75,
        kind: '合金电流检测电阻',
        priceE4: chipPriceE4[size] * 9,
        packSize: size === '2512' || size === '2010' ? 20 : 50,
      });
    },
  });
}

const arraySizes = [
  ['0402', 'YC124', '4D02', 4],
  ['0603', 'YC164', '4D03', 4],
  ['0402', 'YC122', '2D02', 2],
  ['0603', 'YC162', '2D03', 2],
] as const;
const arrayValues = seriesValues(seriesE24, 1, 5);

function resistorArrayFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  code: (series: (typeof arraySizes)[number], tolerance: ToleranceLetter, ohms: number) => string,
): Family {
  return defineFamily({
    key,
    category: 'resistorArray',
    brand,
    weight,
    axes: [arraySizes, ['J', 'F'], arrayValues],
    build: ([s = 0, t = 0, v = 0]) => {
      const series = at(arraySizes, s);
      const tolerance = t === 0 ? 'J' : 'F';
      const ohms = at(arrayValues, v);
      const elements = series[3];
      return chipResistor({
        brand,
        category: 'resistorArray',
        code: code(series, tolerance, ohms),
        size: `${series[0]}x${elements}`,
        ohms,
        tolerance,
        power: chipPower[series[0]],
        tcrPpm: 200,
        kind: '贴片排阻',
        priceE4: chipPriceE4[series[0]] * elements * 2,
        extraParams: [param('channels', `${elements}`)],
      });
    },
  });
}

const axialPowers = [
  [0.25, '25', 'W4', 'AXIAL-0.4'],
  [0.5, '50', 'W2', 'AXIAL-0.5'],
  [1, '100', '1W', 'AXIAL-0.6'],
] as const;
const axialValues = seriesValues(seriesE96, 0, 5);

function axialFamily(key: string, brand: BrandKey, weight: number, code: (power: (typeof axialPowers)[number], ohms: number) => string): Family {
  return defineFamily({
    key,
    category: 'throughHoleResistor',
    brand,
    weight,
    axes: [axialPowers, axialValues],
    build: ([p = 0, v = 0]) => {
      const power = at(axialPowers, p);
      const ohms = at(axialValues, v);
      const value = formatSi(ohms, 'Ω');
      const partCode = code(power, ohms);
      return {
        code: partCode,
        brand,
        category: 'throughHoleResistor',
        package: power[3],
        description: `${value} ±1% ${formatSi(power[0], 'W')} 金属膜直插电阻 ${power[3]}`,
        params: [
          param('package', power[3]),
          param('resistance', value, ohms),
          param('tolerance', '±1%', 1),
          param('power', formatSi(power[0], 'W'), power[0]),
          param('resistorType', '金属膜电阻'),
        ],
        unitPriceE4: 90 * (p + 1),
        packSize: 20,
        salesUnit: 'reel-passive',
        datasheetUrl: datasheetFor(brand, partCode.slice(0, 5)),
      };
    },
  });
}

export const otherResistorFamilies: Family[] = [
  thinFilmFamily('yageo-rt', 'yageo', 8, (size, tolerance, tcr, ohms) => `RT${size}${tolerance}R${tcr}07${letterDecimal(ohms)}L`),
  thinFilmFamily('vishay-tnpw', 'vishay', 5, (size, tolerance, tcr, ohms) => `TNPW${size}${fourCharDecimal(ohms)}${tolerance}${tcr}EA`),
  thinFilmFamily(
    'panasonic-era',
    'panasonic',
    5,
    (size, tolerance, tcr, ohms) => `ERA-${panasonicSizeCodes[size] ?? '1'}A${tcr}${tolerance}${fourDigitCode(ohms)}V`,
  ),
  thinFilmFamily('uniroyal-tc', 'uniroyal', 5, (size, tolerance, tcr, ohms) => `TC${size}${tolerance}${tcr}${fourDigitCode(ohms)}T5E`),
  currentSenseFamily('yageo-rl', 'yageo', 3, (size, ohms, reel) => `RL${size}{T}R-${reel}${letterDecimal(ohms)}L`, ['07', '13']),
  currentSenseFamily('vishay-wsl', 'vishay', 2, (size, ohms, packing) => `WSL${size}R${ohms.toFixed(4).slice(2)}{T}${packing}`, ['EA', 'EB']),
  currentSenseFamily('uniroyal-lr', 'uniroyal', 2, (size, ohms, packing) => `LR${size}-R${ohms.toFixed(4).slice(2)}{T}${packing}`, ['W', 'T5']),
  resistorArrayFamily('yageo-yc', 'yageo', 3, (series, tolerance, ohms) => `${series[1]}-${tolerance}R-07${letterDecimal(ohms)}L`),
  resistorArrayFamily(
    'uniroyal-array',
    'uniroyal',
    3,
    (series, tolerance, ohms) => `${series[2]}WG${tolerance}${tolerance === 'J' ? `0${threeDigitValue(ohms)}` : fourDigitCode(ohms)}T5E`,
  ),
  axialFamily('yageo-mfr', 'yageo', 3, (power, ohms) => `MFR-${power[1]}FBF52-${letterDecimal(ohms)}`),
  axialFamily('uniroyal-mfr', 'uniroyal', 3, (power, ohms) => `MFR0${power[2]}F${fourDigitCode(ohms)}A50`),
];
