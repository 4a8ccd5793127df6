import type { BrandKey } from '../brands.data.ts';
import type { CategoryKey } from '../category-tree.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, param, type Family, type ProductDraft } from '../product-draft.ts';

export interface McuSpec {
  code: string;
  brand: BrandKey;
  category: CategoryKey;
  core: string;
  mhz: number;
  flashKb: number;
  ramKb: number;
  pkg: string;
  supply: string;
  priceE4: number;
  kind: string;
}

function bytesText(kb: number): string {
  return kb >= 1024 ? `${kb / 1024}MB` : `${kb}KB`;
}

export function mcu(spec: McuSpec): ProductDraft {
  return part({
    code: spec.code,
    brand: spec.brand,
    category: spec.category,
    pkg: spec.pkg,
    description: `${spec.kind} ${spec.core} ${spec.mhz}MHz ${bytesText(spec.flashKb)} Flash ${bytesText(spec.ramKb)} RAM ${spec.supply} ${spec.pkg}`,
    params: [
      param('core', spec.core),
      param('flashSize', bytesText(spec.flashKb), spec.flashKb * 1024),
      param('ramSize', bytesText(spec.ramKb), spec.ramKb * 1024),
      param('cpuFrequency', `${spec.mhz}MHz`, spec.mhz * 1e6),
      param('supplyVoltage', spec.supply),
    ],
    priceE4: spec.priceE4,
    datasheetName: spec.code.slice(0, 9),
  });
}

/** STM32-style names: line, pin count letter, flash letter, package letter, temperature range. */
const pinLetters = { F: 20, G: 28, K: 32, T: 36, C: 48, R: 64, V: 100, Z: 144, I: 176 } as const;
type PinLetter = keyof typeof pinLetters;
const flashLetters = { '4': 16, '6': 32, '8': 64, B: 128, C: 256, D: 384, E: 512, F: 768, G: 1024, I: 2048 } as const;
type FlashLetter = keyof typeof flashLetters;

export interface McuLine {
  line: string;
  core: string;
  mhz: number;
  pins: readonly PinLetter[];
  /** flash letter → RAM in KB */
  ram: Partial<Record<FlashLetter, number>>;
  priceE4: number;
}

const packageLetters = ['T', 'U', 'P'] as const;

function mcuPackage(letter: (typeof packageLetters)[number], pins: number): string | null {
  if (letter === 'T') return pins >= 32 ? `LQFP-${pins}` : null;
  if (letter === 'U') return pins <= 48 ? `QFN-${pins}` : null;
  return pins <= 20 ? `TSSOP-${pins}` : null;
}

function linedFamily(
  key: string,
  brand: BrandKey,
  category: CategoryKey,
  weight: number,
  prefix: string,
  lines: readonly McuLine[],
  supply: string,
  kind: string,
): Family {
  const pinKeys = Object.keys(pinLetters) as PinLetter[];
  const flashKeys = Object.keys(flashLetters) as FlashLetter[];
  return defineFamily({
    key,
    category,
    brand,
    weight,
    axes: [lines, pinKeys, flashKeys, packageLetters, ['6', '7']],
    build: ([l = 0, p = 0, f = 0, k = 0, t = 0]) => {
      const line = at(lines, l);
      const pin = at(pinKeys, p);
      const flash = at(flashKeys, f);
      const ramKb = line.ram[flash];
      if (!line.pins.includes(pin) || ramKb === undefined) return null;
      const pkg = mcuPackage(at(packageLetters, k), pinLetters[pin]);
      if (pkg === null) return null;
      const flashKb = flashLetters[flash];
      return mcu({
        code: `${prefix}${line.line}${pin}${flash}${at(packageLetters, k)}${at(['6', '7'], t)}`,
        brand,
        category,
        core: line.core,
        mhz: line.mhz,
        flashKb,
        ramKb,
        pkg,
        supply,
        priceE4: line.priceE4 * (1 + Math.log2(flashKb / 16) * 0.18) * (1 + pinLetters[pin] / 200) * (t === 1 ? 1.08 : 1),
        kind,
      });
    },
  });
}

