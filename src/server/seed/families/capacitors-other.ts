import type { BrandKey } from '../brands.data.ts';
import { datasheetFor } from '../brands.data.ts';
import type { CategoryKey } from '../category-tree.data.ts';
import { threeDigitValue, codeOf } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ParamDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';
import { jisVoltage } from './capacitors-mlcc.ts';

const electrolyticValues = [1e-6, 2.2e-6, 3.3e-6, 4.7e-6, 1e-5, 2.2e-5, 3.3e-5, 4.7e-5, 1e-4, 2.2e-4, 3.3e-4, 4.7e-4, 1e-3, 2.2e-3, 3.3e-3, 4.7e-3] as const;
const electrolyticVolts = [6.3, 10, 16, 25, 35, 50, 63, 100] as const;
const electrolyticVoltCode: Record<number, string> = { ...jisVoltage, 35: '1V', 63: '1J' };

/** Can diameter (mm) that holds C·V: a rough version of a maker's case table. */
function canDiameter(farads: number, volts: number): number | null {
  const charge = farads * volts * 1e6;
  const diameters = [4, 5, 6.3, 8, 10, 12.5, 16, 18];
  const index = diameters.findIndex((_, i) => charge <= 20 * 2.6 ** i);
  return index < 0 ? null : (diameters[index] ?? null);
}

interface PassiveFields {
  code: string;
  brand: BrandKey;
  category: CategoryKey;
  pkg: string;
  description: string;
  params: ParamDraft[];
  priceE4: number;
  packSize: number;
}

function passive(fields: PassiveFields) {
  return {
    code: fields.code,
    brand: fields.brand,
    category: fields.category,
    package: fields.pkg,
    description: fields.description,
    params: [param('package', fields.pkg), ...fields.params],
    unitPriceE4: fields.priceE4,
    packSize: fields.packSize,
    salesUnit: fields.packSize >= 50 ? ('reel-passive' as const) : ('piece' as const),
    datasheetUrl: datasheetFor(fields.brand, fields.code.slice(0, 6)),
  };
}

function electrolyticFamily(
  key: string,
  brand: BrandKey,
  weight: number,
  series: readonly (readonly [string, 'SMD' | '插件', number])[],
  code: (series: string, volts: number, farads: number) => string,
): Family {
  return defineFamily({
    key,
    category: 'aluminumElectrolytic',
    brand,
    weight,
    axes: [series, electrolyticVolts, electrolyticValues],
    build: ([s = 0, v = 0, c = 0]) => {
      const [name, mount, hours] = at(series, s);
      const volts = at(electrolyticVolts, v);
      const farads = at(electrolyticValues, c);
      const diameter = canDiameter(farads, volts);
      if (diameter === null || (mount === 'SMD' && diameter > 10)) return null;
      const height = diameter <= 6.3 ? (mount === 'SMD' ? 5.4 : 11) : diameter <= 10 ? 12.5 : 25;
      const pkg = `${mount},D${diameter}xL${height}mm`;
      const value = formatSi(farads, 'F');
      return passive({
        code: code(name, volts, farads),
        brand,
        category: 'aluminumElectrolytic',
        pkg,
        description: `${value} ±20% ${volts}V ${hours}h@105℃ ${name}系列铝电解电容 ${pkg}`,
        params: [
          param('capacitance', value, farads),
          param('ratedVoltage', `${volts}V`, volts),
          param('tolerance', '±20%', 20),
          param('operatingTemperature', '-55℃~+105℃'),
        ],
        priceE4: 250 + diameter * diameter * 12,
        packSize: diameter <= 8 ? 10 : 5,
      });
    },
  });
}

const tantalumCases = [
  ['A', '3216-18'],
  ['B', '3528-21'],
  ['C', '6032-28'],
  ['D', '7343-31'],
] as const;
const tantalumValues = [1e-6, 2.2e-6, 4.7e-6, 1e-5, 2.2e-5, 4.7e-5, 1e-4, 2.2e-4] as const;
const tantalumVolts = [6.3, 10, 16, 20, 25, 35, 50] as const;

