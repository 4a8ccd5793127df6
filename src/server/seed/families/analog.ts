import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';

export interface AmplifierSpec {
  code: string;
  brand: BrandKey;
  category: 'opamp' | 'comparator';
  pkg: string;
  channels: number;
  /** gain-bandwidth in Hz (op-amps only) */
  gbw: number | null;
  supply: string;
  output: string;
  priceE4: number;
}

export function amplifier(spec: AmplifierSpec): ProductDraft {
  const gbw = spec.gbw === null ? null : formatSi(spec.gbw, 'Hz');
  return part({
    code: spec.code,
    brand: spec.brand,
    category: spec.category,
    pkg: spec.pkg,
    description: `${spec.channels}通道${spec.category === 'opamp' ? '运算放大器' : '比较器'}${gbw ? ` GBP=${gbw}` : ''} ${spec.output} ${spec.supply} ${spec.pkg}`,
    params: [
      param('channels', `${spec.channels}`),
      ...(spec.category === 'opamp' && gbw !== null && spec.gbw !== null ? [param('gainBandwidth', gbw, spec.gbw)] : []),
      param('supplyVoltage', spec.supply),
      param('outputType', spec.output),
    ],
    priceE4: spec.priceE4,
    datasheetName: spec.code.replace(/(D|DGK|PW|DBV|P|N|DT|PT|IDR|CDR)R?$/, ''),
  });
}

/** Model, grade infix, channels, GBW (Hz), supply, output, price. */
type AmpModel = readonly [string, string, number, number | null, string, string, number];

const tiOpamps: readonly AmpModel[] = [
  ['LM358', '', 2, 0.7e6, '3V~32V', '标准', 1_000],
  ['LM324', '', 4, 1.2e6, '3V~32V', '标准', 1_200],
  ['LM2904', '', 2, 0.7e6, '3V~26V', '标准', 1_300],
  ['LM2902', '', 4, 1.2e6, '3V~26V', '标准', 1_500],
  ['TL072', 'C', 2, 3e6, '±2.25V~±18V', 'JFET输入', 2_500],
  ['TL074', 'C', 4, 3e6, '±2.25V~±18V', 'JFET输入', 3_000],
  ['TL082', 'C', 2, 4e6, '±3.5V~±18V', 'JFET输入', 2_600],
  ['OPA2333', 'AI', 2, 0.35e6, '1.8V~5.5V', '轨到轨', 32_000],
  ['OPA333', 'AI', 1, 0.35e6, '1.8V~5.5V', '轨到轨', 22_000],
  ['OPA2340', 'UA', 2, 5.5e6, '2.7V~5.5V', '轨到轨', 28_000],
  ['TLV9062', 'I', 2, 10e6, '1.8V~5.5V', '轨到轨', 4_500],
  ['TLV9064', 'I', 4, 10e6, '1.8V~5.5V', '轨到轨', 6_500],
  ['TLV9061', 'I', 1, 10e6, '1.8V~5.5V', '轨到轨', 3_500],
  ['LMV321', 'I', 1, 1e6, '2.7V~5.5V', '轨到轨', 1_500],
  ['LMV358', 'I', 2, 1e6, '2.7V~5.5V', '轨到轨', 1_800],
  ['LMV324', 'I', 4, 1e6, '2.7V~5.5V', '轨到轨', 2_200],
  ['OPA2188', 'AI', 2, 2e6, '4V~36V', '轨到轨输出', 42_000],
  ['NE5532', 'A', 2, 10e6, '±3V~±20V', '低噪声', 3_800],
];

const tiComparators: readonly AmpModel[] = [
  ['LM393', '', 2, null, '2V~36V', '开漏', 1_000],
  ['LM339', '', 4, null, '2V~36V', '开漏', 1_200],
  ['LM2903', '', 2, null, '2V~36V', '开漏', 1_400],
  ['TLV3201', 'AI', 1, null, '2.7V~5.5V', '推挽', 6_500],
  ['TLV3202', 'AI', 2, null, '2.7V~5.5V', '推挽', 9_000],
  ['LMV331', 'I', 1, null, '2.7V~5.5V', '开漏', 1_600],
  ['LMV393', 'I', 2, null, '2.7V~5.5V', '开漏', 2_000],
];

/** TI suffixes: D SOIC, DGK VSSOP, PW TSSOP, DBV SOT-23, P/N DIP; R = tape and reel. */
const tiPackages = [
  ['DR', 'SOIC'],
  ['DGKR', 'VSSOP'],
  ['PWR', 'TSSOP'],
  ['DBVR', 'SOT-23'],
  ['P', 'DIP'],
  ['D', 'SOIC'],
] as const;