const stm32Lines: readonly McuLine[] = [
  { line: 'F030', core: 'ARM Cortex-M0', mhz: 48, pins: ['F', 'K', 'C', 'R'], ram: { '4': 4, '6': 4, '8': 8, C: 32 }, priceE4: 28_000 },
  { line: 'F072', core: 'ARM Cortex-M0', mhz: 48, pins: ['C', 'R', 'V'], ram: { '8': 16, B: 16 }, priceE4: 52_000 },
  { line: 'G030', core: 'ARM Cortex-M0+', mhz: 64, pins: ['F', 'K', 'C'], ram: { '6': 8, '8': 8 }, priceE4: 22_000 },
  { line: 'G071', core: 'ARM Cortex-M0+', mhz: 64, pins: ['G', 'K', 'C', 'R'], ram: { '8': 36, B: 36 }, priceE4: 38_000 },
  {
    line: 'F103',
    core: 'ARM Cortex-M3',
    mhz: 72,
    pins: ['T', 'C', 'R', 'V', 'Z'],
    ram: { '4': 6, '6': 10, '8': 20, B: 20, C: 48, D: 64, E: 64 },
    priceE4: 60_000,
  },
  { line: 'F401', core: 'ARM Cortex-M4', mhz: 84, pins: ['C', 'R', 'V'], ram: { B: 64, C: 64, D: 96, E: 96 }, priceE4: 70_000 },
  { line: 'F411', core: 'ARM Cortex-M4', mhz: 100, pins: ['C', 'R', 'V'], ram: { C: 128, E: 128 }, priceE4: 80_000 },
  { line: 'F407', core: 'ARM Cortex-M4', mhz: 168, pins: ['R', 'V', 'Z', 'I'], ram: { E: 192, G: 192 }, priceE4: 160_000 },
  { line: 'F429', core: 'ARM Cortex-M4', mhz: 180, pins: ['V', 'Z', 'I'], ram: { E: 256, G: 256, I: 256 }, priceE4: 230_000 },
  { line: 'G431', core: 'ARM Cortex-M4', mhz: 170, pins: ['K', 'C', 'R', 'V'], ram: { '6': 32, '8': 32, B: 32 }, priceE4: 90_000 },
  { line: 'G474', core: 'ARM Cortex-M4', mhz: 170, pins: ['C', 'R', 'V'], ram: { B: 128, C: 128, E: 128 }, priceE4: 150_000 },
  { line: 'L431', core: 'ARM Cortex-M4', mhz: 80, pins: ['K', 'C', 'R', 'V'], ram: { B: 64, C: 64 }, priceE4: 85_000 },
  { line: 'L476', core: 'ARM Cortex-M4', mhz: 80, pins: ['R', 'V', 'Z'], ram: { C: 128, E: 128, G: 128 }, priceE4: 140_000 },
  { line: 'H743', core: 'ARM Cortex-M7', mhz: 480, pins: ['V', 'Z', 'I'], ram: { G: 1024, I: 1024 }, priceE4: 450_000 },
  { line: 'H750', core: 'ARM Cortex-M7', mhz: 480, pins: ['V', 'Z'], ram: { B: 1024 }, priceE4: 300_000 },
];

const gd32Lines: readonly McuLine[] = [
  {
    line: 'F103',
    core: 'ARM Cortex-M3',
    mhz: 108,
    pins: ['T', 'C', 'R', 'V', 'Z'],
    ram: { '4': 6, '6': 10, '8': 20, B: 20, C: 48, D: 64, E: 64, G: 96 },
    priceE4: 42_000,
  },
  { line: 'F303', core: 'ARM Cortex-M4', mhz: 120, pins: ['C', 'R', 'V'], ram: { B: 48, C: 48, E: 64, G: 96 }, priceE4: 52_000 },
  { line: 'E230', core: 'ARM Cortex-M23', mhz: 72, pins: ['F', 'G', 'K', 'C'], ram: { '4': 4, '6': 6, '8': 8 }, priceE4: 12_000 },
  { line: 'F130', core: 'ARM Cortex-M3', mhz: 48, pins: ['F', 'G', 'K', 'C', 'R'], ram: { '4': 4, '6': 4, '8': 8 }, priceE4: 15_000 },
  { line: 'F407', core: 'ARM Cortex-M4', mhz: 168, pins: ['R', 'V', 'Z', 'I'], ram: { E: 192, G: 192, I: 192 }, priceE4: 110_000 },
  { line: 'F450', core: 'ARM Cortex-M4', mhz: 200, pins: ['V', 'Z', 'I'], ram: { G: 256, I: 512 }, priceE4: 150_000 },
];

