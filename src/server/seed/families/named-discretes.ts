import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { mosfet } from './transistors.ts';

type MosfetRow = readonly [string, 'N' | 'P', string, number, number, number, number];

function mosfets(brand: BrandKey, rows: readonly MosfetRow[]): ProductDraft[] {
  return rows.map(([code, polarity, pkg, volts, amps, onOhms, priceE4]) => mosfet({ code, brand, polarity, pkg, volts, amps, onOhms, priceE4 }));
}

const nexperiaSmallSignal = mosfets('nexperia', [
  ['BSS138,215', 'N', 'SOT-23', 60, 0.36, 1.6, 300],
  ['BSS138,235', 'N', 'SOT-23', 60, 0.36, 1.6, 320],
  ['2N7002,215', 'N', 'SOT-23', 60, 0.3, 2.8, 200],
  ['2N7002P,215', 'N', 'SOT-23', 60, 0.36, 1.6, 260],
  ['NX7002AK,215', 'N', 'SOT-23', 60, 0.3, 2, 240],
  ['BSS123,215', 'N', 'SOT-23', 100, 0.15, 6, 300],
  ['BSS84,215', 'P', 'SOT-23', 50, 0.13, 7.5, 320],
  ['BSS84,235', 'P', 'SOT-23', 50, 0.13, 7.5, 340],
  ['BSS84AK,215', 'P', 'SOT-23', 50, 0.17, 7.5, 360],
]);

const infineonIrlml = mosfets('infineon', [
  ['IRLML6402TRPBF', 'P', 'SOT-23', 20, 3.7, 0.065, 1_200],
  ['IRLML6401TRPBF', 'P', 'SOT-23', 12, 4.3, 0.05, 1_200],
  ['IRLML9301TRPBF', 'P', 'SOT-23', 30, 3.6, 0.064, 1_300],
  ['IRLML2244TRPBF', 'P', 'SOT-23', 20, 4.3, 0.054, 1_300],
  ['IRLML5203TRPBF', 'P', 'SOT-23', 30, 3, 0.098, 1_200],
  ['IRLML2502TRPBF', 'N', 'SOT-23', 20, 4.2, 0.045, 1_100],
  ['IRLML0030TRPBF', 'N', 'SOT-23', 30, 5.3, 0.027, 1_300],
  ['IRLML6344TRPBF', 'N', 'SOT-23', 30, 5, 0.029, 1_200],
  ['IRLML0060TRPBF', 'N', 'SOT-23', 60, 2.7, 0.092, 1_400],
  ['IRLML0100TRPBF', 'N', 'SOT-23', 100, 1.6, 0.22, 1_500],
  ['IRLML2803TRPBF', 'N', 'SOT-23', 30, 1.2, 0.25, 1_000],
]);

const onsemiSmallSignal = mosfets('onsemi', [
  ['2N7002LT1G', 'N', 'SOT-23', 60, 0.115, 7.5, 220],
  ['NTR4003NT1G', 'N', 'SOT-23', 30, 0.56, 1.5, 400],
  ['FDN337N', 'N', 'SOT-23', 30, 2.2, 0.065, 1_000],
  ['FDV301N', 'N', 'SOT-23', 25, 0.22, 5, 600],
  ['NDS331N', 'N', 'SOT-23', 20, 1.3, 0.21, 900],
  ['NTR4101PT1G', 'P', 'SOT-23', 20, 3.2, 0.085, 900],
  ['FDN340P', 'P', 'SOT-23', 20, 2, 0.07, 1_100],
  ['NDS332P', 'P', 'SOT-23', 20, 1, 0.41, 900],
]);

function esd(code: string, brand: BrandKey, pkg: string, channels: number, volts: number, clamp: number, priceE4: number): ProductDraft {
  return part({
    code,
    brand,
    category: 'esd',
    pkg,
    description: `ESD静电保护阵列 ${channels}通道 工作电压${volts}V 钳位${clamp}V ${pkg}`,
    params: [param('reverseVoltage', `${volts}V`, volts), param('clampingVoltage', `${clamp}V`, clamp), param('channels', `${channels}`)],
    priceE4,
    packSize: 10,
  });
}

const stEsd: ProductDraft[] = [
  esd('USBLC6-2SC6', 'st', 'SOT-23-6', 2, 5, 17, 1_500),
  esd('USBLC6-2P6', 'st', 'SOT-666', 2, 5, 17, 1_800),
  esd('USBLC6-4SC6', 'st', 'SOT-23-6', 4, 5, 17, 2_200),
  esd('ESDA6V1-5SC6', 'st', 'SOT-23-6', 5, 5.25, 12, 2_000),
  esd('ESDALC6V1-1U2', 'st', 'SOD-882', 1, 5.25, 12, 900),
];

const tiEsd: ProductDraft[] = [
  esd('TPD4E05U06DQAR', 'ti', 'USON-10', 4, 5.5, 12, 3_500),
  esd('TPD2E2U06DRLR', 'ti', 'SOT-553', 2, 5.5, 14, 2_800),
  esd('TPD1E10B06DPYR', 'ti', 'X1SON-2', 1, 5.5, 14, 1_200),
  esd('TPD4S012DRYR', 'ti', 'USON-6', 4, 5.5, 14, 4_000),
];

export const namedDiscreteFamilies: Family[] = [
  listedFamily('nexperia-small-signal', 0.3, nexperiaSmallSignal),
  listedFamily('infineon-irlml', 0.3, infineonIrlml),
  listedFamily('onsemi-small-signal', 0.3, onsemiSmallSignal),
  listedFamily('st-esd', 0.2, stEsd),
  listedFamily('ti-esd', 0.2, tiEsd),
];
