import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';

interface ModuleRow {
  code: string;
  standard: string;
  core: string;
  flashMb: number;
  priceE4: number;
}

function wirelessModule(brand: BrandKey, category: 'wifiModule' | 'bleModule', row: ModuleRow): ProductDraft {
  const flash = row.flashMb >= 1 ? `${row.flashMb}MB` : `${row.flashMb * 1024}KB`;
  return part({
    code: row.code,
    brand,
    category,
    pkg: '模块,SMD',
    description: `${row.standard} 无线模块 ${row.core} ${flash} Flash 板载天线 3.0V~3.6V`,
    params: [
      param('wirelessStandard', row.standard),
      param('core', row.core),
      param('flashSize', flash, row.flashMb * 1024 * 1024),
      param('supplyVoltage', '3.0V~3.6V'),
    ],
    priceE4: row.priceE4,
    datasheetName: row.code.replace(/-N\d.*$/, ''),
  });
}

const espressifBases = [
  ['ESP32-WROOM-32E', 'WiFi 4 + 蓝牙4.2', 'Xtensa LX6 双核', 260_000, ['N4', 'N8', 'N16', 'H4', 'H8']],
  ['ESP32-WROOM-32UE', 'WiFi 4 + 蓝牙4.2', 'Xtensa LX6 双核', 270_000, ['N4', 'N8', 'N16']],
  ['ESP32-WROVER-E', 'WiFi 4 + 蓝牙4.2', 'Xtensa LX6 双核', 330_000, ['N4R8', 'N8R8', 'N16R8']],
  ['ESP32-S3-WROOM-1', 'WiFi 4 + 蓝牙5(LE)', 'Xtensa LX7 双核', 320_000, ['N4', 'N8', 'N16', 'N8R2', 'N8R8', 'N16R8', 'N16R2']],
  ['ESP32-S3-WROOM-1U', 'WiFi 4 + 蓝牙5(LE)', 'Xtensa LX7 双核', 330_000, ['N8', 'N16R8']],
  ['ESP32-C3-MINI-1', 'WiFi 4 + 蓝牙5(LE)', 'RISC-V 单核', 160_000, ['N4', 'H4']],
  ['ESP32-C3-WROOM-02', 'WiFi 4 + 蓝牙5(LE)', 'RISC-V 单核', 170_000, ['N4']],
  ['ESP32-C6-WROOM-1', 'WiFi 6 + 蓝牙5(LE)', 'RISC-V 单核', 210_000, ['N4', 'N8', 'N16']],
  ['ESP32-S2-SOLO-2', 'WiFi 4', 'Xtensa LX7 单核', 180_000, ['N4', 'N4R2']],
  ['ESP-WROOM-02D', 'WiFi 4', 'Tensilica L106', 130_000, ['N2', 'N4']],
] as const;

function flashOf(variant: string): number {
  const match = /N(\d+)/.exec(variant);
  return match ? Number(match[1]) : 4;
}

const espressifModules: ProductDraft[] = espressifBases.flatMap(([base, standard, core, priceE4, variants]) => [
  ...(base === 'ESP32-WROOM-32E' ? [wirelessModule('espressif', 'wifiModule', { code: base, standard, core, flashMb: 4, priceE4 })] : []),
  ...variants.map((variant) =>
    wirelessModule('espressif', 'wifiModule', {
      code: `${base}-${variant}`,
      standard,
      core,
      flashMb: flashOf(variant),
      priceE4: priceE4 + flashOf(variant) * 4000,
    }),
  ),
]);

const aiThinkerWifi: ProductDraft[] = [
  ['ESP-12F', 'WiFi 4', 'ESP8266EX', 4, 95_000],
  ['ESP-12S', 'WiFi 4', 'ESP8266EX', 4, 98_000],
  ['ESP-01S', 'WiFi 4', 'ESP8266EX', 1, 65_000],
  ['ESP-07S', 'WiFi 4', 'ESP8266EX', 4, 110_000],
  ['ESP32-S', 'WiFi 4 + 蓝牙4.2', 'ESP32 双核', 4, 190_000],
  ['ESP-C3-12F', 'WiFi 4 + 蓝牙5(LE)', 'ESP32-C3', 4, 120_000],
  ['ESP-C3-01M', 'WiFi 4 + 蓝牙5(LE)', 'ESP32-C3', 4, 110_000],
  ['Ai-WB2-12F', 'WiFi 4 + 蓝牙5(LE)', 'BL602', 2, 70_000],
  ['Ai-WB2-01S', 'WiFi 4 + 蓝牙5(LE)', 'BL602', 2, 60_000],
  ['BW16', 'WiFi 4 双频', 'RTL8720DN', 2, 150_000],
].map(([code, standard, core, flashMb, priceE4]) =>
  wirelessModule('aithinker', 'wifiModule', {
    code: String(code),
    standard: String(standard),
    core: String(core),
    flashMb: Number(flashMb),
    priceE4: Number(priceE4),
  }),
);

