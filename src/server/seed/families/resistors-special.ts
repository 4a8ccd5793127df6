import type { BrandKey } from '../brands.data.ts';
import { datasheetFor } from '../brands.data.ts';
import { threeDigitValue, toleranceLetters, toleranceText, type ToleranceLetter } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi, seriesE6, seriesValues } from '../si-format.ts';

const ntcSizes = [
  ['0402', '15'],
  ['0603', '18'],
  ['0805', '21'],
] as const;
const ntcBetas = [
  ['XH', 3380],
  ['XV', 3950],
  ['XW', 4250],
  ['WB', 3435],
] as const;
const ntcValues = seriesValues(seriesE6, 3, 5);

function ntcFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  code: (sizeCode: string, betaCode: string, value: string, tolerance: ToleranceLetter) => string,
): Family {
  return defineFamily({
    key,
    category: 'ntcThermistor',
    brand,
    weight,
    axes: [ntcSizes, ntcBetas, ntcValues, ['F', 'J']],
    build: ([s = 0, b = 0, v = 0, t = 0]) => {
      const [size, sizeCode] = at(ntcSizes, s);
      const [betaCode, beta] = at(ntcBetas, b);
      const ohms = at(ntcValues, v);
      const tolerance: ToleranceLetter = t === 0 ? 'F' : 'J';
      const partCode = code(sizeCode, betaCode, threeDigitValue(ohms), tolerance);
      const value = formatSi(ohms, 'Ω');
      return {
        code: partCode,
        brand,
        category: 'ntcThermistor',
        package: size,
        description: `NTC热敏电阻 R25=${value} ${toleranceText(tolerance)} B值${beta}K ${size}`,
        params: [
          param('package', size),
          param('resistance', value, ohms),
          param('tolerance', toleranceText(tolerance), toleranceLetters[tolerance]),
          param('bValue', `${beta}K`),
        ],
        unitPriceE4: tolerance === 'F' ? 900 : 600,
        packSize: 50,
        salesUnit: 'reel-passive',
        datasheetUrl: datasheetFor(brand, partCode.slice(0, 5)),
      };
    },
  });
}

const varistorDiscs = ['05', '07', '10', '14', '20'] as const;
const varistorVolts = [
  11, 14, 17, 20, 25, 30, 35, 40, 50, 60, 75, 95, 115, 130, 140, 150, 175, 230, 250, 275, 300, 320, 385, 420, 460, 510, 550, 625, 680,
] as const;

function varistorFamily(key: string, brand: BrandKey, weight: number, code: (disc: string, volts: number) => string): Family {
  return defineFamily({
    key,
    category: 'varistor',
    brand,
    weight,
    axes: [varistorDiscs, varistorVolts],
    build: ([d = 0, v = 0]) => {
      const disc = at(varistorDiscs, d);
      const volts = at(varistorVolts, v);
      const clamp = Math.round(volts * 2.6);
      const partCode = code(disc, volts);
      const pkg = `插件,D${Number(disc)}mm`;
      return {
        code: partCode,
        brand,
        category: 'varistor',
        package: pkg,
        description: `压敏电阻 ${volts}V(AC) 钳位电压${clamp}V 圆片直径${Number(disc)}mm`,
        params: [param('package', pkg), param('ratedVoltage', `${volts}V`, volts), param('clampingVoltage', `${clamp}V`, clamp)],
        unitPriceE4: 1200 + Number(disc) * 150,
        packSize: 10,
        salesUnit: 'piece',
        datasheetUrl: datasheetFor(brand, partCode),
      };
    },
  });
}

const trimmerSeries = [
  ['3296W', '3296W-1-', '多圈卧式', '直插'],
  ['3296X', '3296X-1-', '多圈侧调', '直插'],
  ['3362P', '3362P-1-', '单圈立式', '直插'],
  ['3266W', '3266W-1-', '贴片多圈', '贴片'],
  ['3386P', '3386P-1-', '单圈卧式', '直插'],
  ['3214W', '3214W-1-', '贴片多圈', '贴片'],
] as const;
const trimmerValues = [50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6] as const;

export const bournsTrimmers: Family = defineFamily({
  key: 'bourns-trimmer',
  category: 'potentiometer',
  brand: 'bourns',
  weight: 1.5,
  axes: [trimmerSeries, trimmerValues, ['LF', 'RLF']],
  build: ([s = 0, v = 0, p = 0]) => {
    const [series, prefix, style, mounting] = at(trimmerSeries, s);
    const ohms = at(trimmerValues, v);
    const value = formatSi(ohms, 'Ω');
    const code = `${prefix}${threeDigitValue(ohms)}${p === 0 ? 'LF' : 'RLF'}`;
    return {
      code,
      brand: 'bourns',
      category: 'potentiometer',
      package: series,
      description: `${value} ±10% ${style}微调电位器 ${series}系列`,
      params: [param('package', series), param('resistance', value, ohms), param('tolerance', '±10%', 10), param('mounting', mounting)],
      unitPriceE4: series.startsWith('3296') ? 18000 : 6000,
      packSize: 1,
      salesUnit: 'piece',
      datasheetUrl: datasheetFor('bourns', series),
    } satisfies ProductDraft;
  },
});

export const specialResistorFamilies: Family[] = [
  ntcFamily('murata-ncp', 'murata', 1.5, (size, beta, value, tolerance) => `NCP${size}${beta}${value}${tolerance}03RB`),
  ntcFamily('tdk-ntcg', 'tdk', 1, (size, beta, value, tolerance) => `NTCG${size}${beta}${value}${tolerance}T1`),
  varistorFamily('tdk-varistor', 'tdk', 1, (disc, volts) => `S${disc}K${volts}`),
  varistorFamily('littelfuse-varistor', 'littelfuse', 1, (disc, volts) => `V${volts}LA${Number(disc) * 2}P`),
  bournsTrimmers,
];
