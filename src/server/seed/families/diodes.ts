import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { voltLetter } from '../part-codes.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';

type DiodeKind = 'switchingDiode' | 'rectifier' | 'schottky';
const kindNames: Record<DiodeKind, string> = { switchingDiode: '开关二极管', rectifier: '整流二极管', schottky: '肖特基二极管' };

export interface DiodeSpec {
  code: string;
  brand: BrandKey;
  kind: DiodeKind;
  pkg: string;
  volts: number;
  amps: number;
  forwardVolts: number;
  priceE4: number;
}

export function diode(spec: DiodeSpec): ProductDraft {
  const amps = formatSi(spec.amps, 'A');
  return part({
    code: spec.code,
    brand: spec.brand,
    category: spec.kind,
    pkg: spec.pkg,
    description: `${kindNames[spec.kind]} ${spec.volts}V ${amps} Vf=${spec.forwardVolts}V ${spec.pkg}`,
    params: [
      param('reverseVoltage', `${spec.volts}V`, spec.volts),
      param('forwardCurrent', amps, spec.amps),
      param('forwardVoltage', `${spec.forwardVolts}V`, spec.forwardVolts),
    ],
    priceE4: spec.priceE4,
    packSize: spec.amps >= 3 ? 10 : 50,
  });
}

const switchingBases = [
  ['1N4148W', 'SOD-123', 100, 0.3, 1.25],
  ['1N4148WS', 'SOD-323', 100, 0.15, 1.25],
  ['1N4148WT', 'SOD-523', 75, 0.15, 1.25],
  ['BAV99', 'SOT-23', 75, 0.215, 1.25],
  ['BAS16', 'SOT-23', 100, 0.215, 1.25],
  ['BAW56', 'SOT-23', 75, 0.215, 1.25],
  ['BAV70', 'SOT-23', 75, 0.215, 1.25],
  ['BAS316', 'SOD-323', 100, 0.25, 1.25],
  ['BAV21W', 'SOD-123', 200, 0.2, 1.25],
  ['1N914BWS', 'SOD-323', 100, 0.15, 1],
] as const;

function switchingFamily(key: string, brand: BrandKey, weight: number, suffixes: readonly string[]): Family {
  return defineFamily({
    key,
    category: 'switchingDiode',
    brand,
    weight,
    axes: [switchingBases, suffixes],
    build: ([b = 0, s = 0]) => {
      const [base, pkg, volts, amps, vf] = at(switchingBases, b);
      return diode({ code: `${base}${at(suffixes, s)}`, brand, kind: 'switchingDiode', pkg, volts, amps, forwardVolts: vf, priceE4: 60 + b * 8 });
    },
  });
}

const rectifierVoltages = [
  ['A', 50],
  ['B', 100],
  ['D', 200],
  ['G', 400],
  ['J', 600],
  ['K', 800],
  ['M', 1000],
] as const;
const rectifierSeries = [
  ['S1', 1, 'SMA', 1.1],
  ['S2', 2, 'SMB', 1.15],
  ['S3', 3, 'SMC', 1.15],
  ['RS1', 1, 'SMA', 1.3],
  ['US1', 1, 'SMA', 1.7],
  ['ES1', 1, 'SMA', 0.95],
  ['ES2', 2, 'SMB', 0.95],
] as const;

function rectifierFamily(key: string, brand: BrandKey, weight: number, suffix: string): Family {
  return defineFamily({
    key,
    category: 'rectifier',
    brand,
    weight,
    axes: [rectifierSeries, rectifierVoltages],
    build: ([s = 0, v = 0]) => {
      const [series, amps, pkg, vf] = at(rectifierSeries, s);
      const [letter, volts] = at(rectifierVoltages, v);
      return diode({ code: `${series}${letter}${suffix}`, brand, kind: 'rectifier', pkg, volts, amps, forwardVolts: vf, priceE4: 120 + amps * 90 + s * 20 });
    },
  });
}

const schottkyCurrents = [
  [1, 'SMA'],
  [2, 'SMA'],
  [3, 'SMB'],
  [5, 'SMC'],
] as const;
const schottkyVoltages = [20, 30, 40, 50, 60, 80, 100] as const;

function schottkyFamily(key: string, brand: BrandKey, weight: number, code: (amps: number, volts: number, pkg: string) => string): Family {
  return defineFamily({
    key,
    category: 'schottky',
    brand,
    weight,
    axes: [schottkyCurrents, schottkyVoltages],
    build: ([c = 0, v = 0]) => {
      const [amps, pkg] = at(schottkyCurrents, c);
      const volts = at(schottkyVoltages, v);
      return diode({
        code: code(amps, volts, pkg),
        brand,
        kind: 'schottky',
        pkg,
        volts,
        amps,
        forwardVolts: volts <= 40 ? 0.5 : 0.7,
        priceE4: 150 + amps * 120,
      });
    },
  });
}

const zenerVoltages = [
  2.4, 2.7, 3, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1, 10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51,
] as const;

function zenerFamily(key: string, brand: BrandKey, weight: number, pkg: string, watts: number, code: (volts: number, tolerance: string) => string): Family {
  return defineFamily({
    key,
    category: 'zener',
    brand,
    weight,
    axes: [zenerVoltages, ['C', 'B']],
    build: ([v = 0, t = 0]) => {
      const volts = at(zenerVoltages, v);
      const tolerance = t === 0 ? 'C' : 'B';
      const percent = tolerance === 'C' ? 5 : 2;
      return part({
        code: code(volts, tolerance),
        brand,
        category: 'zener',
        pkg,
        description: `稳压二极管 ${volts}V ±${percent}% ${formatSi(watts, 'W')} ${pkg}`,
        params: [param('zenerVoltage', `${volts}V`, volts), param('power', formatSi(watts, 'W'), watts), param('tolerance', `±${percent}%`, percent)],
        priceE4: 80 + (tolerance === 'B' ? 30 : 0),
        packSize: 50,
      });
    },
  });
}