const bleRows: readonly (readonly [BrandKey, string, string, string, number, number])[] = [
  ['aithinker', 'PB-02', '蓝牙5.0(LE)', 'PHY6212', 0.5, 45_000],
  ['aithinker', 'PB-03F', '蓝牙5.2(LE)', 'PHY6252', 0.5, 38_000],
  ['aithinker', 'TB-02', '蓝牙Mesh', 'TLSR8253', 0.5, 42_000],
  ['aithinker', 'TB-03F', '蓝牙Mesh', 'TLSR8253', 1, 46_000],
  ['ebyte', 'E104-BT5032A', '蓝牙5.0(LE)', 'nRF52832', 0.5, 68_000],
  ['ebyte', 'E104-BT5040U', '蓝牙5.0(LE)', 'nRF52840', 1, 120_000],
  ['ebyte', 'E104-BT5005A', '蓝牙5.0(LE)', 'EFR32BG22', 0.5, 60_000],
  ['ebyte', 'E104-BT02', '蓝牙4.2(LE)', 'DA14580', 0.125, 32_000],
  ['ebyte', 'E73-2G4M08S1C', '蓝牙5.0(LE)', 'nRF52832', 0.5, 72_000],
  ['ebyte', 'E72-2G4M05S1B', '蓝牙5.0(LE)', 'CC2640R2F', 0.125, 66_000],
];

const wifiRowsEbyte: ProductDraft[] = [
  ['E103-W01', 'WiFi 4', 'ESP8266EX', 2, 55_000],
  ['E103-W02', 'WiFi 4', 'ESP8266EX', 4, 60_000],
  ['E103-W10', 'WiFi 4 + 蓝牙5(LE)', 'ESP32-C3', 4, 98_000],
].map(([code, standard, core, flashMb, priceE4]) =>
  wirelessModule('ebyte', 'wifiModule', {
    code: String(code),
    standard: String(standard),
    core: String(core),
    flashMb: Number(flashMb),
    priceE4: Number(priceE4),
  }),
);

function bleFamily(brand: BrandKey, key: string, weight: number): Family {
  return listedFamily(
    key,
    weight,
    bleRows
      .filter(([rowBrand]) => rowBrand === brand)
      .map(([, code, standard, core, flashMb, priceE4]) => wirelessModule(brand, 'bleModule', { code, standard, core, flashMb, priceE4 })),
  );
}

interface MemorySpec {
  code: string;
  brand: BrandKey;
  category: 'norFlash' | 'eeprom';
  bits: number;
  bus: string;
  supply: string;
  pkg: string;
  priceE4: number;
}

export function memory(spec: MemorySpec): ProductDraft {
  const size = spec.bits >= 1024 * 1024 ? `${spec.bits / 1024 / 1024}Mbit` : `${spec.bits / 1024}Kbit`;
  return part({
    code: spec.code,
    brand: spec.brand,
    category: spec.category,
    pkg: spec.pkg,
    description: `${spec.category === 'norFlash' ? 'NOR FLASH存储器' : 'EEPROM存储器'} ${size} ${spec.bus} ${spec.supply} ${spec.pkg}`,
    params: [param('memorySize', size, spec.bits / 8), param('memoryInterface', spec.bus), param('supplyVoltage', spec.supply)],
    priceE4: spec.priceE4,
  });
}

const flashDensities = [
  ['16', 16],
  ['32', 32],
  ['64', 64],
  ['128', 128],
  ['256', 256],
] as const;
const winbondPackages = [
  ['S', 'SOP-8(208mil)'],
  ['SS', 'SOP-8(150mil)'],
  ['F', 'SOIC-16'],
  ['P', 'WSON-8(6x5)'],
  ['E', 'WSON-8(8x6)'],
] as const;

const winbondFlash = defineFamily({
  key: 'winbond-w25q',
  category: 'norFlash',
  brand: 'winbond',
  weight: 0.8,
  axes: [flashDensities, ['JV', 'JW', 'FV'], winbondPackages, ['IQ', 'IG', 'IM']],
  build: ([d = 0, g = 0, k = 0, t = 0]) => {
    const [density, mbit] = at(flashDensities, d);
    const generation = at(['JV', 'JW', 'FV'], g);
    const [pkgCode, pkg] = at(winbondPackages, k);
    return memory({
      code: `W25Q${density}${generation}${pkgCode}${at(['IQ', 'IG', 'IM'], t)}`,
      brand: 'winbond',
      category: 'norFlash',
      bits: mbit * 1024 * 1024,
      bus: 'SPI/Dual SPI/Quad SPI',
      supply: generation === 'JW' ? '1.7V~1.95V' : '2.7V~3.6V',
      pkg,
      priceE4: 4000 + mbit * 110,
    });
  },
});

