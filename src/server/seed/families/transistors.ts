import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';
import { hashString, variantRandom } from '../variant-random.ts';

export interface MosfetSpec {
  code: string;
  brand: BrandKey;
  polarity: 'N' | 'P';
  pkg: string;
  volts: number;
  amps: number;
  onOhms: number;
  priceE4: number;
}

export function mosfet(spec: MosfetSpec): ProductDraft {
  const polarity = spec.polarity === 'N' ? 'N沟道' : 'P沟道';
  const amps = formatSi(spec.amps, 'A');
  const onResistance = formatSi(spec.onOhms, 'Ω');
  return part({
    code: spec.code,
    brand: spec.brand,
    category: spec.polarity === 'N' ? 'nMosfet' : 'pMosfet',
    pkg: spec.pkg,
    description: `${polarity} ${spec.volts}V ${amps} ${onOhms(onResistance)} 场效应管(MOSFET) ${spec.pkg}`,
    params: [
      param('transistorPolarity', polarity),
      param('drainSourceVoltage', `${spec.volts}V`, spec.volts),
      param('drainCurrent', amps, spec.amps),
      param('onResistance', onResistance, spec.onOhms),
    ],
    priceE4: spec.priceE4,
    packSize: spec.pkg.startsWith('SOT') ? 50 : 1,
  });
}

function onOhms(text: string): string {
  return `RDS(on)=${text}`;
}

/** Package, how much current it carries, and what it costs, for MOSFET series. */
const mosfetPackages = {
  'SOT-23': { amps: [0.2, 6], price: 200 },
  'SOP-8': { amps: [4, 15], price: 900 },
  'DFN-8(3x3)': { amps: [10, 40], price: 1500 },
  'DFN-8(5x6)': { amps: [30, 120], price: 2600 },
  'TO-252': { amps: [10, 80], price: 2200 },
  'TO-220': { amps: [20, 120], price: 4500 },
} as const;
type MosfetPackage = keyof typeof mosfetPackages;
const mosfetVoltages = [20, 30, 40, 60, 100, 150, 200] as const;

/** A maker's numbered series (AO3400, SI2302…): each number a distinct part with its own ratings. */
function numberedMosfets(
  key: string,
  brand: BrandKey,
  polarity: 'N' | 'P',
  weight: number,
  pkg: MosfetPackage,
  numbers: readonly number[],
  code: (number: number) => string,
): Family {
  const seed = hashString(key);
  return defineFamily({
    key,
    category: polarity === 'N' ? 'nMosfet' : 'pMosfet',
    brand,
    weight,
    axes: [numbers],
    build: ([n = 0]) => {
      const random = variantRandom(seed, n);
      const rating = mosfetPackages[pkg];
      const volts = random.pick(polarity === 'P' ? mosfetVoltages.slice(0, 4) : mosfetVoltages);
      const amps = Number((rating.amps[0] + random.next() * (rating.amps[1] - rating.amps[0])).toPrecision(2));
      const onOhms = Number(((volts / 30) * (0.9 / amps) * (polarity === 'P' ? 1.8 : 1) * (0.05 + random.next() * 0.2)).toPrecision(2));
      return mosfet({ code: code(at(numbers, n)), brand, polarity, pkg, volts, amps, onOhms, priceE4: rating.price * (1 + volts / 200) });
    },
  });
}

function range(from: number, to: number, step = 1): number[] {
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return values;
}

/** Even numbers N-channel, odd P-channel, as in the makers' own numbering (AO3400 N, AO3401 P). */
const even = (from: number, to: number) => range(from, to, 2);
const odd = (from: number, to: number) => range(from + 1, to, 2);