const kemetTantalum = defineFamily({
  key: 'kemet-t491',
  category: 'tantalum',
  brand: 'kemet',
  weight: 2,
  axes: [tantalumCases, tantalumVolts, tantalumValues, ['K', 'M']],
  build: ([k = 0, v = 0, c = 0, t = 0]) => {
    const [caseCode, pkg] = at(tantalumCases, k);
    const volts = at(tantalumVolts, v);
    const farads = at(tantalumValues, c);
    if (farads * volts > at([2e-4, 5e-4, 1.2e-3, 3e-3], k)) return null;
    const tolerance = t === 0 ? 'K' : 'M';
    const value = formatSi(farads, 'F');
    const code = `T491${caseCode}${threeDigitValue(Number((farads * 1e12).toPrecision(3)))}${tolerance}${String(Math.round(volts)).padStart(3, '0')}AT`;
    return passive({
      code,
      brand: 'kemet',
      category: 'tantalum',
      pkg: `CASE-${caseCode}-${pkg}`,
      description: `${value} ${tolerance === 'K' ? '±10%' : '±20%'} ${volts}V 钽电容 CASE-${caseCode}`,
      params: [
        param('capacitance', value, farads),
        param('ratedVoltage', `${volts}V`, volts),
        param('tolerance', tolerance === 'K' ? '±10%' : '±20%', tolerance === 'K' ? 10 : 20),
      ],
      priceE4: 900 + k * 900 + v * 120,
      packSize: 10,
    });
  },
});

const filmValues = [1e-9, 2.2e-9, 4.7e-9, 1e-8, 2.2e-8, 4.7e-8, 1e-7, 2.2e-7, 4.7e-7, 1e-6, 2.2e-6] as const;
const filmVolts = [
  ['1', 100],
  ['2', 250],
  ['4', 400],
  ['6', 630],
] as const;

const panasonicFilm = defineFamily({
  key: 'panasonic-ecq',
  category: 'filmCapacitor',
  brand: 'panasonic',
  weight: 1.5,
  axes: [filmVolts, filmValues, ['J', 'K'], ['F', 'B']],
  build: ([v = 0, c = 0, t = 0, p = 0]) => {
    const [voltCode, volts] = at(filmVolts, v);
    const farads = at(filmValues, c);
    const tolerance = t === 0 ? 'J' : 'K';
    const value = formatSi(farads, 'F');
    const pitch = farads >= 4.7e-7 ? 15 : farads >= 4.7e-8 ? 10 : 7.5;
    return passive({
      code: `ECQ-E${voltCode}${threeDigitValue(Number((farads * 1e12).toPrecision(3)))}${tolerance}${p === 0 ? 'F' : 'B'}`,
      brand: 'panasonic',
      category: 'filmCapacitor',
      pkg: `插件,P=${pitch}mm`,
      description: `${value} ${tolerance === 'J' ? '±5%' : '±10%'} ${volts}V 金属化聚酯薄膜电容 P=${pitch}mm`,
      params: [
        param('capacitance', value, farads),
        param('ratedVoltage', `${volts}V`, volts),
        param('tolerance', tolerance === 'J' ? '±5%' : '±10%', tolerance === 'J' ? 5 : 10),
        param('dielectric', '聚酯(PET)'),
      ],
      priceE4: 1500 + v * 500 + c * 200,
      packSize: 10,
    });
  },
});

const supercapValues = [0.1, 0.22, 0.33, 0.47, 1, 1.5, 4.7, 10] as const;
const panasonicSupercap = defineFamily({
  key: 'panasonic-eec',
  category: 'supercap',
  brand: 'panasonic',
  weight: 0.6,
  axes: [['F5R5', 'S0E', 'RG0'], supercapValues, ['H', 'U', 'V']],
  build: ([s = 0, c = 0, st = 0]) => {
    const prefix = at(['F5R5', 'S0E', 'RG0'], s);
    const farads = at(supercapValues, c);
    const volts = prefix === 'F5R5' ? 5.5 : prefix === 'S0E' ? 2.5 : 2.7;
    const style = at(['H', 'U', 'V'], st);
    const value = `${farads}F`;
    const pkg = style === 'V' ? '插件,立式' : style === 'H' ? '插件,卧式' : '插件,D11.5mm';
    return passive({
      code: `EEC${prefix}${style}${threeDigitValue(farads * 1e6)}`,
      brand: 'panasonic',
      category: 'supercap',
      pkg,
      description: `${value} ${volts}V 超级电容(法拉电容) ${pkg}`,
      params: [param('capacitance', value, farads), param('ratedVoltage', `${volts}V`, volts)],
      priceE4: 25000 + farads * 6000,
      packSize: 1,
    });
  },
});

export const otherCapacitorFamilies: Family[] = [
  electrolyticFamily(
    'panasonic-eee',
    'panasonic',
    3,
    [
      ['FK', 'SMD', 2000],
      ['FT', 'SMD', 3000],
      ['FC', '插件', 2000],
      ['FR', '插件', 5000],
    ],
    (series, volts, farads) =>
      series === 'FC' || series === 'FR'
        ? `EEU-${series}${codeOf(electrolyticVoltCode, volts)}${threeDigitValue(Math.round(farads * 1e7) / 10)}`
        : `EEE-${series}${codeOf(electrolyticVoltCode, volts)}${threeDigitValue(Math.round(farads * 1e7) / 10)}P`,
  ),
  kemetTantalum,
  panasonicFilm,
  panasonicSupercap,
];