function tiPackageName(style: string, channels: number): string | null {
  if (style === 'SOT-23') return channels === 1 ? 'SOT-23-5' : null;
  if (style === 'VSSOP') return channels === 2 ? 'VSSOP-8' : null;
  const pins = channels === 4 ? 14 : 8;
  return `${style}-${pins}`;
}

function tiAmplifiers(key: string, category: 'opamp' | 'comparator', weight: number, models: readonly AmpModel[]): Family {
  return defineFamily({
    key,
    category,
    brand: 'ti',
    weight,
    axes: [models, tiPackages],
    build: ([m = 0, k = 0]) => {
      const [model, grade, channels, gbw, supply, output, priceE4] = at(models, m);
      const [suffix, style] = at(tiPackages, k);
      const pkg = tiPackageName(style, channels);
      // Only the classic parts still come in DIP.
      if (pkg === null || (style === 'DIP' && grade !== '' && grade !== 'C' && grade !== 'A')) return null;
      const packageSuffix = suffix === 'P' && channels === 4 ? 'N' : suffix;
      return amplifier({
        code: `${model}${grade}${packageSuffix}`,
        brand: 'ti',
        category,
        pkg,
        channels,
        gbw,
        supply,
        output,
        priceE4: priceE4 * (style === 'DIP' ? 1.6 : 1),
      });
    },
  });
}

const sgOpamps = [
  ['SGM8521', 1, 0.15e6, 1_000],
  ['SGM8522', 2, 0.15e6, 1_300],
  ['SGM8524', 4, 0.15e6, 1_900],
  ['SGM8631', 1, 6e6, 2_000],
  ['SGM8632', 2, 6e6, 2_600],
  ['SGM8634', 4, 6e6, 3_600],
  ['SGM721', 1, 10e6, 2_300],
  ['SGM722', 2, 10e6, 2_900],
] as const;
const sgPackages = [
  ['XN5G/TR', 'SOT-23-5', 1],
  ['XC5G/TR', 'SC-70-5', 1],
  ['XS8G/TR', 'SOIC-8', 2],
  ['XMS8G/TR', 'MSOP-8', 2],
  ['XS14G/TR', 'SOIC-14', 4],
  ['XTS14G/TR', 'TSSOP-14', 4],
] as const;

const sgmicroOpamps = defineFamily({
  key: 'sg-opamp',
  category: 'opamp',
  brand: 'sgmicro',
  weight: 0.5,
  axes: [sgOpamps, sgPackages],
  build: ([m = 0, k = 0]) => {
    const [model, channels, gbw, priceE4] = at(sgOpamps, m);
    const [suffix, pkg, packageChannels] = at(sgPackages, k);
    if (packageChannels !== channels) return null;
    return amplifier({ code: `${model}${suffix}`, brand: 'sgmicro', category: 'opamp', pkg, channels, gbw, supply: '2.1V~5.5V', output: '轨到轨', priceE4 });
  },
});

const threePeakModels = [
  ['TP1541A', 1, 1e6],
  ['TP1542A', 2, 1e6],
  ['TP1544A', 4, 1e6],
  ['TP2121', 1, 0.013e6],
  ['TP2122', 2, 0.013e6],
  ['TP2124', 4, 0.013e6],
  ['TPH2501', 1, 100e6],
  ['TPH2502', 2, 100e6],
] as const;
const threePeakPackages = [
  ['-TR', 'SOT-23-5', 1],
  ['-CR', 'SC-70-5', 1],
  ['-SR', 'SOIC-8', 2],
  ['-VR', 'MSOP-8', 2],
  ['-SR', 'SOIC-14', 4],
  ['-TR', 'TSSOP-14', 4],
] as const;

const threePeakOpamps = defineFamily({
  key: '3peak-opamp',
  category: 'opamp',
  brand: 'threepeak',
  weight: 0.4,
  axes: [threePeakModels, threePeakPackages],
  build: ([m = 0, k = 0]) => {
    const [model, channels, gbw] = at(threePeakModels, m);
    const [suffix, pkg, packageChannels] = at(threePeakPackages, k);
    if (packageChannels !== channels) return null;
    return amplifier({
      code: `${model}${suffix}`,
      brand: 'threepeak',
      category: 'opamp',
      pkg,
      channels,
      gbw,
      supply: '1.8V~5.5V',
      output: '轨到轨',
      priceE4: gbw > 50e6 ? 12_000 : 1_800 * channels,
    });
  },
});