const gd32vLines: readonly McuLine[] = [
  { line: 'VF103', core: 'RISC-V Bumblebee', mhz: 108, pins: ['T', 'C', 'R', 'V'], ram: { '4': 6, '6': 10, '8': 20, B: 32 }, priceE4: 30_000 },
];

const ch32Lines: readonly McuLine[] = [
  { line: 'V003', core: 'RISC-V QingKe V2A', mhz: 48, pins: ['F'], ram: { '4': 2 }, priceE4: 3_500 },
  { line: 'V203', core: 'RISC-V QingKe V4B', mhz: 144, pins: ['F', 'G', 'K', 'C', 'R'], ram: { '6': 10, '8': 20, B: 64 }, priceE4: 9_000 },
  { line: 'V307', core: 'RISC-V QingKe V4F', mhz: 144, pins: ['R', 'V', 'C'], ram: { C: 64 }, priceE4: 22_000 },
  { line: 'X035', core: 'RISC-V QingKe V4C', mhz: 48, pins: ['F', 'G', 'C', 'R'], ram: { '8': 20 }, priceE4: 6_500 },
];
const ch32ArmLines: readonly McuLine[] = [
  { line: 'F103', core: 'ARM Cortex-M3', mhz: 72, pins: ['C', 'R'], ram: { '6': 10, '8': 20 }, priceE4: 16_000 },
  { line: 'F203', core: 'ARM Cortex-M3', mhz: 144, pins: ['C', 'R'], ram: { '8': 20, B: 64 }, priceE4: 19_000 },
];

const avrParts = [
  ['ATMEGA8A', 8, 1, 16, 32],
  ['ATMEGA48PA', 4, 0.5, 20, 32],
  ['ATMEGA88PA', 8, 1, 20, 32],
  ['ATMEGA168PA', 16, 1, 20, 32],
  ['ATMEGA328P', 32, 2, 20, 32],
  ['ATMEGA328PB', 32, 2, 20, 32],
  ['ATMEGA16A', 16, 1, 16, 44],
  ['ATMEGA32A', 32, 2, 16, 44],
  ['ATMEGA644PA', 64, 4, 20, 44],
  ['ATMEGA1284P', 128, 16, 20, 44],
  ['ATMEGA64A', 64, 4, 16, 64],
  ['ATMEGA128A', 128, 4, 16, 64],
  ['ATMEGA2560', 256, 8, 16, 100],
] as const;
const avrPackages = ['AU', 'PU', 'MU', 'AUR', 'MUR'] as const;

function avrPackage(suffix: (typeof avrPackages)[number], pins: number): string | null {
  if (suffix.startsWith('AU')) return `TQFP-${pins}`;
  if (suffix.startsWith('MU')) return pins <= 64 ? `QFN-${pins}` : null;
  return pins === 32 ? 'DIP-28' : pins === 44 ? 'DIP-40' : null;
}

const microchipAvr = defineFamily({
  key: 'microchip-avr',
  category: 'mcu8bit',
  brand: 'microchip',
  weight: 1,
  axes: [avrParts, avrPackages],
  build: ([p = 0, k = 0]) => {
    const [name, flashKb, ramKb, mhz, pins] = at(avrParts, p);
    const suffix = at(avrPackages, k);
    const pkg = avrPackage(suffix, pins);
    if (pkg === null) return null;
    return mcu({
      code: `${name}-${suffix}`,
      brand: 'microchip',
      category: 'mcu8bit',
      core: 'AVR',
      mhz,
      flashKb,
      ramKb,
      pkg,
      supply: '1.8V~5.5V',
      priceE4: 60_000 + flashKb * 500,
      kind: '8位AVR单片机',
    });
  },
});