const gigaPackages = [
  ['S', 'SOP-8(208mil)'],
  ['T', 'SOP-8(150mil)'],
  ['W', 'WSON-8(6x5)'],
  ['N', 'USON-8(4x3)'],
] as const;

const gigaFlash = defineFamily({
  key: 'gd-gd25q',
  category: 'norFlash',
  brand: 'gigadevice',
  weight: 0.8,
  axes: [flashDensities, ['C', 'E', 'B'], gigaPackages, ['IG', 'IGR', 'EGR']],
  build: ([d = 0, g = 0, k = 0, t = 0]) => {
    const [density, mbit] = at(flashDensities, d);
    const [pkgCode, pkg] = at(gigaPackages, k);
    return memory({
      code: `GD25Q${density}${at(['C', 'E', 'B'], g)}${pkgCode}${at(['IG', 'IGR', 'EGR'], t)}`,
      brand: 'gigadevice',
      category: 'norFlash',
      bits: mbit * 1024 * 1024,
      bus: 'SPI/Dual SPI/Quad SPI',
      supply: '2.7V~3.6V',
      pkg,
      priceE4: 3500 + mbit * 95,
    });
  },
});

const eepromDensities = [
  ['01', 1],
  ['02', 2],
  ['04', 4],
  ['08', 8],
  ['16', 16],
  ['32', 32],
  ['64', 64],
  ['128', 128],
  ['256', 256],
  ['512', 512],
] as const;

const microchipEepromPackages = [
  ['I/SN', 'SOIC-8'],
  ['I/P', 'DIP-8'],
  ['I/ST', 'TSSOP-8'],
  ['I/MS', 'MSOP-8'],
  ['I/OT', 'SOT-23-5'],
  ['E/SN', 'SOIC-8'],
] as const;

const microchipEeprom = defineFamily({
  key: 'microchip-24lc',
  category: 'eeprom',
  brand: 'microchip',
  weight: 0.6,
  axes: [eepromDensities, ['24LC', '24AA', '24FC'], microchipEepromPackages],
  build: ([d = 0, s = 0, k = 0]) => {
    const [density, kbit] = at(eepromDensities, d);
    const series = at(['24LC', '24AA', '24FC'], s);
    const [suffix, pkg] = at(microchipEepromPackages, k);
    if (series === '24FC' && kbit < 64) return null;
    const letter = kbit <= 16 ? 'B' : kbit === 32 ? 'A' : '';
    return memory({
      code: `${series}${density}${letter}-${suffix}`,
      brand: 'microchip',
      category: 'eeprom',
      bits: kbit * 1024,
      bus: 'I2C',
      supply: series === '24AA' ? '1.7V~5.5V' : '2.5V~5.5V',
      pkg,
      priceE4: 1800 + kbit * 30,
    });
  },
});

const stEepromPackages = [
  ['WMN6TP', 'SOIC-8'],
  ['RMN6TP', 'SOIC-8'],
  ['WDW6TP', 'TSSOP-8'],
  ['RDW6TP', 'TSSOP-8'],
  ['FMC6TG', 'UFDFPN-8'],
] as const;

const stEeprom = defineFamily({
  key: 'st-m24',
  category: 'eeprom',
  brand: 'st',
  weight: 0.5,
  axes: [eepromDensities, stEepromPackages],
  build: ([d = 0, k = 0]) => {
    const [density, kbit] = at(eepromDensities, d);
    const [suffix, pkg] = at(stEepromPackages, k);
    return memory({
      code: `M24C${density}-${suffix}`,
      brand: 'st',
      category: 'eeprom',
      bits: kbit * 1024,
      bus: 'I2C',
      supply: suffix.startsWith('R') ? '1.8V~5.5V' : '2.5V~5.5V',
      pkg,
      priceE4: 1500 + kbit * 25,
    });
  },
});

export const wirelessMemoryFamilies: Family[] = [
  listedFamily('espressif-modules', 1.2, espressifModules),
  listedFamily('aithinker-wifi', 0.5, aiThinkerWifi),
  listedFamily('ebyte-wifi', 0.3, wifiRowsEbyte),
  bleFamily('aithinker', 'aithinker-ble', 0.4),
  bleFamily('ebyte', 'ebyte-ble', 0.5),
  winbondFlash,
  gigaFlash,
  microchipEeprom,
  stEeprom,
];
