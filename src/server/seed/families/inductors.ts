import type { BrandKey } from '../brands.data.ts';
import { datasheetFor } from '../brands.data.ts';
import type { CategoryKey } from '../category-tree.data.ts';
import { threeDigitValue } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ParamDraft, type ProductDraft } from '../product-draft.ts';
import { formatSi, seriesE6, seriesE12, seriesValues } from '../si-format.ts';

function magnetic(
  brand: BrandKey,
  category: CategoryKey,
  code: string,
  pkg: string,
  description: string,
  params: ParamDraft[],
  priceE4: number,
  packSize: number,
): ProductDraft {
  return {
    code,
    brand,
    category,
    package: pkg,
    description,
    params: [param('package', pkg), ...params],
    unitPriceE4: priceE4,
    packSize,
    salesUnit: 'reel-passive',
    datasheetUrl: datasheetFor(brand, code.slice(0, 6)),
  };
}

const powerSizes = [
  ['3012', 1.1],
  ['4018', 2.2],
  ['4020', 2.4],
  ['5020', 3.2],
  ['5040', 4],
  ['6028', 4.5],
  ['6045', 5.5],
  ['8040', 7],
] as const;
/** 1 µH – 220 µH. */
const powerValues = seriesValues(seriesE6, -6, -4).filter((henry) => henry <= 2.2e-4);

function powerInductorFamily(key: string, brand: BrandKey, weight: number, code: (size: string, value: string, tolerance: string) => string): Family {
  return defineFamily({
    key,
    category: 'powerInductor',
    brand,
    weight,
    axes: [powerSizes, powerValues, ['M', 'N']],
    build: ([s = 0, v = 0, t = 0]) => {
      const [size, amps] = at(powerSizes, s);
      const henry = at(powerValues, v);
      const micro = Number((henry * 1e6).toPrecision(3));
      const current = Number((amps / Math.sqrt(micro / 1.5)).toPrecision(2));
      if (current < 0.12) return null;
      const dcr = Number(((0.012 * micro ** 0.9) / (Number(size.slice(0, 2)) / 30)).toPrecision(2));
      const tolerance = t === 0 ? 'M' : 'N';
      const value = formatSi(henry, 'H');
      const pkg = `SMD,${size.slice(0, 2)}x${size.slice(0, 2)}mm`.replace(/(\d)(\d)x(\d)(\d)/, '$1.$2x$3.$4');
      return magnetic(
        brand,
        'powerInductor',
        code(size, threeDigitValue(micro), tolerance),
        pkg,
        `${value} ${tolerance === 'M' ? '±20%' : '±30%'} ${formatSi(current, 'A')} 屏蔽绕线功率电感 ${size}`,
        [
          param('inductance', value, henry),
          param('ratedCurrent', formatSi(current, 'A'), current),
          param('dcResistance', formatSi(dcr, 'Ω'), dcr),
          param('tolerance', tolerance === 'M' ? '±20%' : '±30%', tolerance === 'M' ? 20 : 30),
        ],
        600 + s * 250,
        10,
      );
    },
  });
}

const chipInductorSizes = [
  ['0402', '15'],
  ['0603', '18'],
  ['0805', '21'],
] as const;
/** 1 nH – 820 nH multilayer. */
const chipInductorValues = seriesValues(seriesE12, -9, -7);

function chipInductorFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  code: (sizeCode: string, size: string, value: string, tolerance: string) => string,
): Family {
  return defineFamily({
    key,
    category: 'chipInductor',
    brand,
    weight,
    axes: [chipInductorSizes, chipInductorValues, ['J', 'K', 'S']],
    build: ([s = 0, v = 0, t = 0]) => {
      const [size, sizeCode] = at(chipInductorSizes, s);
      const henry = at(chipInductorValues, v);
      const nano = Number((henry * 1e9).toPrecision(3));
      const tolerance = at(['J', 'K', 'S'], t);
      if (tolerance === 'S' && nano >= 10) return null;
      const valueCode = nano < 10 ? nano.toFixed(1).replace('.', 'N') : nano < 100 ? `${Math.round(nano)}N` : `R${Math.round(nano / 10)}`;
      const current = Number((0.9 / Math.sqrt(nano / 10) + 0.05 * (s + 1)).toPrecision(2));
      const dcr = Number((0.05 * Math.sqrt(nano)).toPrecision(2));
      const value = formatSi(henry, 'H');
      const toleranceLabel = tolerance === 'J' ? '±5%' : tolerance === 'K' ? '±10%' : '±0.3nH';
      return magnetic(
        brand,
        'chipInductor',
        code(sizeCode, size, valueCode, tolerance),
        size,
        `${value} ${toleranceLabel} ${formatSi(current, 'A')} 叠层贴片电感 ${size}`,
        [
          param('inductance', value, henry),
          param('ratedCurrent', formatSi(current, 'A'), current),
          param('dcResistance', formatSi(dcr, 'Ω'), dcr),
          param('tolerance', toleranceLabel, tolerance === 'J' ? 5 : tolerance === 'K' ? 10 : null),
        ],
        40 + s * 20,
        100,
      );
    },
  });
}