const picParts = [
  ['PIC16F628A', 3.5, 0.224, 20, 18],
  ['PIC16F877A', 14, 0.368, 20, 40],
  ['PIC16F887', 14, 0.368, 20, 40],
  ['PIC16F1503', 3.5, 0.128, 20, 14],
  ['PIC16F1823', 3.5, 0.128, 32, 14],
  ['PIC16F1827', 7, 0.384, 32, 18],
  ['PIC16F1829', 14, 1, 32, 20],
  ['PIC16F1937', 28, 1, 32, 40],
  ['PIC16F18346', 28, 2, 32, 20],
  ['PIC18F2550', 32, 2, 48, 28],
  ['PIC18F4550', 32, 2, 48, 40],
  ['PIC18F25K22', 32, 1.5, 64, 28],
  ['PIC18F45K22', 32, 1.5, 64, 40],
  ['PIC18F47Q43', 128, 8, 64, 40],
] as const;
const picPackages = [
  ['I/P', 'DIP'],
  ['I/SO', 'SOIC'],
  ['I/SS', 'SSOP'],
  ['I/ML', 'QFN'],
  ['I/PT', 'TQFP'],
  ['E/SO', 'SOIC'],
] as const;

const microchipPic = defineFamily({
  key: 'microchip-pic',
  category: 'mcu8bit',
  brand: 'microchip',
  weight: 1,
  axes: [picParts, picPackages],
  build: ([p = 0, k = 0]) => {
    const [name, flashKb, ramKb, mhz, pins] = at(picParts, p);
    const [suffix, style] = at(picPackages, k);
    if (style === 'TQFP' && pins < 40) return null;
    if ((style === 'SSOP' || style === 'SOIC') && pins > 28) return null;
    const pkg = style === 'TQFP' ? 'TQFP-44' : style === 'QFN' ? `QFN-${pins >= 40 ? 44 : pins <= 20 ? 20 : 28}` : `${style}-${pins}`;
    return mcu({
      code: `${name}-${suffix}`,
      brand: 'microchip',
      category: 'mcu8bit',
      core: 'PIC',
      mhz,
      flashKb,
      ramKb,
      pkg,
      supply: '2.3V~5.5V',
      priceE4: 40_000 + flashKb * 900,
      kind: '8位PIC单片机',
    });
  },
});

const samdParts = [
  ['E', 32],
  ['G', 48],
  ['J', 64],
] as const;
const samdFlash = [
  ['15', 32, 4],
  ['16', 64, 8],
  ['17', 128, 16],
  ['18', 256, 32],
] as const;

const microchipSamd = defineFamily({
  key: 'microchip-samd21',
  category: 'armMcu',
  brand: 'microchip',
  weight: 0.6,
  axes: [samdParts, samdFlash, ['AU', 'MU', 'AUT', 'MUT']],
  build: ([p = 0, f = 0, k = 0]) => {
    const [pinLetter, pins] = at(samdParts, p);
    const [flashCode, flashKb, ramKb] = at(samdFlash, f);
    const suffix = at(['AU', 'MU', 'AUT', 'MUT'], k);
    const pkg = suffix.startsWith('AU') ? `TQFP-${pins}` : `QFN-${pins}`;
    return mcu({
      code: `ATSAMD21${pinLetter}${flashCode}A-${suffix}`,
      brand: 'microchip',
      category: 'armMcu',
      core: 'ARM Cortex-M0+',
      mhz: 48,
      flashKb,
      ramKb,
      pkg,
      supply: '1.62V~3.63V',
      priceE4: 70_000 + flashKb * 200,
      kind: '32位ARM单片机',
    });
  },
});