const tvsVoltages = [
  5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 43, 45, 48, 51, 54, 58, 60, 64, 70, 75, 78, 85, 90, 100,
  110, 120, 130, 150, 160, 170, 188, 200, 220, 250, 300, 350, 400, 440,
] as const;
const tvsSeries = [
  ['SMAJ', 'SMA', 400],
  ['SMBJ', 'SMB', 600],
  ['SMCJ', 'SMC', 1500],
  ['SMF', 'SOD-123F', 200],
] as const;

function tvsFamily(key: string, brand: BrandKey, weight: number, suffix: string): Family {
  return defineFamily({
    key,
    category: 'tvs',
    brand,
    weight,
    axes: [tvsSeries, tvsVoltages, ['A', 'CA']],
    build: ([s = 0, v = 0, d = 0]) => {
      const [series, pkg, watts] = at(tvsSeries, s);
      const volts = at(tvsVoltages, v);
      if (series === 'SMF' && volts > 170) return null;
      const direction = d === 0 ? 'A' : 'CA';
      const clamp = Number((volts * 1.6 + 1.5).toFixed(1));
      const voltsText = Number.isInteger(volts) && volts < 10 ? volts.toFixed(1) : String(volts);
      return part({
        code: `${series}${voltsText}${direction}${suffix}`,
        brand,
        category: 'tvs',
        pkg,
        description: `TVS二极管 ${direction === 'A' ? '单向' : '双向'} 反向截止电压${volts}V 钳位${clamp}V ${watts}W ${pkg}`,
        params: [param('reverseVoltage', `${volts}V`, volts), param('clampingVoltage', `${clamp}V`, clamp), param('power', `${watts}W`, watts)],
        priceE4: 180 + watts * 0.5,
        packSize: 20,
      });
    },
  });
}

const esdVoltages = [3.3, 5, 12, 15, 24] as const;
const esdStyles = [
  ['S1BA', 'SOD-323', 1],
  ['L1BA', 'SOD-323', 1],
  ['S1UL', 'SOD-882', 1],
  ['S2UT', 'SOT-23', 2],
  ['S4UD', 'SOT-457', 4],
] as const;

const nexperiaEsd = defineFamily({
  key: 'nexperia-pesd',
  category: 'esd',
  brand: 'nexperia',
  weight: 1,
  axes: [esdVoltages, esdStyles],
  build: ([v = 0, s = 0]) => {
    const volts = at(esdVoltages, v);
    const [style, pkg, channels] = at(esdStyles, s);
    const clamp = Number((volts * 2.2 + 3).toFixed(1));
    return part({
      code: `PESD${voltLetter(volts).replace(/V$/, 'V0')}${style},115`,
      brand: 'nexperia',
      category: 'esd',
      pkg,
      description: `ESD静电保护二极管 ${channels}通道 工作电压${volts}V 钳位${clamp}V ${pkg}`,
      params: [param('reverseVoltage', `${volts}V`, volts), param('clampingVoltage', `${clamp}V`, clamp), param('channels', `${channels}`)],
      priceE4: 300 + channels * 150,
      packSize: 50,
    });
  },
});

export const diodeFamilies: Family[] = [
  switchingFamily('diodes-switching', 'diodes', 2, ['-7-F', '-13-F']),
  switchingFamily('nexperia-switching', 'nexperia', 1.5, [',215', ',235']),
  switchingFamily('onsemi-switching', 'onsemi', 1, ['T1G', 'LT1G']),
  rectifierFamily('diodes-rectifier', 'diodes', 1.5, '-13-F'),
  rectifierFamily('vishay-rectifier', 'vishay', 1.5, '-E3/61T'),
  rectifierFamily('onsemi-rectifier', 'onsemi', 1, 'FA'),
  schottkyFamily('vishay-ss', 'vishay', 1.5, (amps, volts) => `SS${amps}${volts / 10}-E3/57T`),
  schottkyFamily('diodes-b', 'diodes', 1.5, (amps, volts, pkg) => `B${amps}${volts / 10}0${pkg === 'SMA' ? 'A' : pkg === 'SMB' ? 'B' : 'C'}-13-F`),
  schottkyFamily('onsemi-mbrs', 'onsemi', 1, (amps, volts) => `MBRS${amps}${volts / 10}0T3G`),
  zenerFamily('diodes-bzt52', 'diodes', 1.5, 'SOD-123', 0.5, (volts, tolerance) => `BZT52${tolerance}${voltLetter(volts).replace(/V$/, '')}-7-F`),
  zenerFamily('nexperia-bzx84', 'nexperia', 1.5, 'SOT-23', 0.25, (volts, tolerance) => `BZX84-${tolerance}${voltLetter(volts).replace(/V$/, '')},215`),
  zenerFamily('nexperia-bzx384', 'nexperia', 1, 'SOD-323', 0.3, (volts, tolerance) => `BZX384-${tolerance}${voltLetter(volts).replace(/V$/, '')},115`),
  tvsFamily('littelfuse-tvs', 'littelfuse', 2, ''),
  tvsFamily('vishay-tvs', 'vishay', 1, '-E3/52'),
  nexperiaEsd,
];