const stAmplifiers: ProductDraft[] = [
  amplifier({ code: 'LM358DT', brand: 'st', category: 'opamp', pkg: 'SOIC-8', channels: 2, gbw: 1.1e6, supply: '3V~30V', output: '标准', priceE4: 1_000 }),
  amplifier({ code: 'LM358PT', brand: 'st', category: 'opamp', pkg: 'TSSOP-8', channels: 2, gbw: 1.1e6, supply: '3V~30V', output: '标准', priceE4: 1_100 }),
  amplifier({ code: 'LM324DT', brand: 'st', category: 'opamp', pkg: 'SOIC-14', channels: 4, gbw: 1.3e6, supply: '3V~30V', output: '标准', priceE4: 1_200 }),
  amplifier({ code: 'TSV912IST', brand: 'st', category: 'opamp', pkg: 'MSOP-8', channels: 2, gbw: 8e6, supply: '2.5V~5.5V', output: '轨到轨', priceE4: 5_500 }),
  amplifier({ code: 'TSV912IDT', brand: 'st', category: 'opamp', pkg: 'SOIC-8', channels: 2, gbw: 8e6, supply: '2.5V~5.5V', output: '轨到轨', priceE4: 5_200 }),
  amplifier({
    code: 'TSV911ILT',
    brand: 'st',
    category: 'opamp',
    pkg: 'SOT-23-5',
    channels: 1,
    gbw: 8e6,
    supply: '2.5V~5.5V',
    output: '轨到轨',
    priceE4: 3_800,
  }),
  amplifier({ code: 'LM393DT', brand: 'st', category: 'comparator', pkg: 'SOIC-8', channels: 2, gbw: null, supply: '2V~36V', output: '开漏', priceE4: 1_000 }),
  amplifier({ code: 'LM339DT', brand: 'st', category: 'comparator', pkg: 'SOIC-14', channels: 4, gbw: null, supply: '2V~36V', output: '开漏', priceE4: 1_200 }),
  amplifier({
    code: 'TS3021ILT',
    brand: 'st',
    category: 'comparator',
    pkg: 'SOT-23-5',
    channels: 1,
    gbw: null,
    supply: '1.8V~5V',
    output: '推挽',
    priceE4: 4_000,
  }),
];

const adiAmplifiers: ProductDraft[] = [
  amplifier({
    code: 'AD8605ARTZ-REEL7',
    brand: 'adi',
    category: 'opamp',
    pkg: 'SOT-23-5',
    channels: 1,
    gbw: 10e6,
    supply: '2.7V~5.5V',
    output: '轨到轨',
    priceE4: 45_000,
  }),
  amplifier({
    code: 'AD8606ARZ',
    brand: 'adi',
    category: 'opamp',
    pkg: 'SOIC-8',
    channels: 2,
    gbw: 10e6,
    supply: '2.7V~5.5V',
    output: '轨到轨',
    priceE4: 68_000,
  }),
  amplifier({
    code: 'AD8608ARZ',
    brand: 'adi',
    category: 'opamp',
    pkg: 'SOIC-14',
    channels: 4,
    gbw: 10e6,
    supply: '2.7V~5.5V',
    output: '轨到轨',
    priceE4: 98_000,
  }),
  amplifier({ code: 'OP07CDZ', brand: 'adi', category: 'opamp', pkg: 'SOIC-8', channels: 1, gbw: 0.6e6, supply: '±3V~±18V', output: '精密', priceE4: 22_000 }),
  amplifier({
    code: 'AD620ARZ',
    brand: 'adi',
    category: 'opamp',
    pkg: 'SOIC-8',
    channels: 1,
    gbw: 1e6,
    supply: '±2.3V~±18V',
    output: '仪表放大器',
    priceE4: 180_000,
  }),
  amplifier({
    code: 'ADA4528-1ARMZ',
    brand: 'adi',
    category: 'opamp',
    pkg: 'MSOP-8',
    channels: 1,
    gbw: 4e6,
    supply: '2.2V~5.5V',
    output: '零漂移',
    priceE4: 120_000,
  }),
  amplifier({
    code: 'LT1013DDR',
    brand: 'adi',
    category: 'opamp',
    pkg: 'SOIC-8',
    channels: 2,
    gbw: 0.8e6,
    supply: '±2V~±22V',
    output: '精密',
    priceE4: 36_000,
  }),
  amplifier({
    code: 'ADCMP600BKSZ-REEL7',
    brand: 'adi',
    category: 'comparator',
    pkg: 'SC-70-5',
    channels: 1,
    gbw: null,
    supply: '2.5V~5.5V',
    output: '推挽',
    priceE4: 52_000,
  }),
];

export const analogFamilies: Family[] = [
  tiAmplifiers('ti-opamp', 'opamp', 1.2, tiOpamps),
  tiAmplifiers('ti-comparator', 'comparator', 0.6, tiComparators),
  sgmicroOpamps,
  threePeakOpamps,
  listedFamily('st-amplifiers', 0.3, stAmplifiers),
  listedFamily('adi-amplifiers', 0.3, adiAmplifiers),
];