const kinetisParts = [
  ['MK20DX', 'ARM Cortex-M4', 72],
  ['MK22FN', 'ARM Cortex-M4', 120],
  ['MK64FN', 'ARM Cortex-M4', 120],
  ['MK66FN', 'ARM Cortex-M4', 180],
] as const;
const kinetisMemory = [
  ['256', 256, 64],
  ['512', 512, 128],
  ['1M0', 1024, 256],
  ['2M0', 2048, 256],
] as const;
const kinetisPackages = [
  ['VLH', 'LQFP-64'],
  ['VLL', 'LQFP-100'],
  ['VLQ', 'LQFP-144'],
  ['VMD', 'MAPBGA-144'],
] as const;

const nxpKinetis = defineFamily({
  key: 'nxp-kinetis',
  category: 'armMcu',
  brand: 'nxp',
  weight: 0.6,
  axes: [kinetisParts, kinetisMemory, kinetisPackages, ['10', '12', '15', '18']],
  build: ([p = 0, m = 0, k = 0, s = 0]) => {
    const [series, core, maxMhz] = at(kinetisParts, p);
    const [memCode, flashKb, ramKb] = at(kinetisMemory, m);
    const [pkgCode, pkg] = at(kinetisPackages, k);
    const speed = at(['10', '12', '15', '18'], s);
    const mhz = Number(speed) * 10;
    if (mhz > maxMhz) return null;
    return mcu({
      code: `${series}${memCode}${pkgCode}${speed}`,
      brand: 'nxp',
      category: 'armMcu',
      core,
      mhz,
      flashKb,
      ramKb,
      pkg,
      supply: '1.71V~3.6V',
      priceE4: 180_000 + flashKb * 80,
      kind: '32位ARM单片机',
    });
  },
});

const lpcParts = [
  ['LPC1768FBD100', 'ARM Cortex-M3', 100, 512, 64, 'LQFP-100'],
  ['LPC1769FBD100', 'ARM Cortex-M3', 120, 512, 64, 'LQFP-100'],
  ['LPC1765FBD100', 'ARM Cortex-M3', 100, 256, 64, 'LQFP-100'],
  ['LPC1114FBD48/302', 'ARM Cortex-M0', 50, 32, 8, 'LQFP-48'],
  ['LPC1115FBD48/303', 'ARM Cortex-M0', 50, 64, 8, 'LQFP-48'],
  ['LPC824M201JDH20', 'ARM Cortex-M0+', 30, 32, 8, 'TSSOP-20'],
  ['LPC845M301JBD48', 'ARM Cortex-M0+', 30, 64, 16, 'LQFP-48'],
  ['LPC54114J256BD64', 'ARM Cortex-M4', 100, 256, 192, 'LQFP-64'],
  ['LPC55S69JBD100', 'ARM Cortex-M33', 150, 640, 320, 'LQFP-100'],
  ['LPC55S16JBD64', 'ARM Cortex-M33', 150, 256, 96, 'LQFP-64'],
] as const;

const nxpLpc = defineFamily({
  key: 'nxp-lpc',
  category: 'armMcu',
  brand: 'nxp',
  weight: 0.3,
  axes: [lpcParts, ['', 'K', 'E']],
  build: ([p = 0, s = 0]) => {
    const [code, core, mhz, flashKb, ramKb, pkg] = at(lpcParts, p);
    const suffix = at(['', 'K', 'E'], s);
    return mcu({
      code: `${code}${suffix}`,
      brand: 'nxp',
      category: 'armMcu',
      core,
      mhz,
      flashKb,
      ramKb,
      pkg,
      supply: '1.8V~3.6V',
      priceE4: 90_000 + flashKb * 150,
      kind: '32位ARM单片机',
    });
  },
});