const transistorFamiliesMos: Family[] = [
  numberedMosfets('aos-ao34-n', 'aosemi', 'N', 1.2, 'SOT-23', even(3400, 3498), (n) => `AO${n}A`),
  numberedMosfets('aos-ao34-p', 'aosemi', 'P', 1, 'SOT-23', odd(3400, 3498), (n) => `AO${n}A`),
  numberedMosfets('aos-ao44-n', 'aosemi', 'N', 0.8, 'SOP-8', even(4400, 4498), (n) => `AO${n}`),
  numberedMosfets('aos-ao44-p', 'aosemi', 'P', 0.6, 'SOP-8', odd(4400, 4498), (n) => `AO${n}`),
  numberedMosfets('aos-aon7', 'aosemi', 'N', 0.6, 'DFN-8(3x3)', even(7400, 7598), (n) => `AON${n}`),
  numberedMosfets('vishay-si23-n', 'vishay', 'N', 1, 'SOT-23', even(2300, 2398), (n) => `SI${n}CDS-T1-GE3`),
  numberedMosfets('vishay-si23-p', 'vishay', 'P', 0.8, 'SOT-23', odd(2300, 2398), (n) => `SI${n}CDS-T1-GE3`),
  numberedMosfets('vishay-si4-n', 'vishay', 'N', 0.6, 'SOP-8', even(4400, 4998), (n) => `SI${n}DY-T1-GE3`),
  numberedMosfets('infineon-irf-n', 'infineon', 'N', 0.8, 'TO-220', even(500, 998), (n) => `IRF${n}NPBF`),
  numberedMosfets('infineon-irfr-n', 'infineon', 'N', 0.6, 'TO-252', even(3400, 3998), (n) => `IRFR${n}TRPBF`),
  numberedMosfets('infineon-bsc-n', 'infineon', 'N', 0.6, 'DFN-8(5x6)', range(10, 99), (n) => `BSC0${n}NS`),
  numberedMosfets('nexperia-pmv-n', 'nexperia', 'N', 0.8, 'SOT-23', range(15, 99), (n) => `PMV${n}UN2R`),
  numberedMosfets('nexperia-pmv-p', 'nexperia', 'P', 0.6, 'SOT-23', range(15, 99), (n) => `PMV${n}XP`),
  numberedMosfets('onsemi-ntd-n', 'onsemi', 'N', 0.5, 'TO-252', range(4800, 4999), (n) => `NTD${n}NT4G`),
  numberedMosfets('rohm-rq-p', 'rohm', 'P', 0.4, 'SOT-23', range(1, 99), (n) => `RQ5E${String(n).padStart(3, '0')}AJTCL`),
];

export interface BjtSpec {
  code: string;
  brand: BrandKey;
  polarity: 'NPN' | 'PNP';
  pkg: string;
  volts: number;
  amps: number;
  watts: number;
  priceE4: number;
}

export function bjt(spec: BjtSpec): ProductDraft {
  const amps = formatSi(spec.amps, 'A');
  const watts = formatSi(spec.watts, 'W');
  return part({
    code: spec.code,
    brand: spec.brand,
    category: 'bjt',
    pkg: spec.pkg,
    description: `${spec.polarity}三极管 ${spec.volts}V ${amps} ${watts} ${spec.pkg}`,
    params: [
      param('transistorPolarity', spec.polarity),
      param('collectorEmitterVoltage', `${spec.volts}V`, spec.volts),
      param('collectorCurrent', amps, spec.amps),
      param('power', watts, spec.watts),
    ],
    priceE4: spec.priceE4,
    packSize: spec.pkg.startsWith('SOT') ? 50 : 10,
  });
}

/** BC846…BC860 general-purpose pairs: NPN 84x, PNP 85x; gain groups A/B/C. */
const bcTypes = [
  ['BC846', 'NPN', 65],
  ['BC847', 'NPN', 45],
  ['BC848', 'NPN', 30],
  ['BC849', 'NPN', 30],
  ['BC850', 'NPN', 45],
  ['BC856', 'PNP', 65],
  ['BC857', 'PNP', 45],
  ['BC858', 'PNP', 30],
  ['BC859', 'PNP', 30],
  ['BC860', 'PNP', 45],
  ['BC817', 'NPN', 45],
  ['BC807', 'PNP', 45],
] as const;