const beadImpedances = [10, 22, 30, 33, 47, 60, 80, 120, 150, 180, 220, 240, 300, 330, 470, 600, 1000, 1500, 1800, 2200] as const;
const beadSeries = [
  ['AG', 0.5],
  ['PG', 1.5],
  ['KG', 3],
  ['SG', 2],
] as const;

function beadFamily(key: string, brand: BrandKey, weight: number, code: (sizeCode: string, size: string, series: string, impedance: string) => string): Family {
  return defineFamily({
    key,
    category: 'ferriteBead',
    brand,
    weight,
    axes: [chipInductorSizes, beadSeries, beadImpedances],
    build: ([s = 0, r = 0, z = 0]) => {
      const [size, sizeCode] = at(chipInductorSizes, s);
      const [series, baseAmps] = at(beadSeries, r);
      const ohms = at(beadImpedances, z);
      const current = Number(((baseAmps * (s + 1) * 0.6) / Math.sqrt(ohms / 100)).toPrecision(2));
      if (current < 0.1) return null;
      const dcr = Number(((0.02 * Math.sqrt(ohms)) / baseAmps).toPrecision(2));
      return magnetic(
        brand,
        'ferriteBead',
        code(sizeCode, size, series, threeDigitValue(ohms)),
        size,
        `${ohms}Ω@100MHz ±25% ${formatSi(current, 'A')} 贴片磁珠 ${size}`,
        [param('impedance', `${ohms}Ω`, ohms), param('ratedCurrent', formatSi(current, 'A'), current), param('dcResistance', formatSi(dcr, 'Ω'), dcr)],
        30 + s * 15,
        100,
      );
    },
  });
}

const chokeSizes = ['2012', '3216', '4532'] as const;
const chokeImpedances = [67, 90, 120, 200, 260, 370, 600, 900, 2200] as const;

const tdkAcm = defineFamily({
  key: 'tdk-acm',
  category: 'commonModeChoke',
  brand: 'tdk',
  weight: 1,
  axes: [chokeSizes, chokeImpedances, ['2P', '3P'], ['T001', 'T002']],
  build: ([s = 0, z = 0, l = 0, p = 0]) => {
    const size = at(chokeSizes, s);
    const ohms = at(chokeImpedances, z);
    const lines = l === 0 ? 2 : 3;
    const current = Number((((s + 1) * 0.4) / Math.sqrt(ohms / 90)).toPrecision(2));
    return magnetic(
      'tdk',
      'commonModeChoke',
      `ACM${size}-${String(ohms).padStart(3, '0')}-${lines === 2 ? '2P' : '3P'}-${at(['T001', 'T002'], p)}`,
      `SMD,${size}`,
      `${ohms}Ω@100MHz ${formatSi(current, 'A')} ${lines}线共模电感 ${size}`,
      [param('impedance', `${ohms}Ω`, ohms), param('ratedCurrent', formatSi(current, 'A'), current), param('channels', `${lines}`)],
      1800 + s * 700,
      10,
    );
  },
});

export const inductorFamilies: Family[] = [
  powerInductorFamily('sunlord-swpa', 'sunlord', 3, (size, value, tolerance) => `SWPA${size}S${value}${tolerance}T`),
  powerInductorFamily('tdk-vls', 'tdk', 2, (size, value, tolerance) => `VLS${size}ET-${value}${tolerance}`),
  powerInductorFamily('murata-lqh', 'murata', 1.5, (size, value, tolerance) => `LQH${size.slice(0, 2)}PN${value}${tolerance}${size.slice(2)}L`),
  chipInductorFamily('murata-lqg', 'murata', 2, (sizeCode, _size, value, tolerance) => `LQG${sizeCode}HS${value}${tolerance}02D`),
  chipInductorFamily(
    'sunlord-sdcl',
    'sunlord',
    2,
    (_sizeCode, size, value, tolerance) => `SDCL${size === '0402' ? '1005' : size === '0603' ? '1608' : '2012'}C${value}${tolerance}TDF`,
  ),
  beadFamily('murata-blm', 'murata', 2, (sizeCode, _size, series, impedance) => `BLM${sizeCode}${series}${impedance}SN1D`),
  beadFamily(
    'sunlord-gz',
    'sunlord',
    2,
    (_sizeCode, size, series, impedance) =>
      `GZ${size === '0402' ? '1005' : size === '0603' ? '1608' : '2012'}${series === 'AG' ? 'D' : series === 'PG' ? 'U' : series === 'KG' ? 'Q' : 'H'}${impedance}TF`,
  ),
  tdkAcm,
];