const stcParts = [
  ['STC89C52RC', 8, 0.5, 40, ['PDIP40', 'LQFP44', 'PLCC44']],
  ['STC89C51RC', 4, 0.5, 40, ['PDIP40', 'LQFP44', 'PLCC44']],
  ['STC12C5A60S2', 60, 1.25, 35, ['PDIP40', 'LQFP44', 'LQFP48']],
  ['STC8H1K08', 8, 1.25, 36, ['TSSOP20', 'SOP16', 'QFN20']],
  ['STC8G1K08A', 8, 1.25, 36, ['SOP8', 'DFN8']],
  ['STC15W204S', 4, 0.25, 35, ['SOP8', 'SOP16']],
  ['STC8H8K64U', 64, 8.25, 45, ['LQFP64', 'LQFP48', 'LQFP44']],
  ['STC8A8K64D4', 64, 8.25, 45, ['LQFP64', 'LQFP48']],
] as const;

function stcPackageName(code: string): string {
  const match = /^([A-Z]+?)(\d+)$/.exec(code);
  const [, kind, pins] = match ?? [];
  return kind && pins ? `${kind === 'PDIP' ? 'DIP' : kind}-${pins}` : code;
}

const stcMcus = defineFamily({
  key: 'stc-8051',
  category: 'mcu8bit',
  brand: 'stc',
  weight: 0.4,
  axes: [stcParts, [0, 1, 2]],
  build: ([p = 0, k = 0]) => {
    const [name, flashKb, ramKb, maxMhz, packages] = at(stcParts, p);
    const pkgCode: string | undefined = packages[k];
    if (pkgCode === undefined) return null;
    return mcu({
      code: `${name}-${maxMhz}I-${pkgCode}`,
      brand: 'stc',
      category: 'mcu8bit',
      core: '8051',
      mhz: maxMhz,
      flashKb,
      ramKb,
      pkg: stcPackageName(pkgCode),
      supply: '2.0V~5.5V',
      priceE4: 15_000 + flashKb * 250,
      kind: '8位8051单片机',
    });
  },
});

const ch55xParts = [
  ['CH552G', 16, 1, 'SOP-16'],
  ['CH552T', 16, 1, 'TSSOP-20'],
  ['CH554T', 16, 1, 'TSSOP-20'],
  ['CH549G', 64, 2, 'SOP-16'],
  ['CH549F', 64, 2, 'QFN-20'],
  ['CH559L', 64, 6, 'LQFP-48'],
  ['CH551G', 10, 0.5, 'SOP-16'],
] as const;

const wch8051 = defineFamily({
  key: 'wch-ch55x',
  category: 'mcu8bit',
  brand: 'wch',
  weight: 0.3,
  axes: [ch55xParts],
  build: ([p = 0]) => {
    const [code, flashKb, ramKb, pkg] = at(ch55xParts, p);
    return mcu({
      code,
      brand: 'wch',
      category: 'mcu8bit',
      core: 'E8051(USB)',
      mhz: 24,
      flashKb,
      ramKb,
      pkg,
      supply: '3.3V~5V',
      priceE4: 9_000 + flashKb * 150,
      kind: '8位USB单片机',
    });
  },
});

export const mcuFamilies: Family[] = [
  linedFamily('st-stm32', 'st', 'armMcu', 3, 'STM32', stm32Lines, '2V~3.6V', '32位ARM单片机'),
  linedFamily('gd-gd32', 'gigadevice', 'armMcu', 2, 'GD32', gd32Lines, '2.6V~3.6V', '32位ARM单片机'),
  linedFamily('gd-gd32v', 'gigadevice', 'riscvMcu', 0.5, 'GD32', gd32vLines, '2.6V~3.6V', '32位RISC-V单片机'),
  linedFamily('wch-ch32v', 'wch', 'riscvMcu', 1, 'CH32', ch32Lines, '2.7V~5.5V', '32位RISC-V单片机'),
  linedFamily('wch-ch32f', 'wch', 'armMcu', 0.4, 'CH32', ch32ArmLines, '2.7V~5.5V', '32位ARM单片机'),
  microchipAvr,
  microchipPic,
  microchipSamd,
  nxpKinetis,
  nxpLpc,
  stcMcus,
  wch8051,
];