function bcFamily(key: string, brand: BrandKey, weight: number, groups: readonly string[], suffixes: readonly string[], pkg: string): Family {
  return defineFamily({
    key,
    category: 'bjt',
    brand,
    weight,
    axes: [bcTypes, groups, suffixes],
    build: ([t = 0, g = 0, s = 0]) => {
      const [type, polarity, volts] = at(bcTypes, t);
      const group = at(groups, g);
      const isPower = type === 'BC817' || type === 'BC807';
      return bjt({
        code: `${type}${group}${at(suffixes, s)}`,
        brand,
        polarity,
        pkg,
        volts,
        amps: isPower ? 0.5 : 0.1,
        watts: isPower ? 0.31 : 0.25,
        priceE4: 90,
      });
    },
  });
}

const mmbtTypes = [
  ['3904', 'NPN', 40, 0.2],
  ['3906', 'PNP', 40, 0.2],
  ['2222A', 'NPN', 40, 0.6],
  ['2907A', 'PNP', 60, 0.6],
  ['5551', 'NPN', 160, 0.6],
  ['5401', 'PNP', 150, 0.6],
  ['4401', 'NPN', 40, 0.6],
  ['4403', 'PNP', 40, 0.6],
  ['A42', 'NPN', 300, 0.5],
  ['A92', 'PNP', 300, 0.5],
] as const;

const onsemiMmbt = defineFamily({
  key: 'onsemi-mmbt',
  category: 'bjt',
  brand: 'onsemi',
  weight: 0.8,
  axes: [mmbtTypes, ['LT1G', 'LT3G', 'WT1G']],
  build: ([t = 0, s = 0]) => {
    const [type, polarity, volts, amps] = at(mmbtTypes, t);
    const suffix = at(['LT1G', 'LT3G', 'WT1G'], s);
    return bjt({
      code: `MMBT${type}${suffix}`,
      brand: 'onsemi',
      polarity,
      pkg: suffix === 'WT1G' ? 'SOT-323' : 'SOT-23',
      volts,
      amps,
      watts: 0.225,
      priceE4: 110,
    });
  },
});

const digitalResistors = [
  ['114E', 10e3],
  ['124E', 22e3],
  ['143E', 4.7e3],
  ['144E', 47e3],
  ['115E', 100e3],
  ['123J', 2.2e3],
  ['113Z', 1e3],
] as const;
const digitalPackages = [
  ['KA', 'SOT-346'],
  ['UA', 'SOT-323'],
  ['CA', 'SOT-23'],
  ['E', 'SOT-416'],
] as const;

const rohmDigital = defineFamily({
  key: 'rohm-dt',
  category: 'digitalTransistor',
  brand: 'rohm',
  weight: 0.8,
  axes: [['A', 'C'], digitalResistors, digitalPackages, ['T146', 'T106', 'TL']],
  build: ([p = 0, r = 0, k = 0, s = 0]) => {
    const polarity = p === 0 ? 'PNP' : 'NPN';
    const [resistorCode, ohms] = at(digitalResistors, r);
    const [pkgCode, pkg] = at(digitalPackages, k);
    const value = formatSi(ohms, 'Ω');
    return part({
      code: `DT${p === 0 ? 'A' : 'C'}${resistorCode}${pkgCode}${at(['T146', 'T106', 'TL'], s)}`,
      brand: 'rohm',
      category: 'digitalTransistor',
      pkg,
      description: `${polarity}数字三极管(内置电阻) R1=${value} 50V 100mA ${pkg}`,
      params: [
        param('transistorPolarity', polarity),
        param('collectorEmitterVoltage', '50V', 50),
        param('collectorCurrent', '100mA', 0.1),
        param('resistance', value, ohms),
      ],
      priceE4: 160,
      packSize: 50,
    });
  },
});

export const transistorFamilies: Family[] = [
  ...transistorFamiliesMos,
  bcFamily('nexperia-bc', 'nexperia', 1, ['A', 'B', 'C'], [',215', ',235'], 'SOT-23'),
  bcFamily('onsemi-bc', 'onsemi', 0.6, ['B', 'C'], ['LT1G', 'LT3G'], 'SOT-23'),
  onsemiMmbt,
  rohmDigital,
];
