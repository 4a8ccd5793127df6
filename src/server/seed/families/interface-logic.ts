import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';

type InterfaceCategory = 'usbUart' | 'rs485' | 'can';
const interfaceNames: Record<InterfaceCategory, string> = { usbUart: 'USB转串口/桥接芯片', rs485: 'RS-485/RS-422收发器', can: 'CAN总线收发器' };

export function interfaceChip(
  category: InterfaceCategory,
  code: string,
  brand: BrandKey,
  pkg: string,
  protocol: string,
  rate: string,
  supply: string,
  priceE4: number,
): ProductDraft {
  return part({
    code,
    brand,
    category,
    pkg,
    description: `${interfaceNames[category]} ${protocol} ${rate} ${supply} ${pkg}`,
    params: [param('protocol', protocol), param('dataRate', rate), param('supplyVoltage', supply)],
    priceE4,
  });
}

type InterfaceRow = readonly [string, BrandKey, string, string, string, string, number];

const usbRows: readonly InterfaceRow[] = [
  ['CH340G', 'wch', 'SOP-16', 'USB转UART', '2Mbps', '3.3V/5V', 4_500],
  ['CH340C', 'wch', 'SOP-16', 'USB转UART(内置晶振)', '2Mbps', '3.3V/5V', 5_200],
  ['CH340E', 'wch', 'MSOP-10', 'USB转UART(内置晶振)', '2Mbps', '3.3V/5V', 5_000],
  ['CH340N', 'wch', 'SOP-8', 'USB转UART(内置晶振)', '2Mbps', '3.3V/5V', 4_800],
  ['CH340K', 'wch', 'ESSOP-10', 'USB转UART(内置晶振)', '2Mbps', '3.3V/5V', 5_000],
  ['CH340T', 'wch', 'SSOP-20', 'USB转UART', '2Mbps', '3.3V/5V', 5_500],
  ['CH341A', 'wch', 'SOP-28', 'USB转UART/I2C/SPI/并口', '2Mbps', '3.3V/5V', 9_500],
  ['CH341T', 'wch', 'SSOP-20', 'USB转UART/I2C', '2Mbps', '3.3V/5V', 8_000],
  ['CH343P', 'wch', 'QFN-16', 'USB转UART', '6Mbps', '1.8V~5V', 7_500],
  ['CH343G', 'wch', 'SOP-16', 'USB转UART', '6Mbps', '1.8V~5V', 7_000],
  ['CH342F', 'wch', 'QFN-24', 'USB转双UART', '6Mbps', '1.8V~5V', 11_000],
  ['CH9102F', 'wch', 'QFN-24', 'USB转UART', '4Mbps', '3.3V/5V', 6_000],
  ['CH348L', 'wch', 'LQFP-48', 'USB转8路UART', '6Mbps', '3.3V/5V', 28_000],
  ['CH347T', 'wch', 'TSSOP-20', 'USB转UART/I2C/SPI/JTAG', '9Mbps', '3.3V/5V', 12_000],
  ['FT232RL', 'ftdi', 'SSOP-28', 'USB转UART', '3Mbps', '3.3V~5.25V', 58_000],
  ['FT232RQ', 'ftdi', 'QFN-32', 'USB转UART', '3Mbps', '3.3V~5.25V', 60_000],
  ['FT231XS', 'ftdi', 'SSOP-20', 'USB转UART', '3Mbps', '3.3V~5.25V', 32_000],
  ['FT230XS', 'ftdi', 'SSOP-16', 'USB转UART', '3Mbps', '3.3V~5.25V', 26_000],
  ['FT2232HL', 'ftdi', 'LQFP-64', 'USB转双UART/MPSSE', '12Mbps', '3.3V', 88_000],
  ['FT4232HL', 'ftdi', 'LQFP-64', 'USB转四UART/MPSSE', '12Mbps', '3.3V', 98_000],
  ['CP2102-GMR', 'silabs', 'QFN-28', 'USB转UART', '1Mbps', '3.0V~3.6V', 22_000],
  ['CP2102N-A02-GQFN28R', 'silabs', 'QFN-28', 'USB转UART', '3Mbps', '3.0V~3.6V', 24_000],
  ['CP2104-F03-GMR', 'silabs', 'QFN-24', 'USB转UART', '2Mbps', '3.0V~3.6V', 26_000],
  ['CP2105-F01-GMR', 'silabs', 'QFN-24', 'USB转双UART', '2Mbps', '3.0V~3.6V', 34_000],
  ['CP2112-F03-GMR', 'silabs', 'QFN-24', 'USB转SMBus/I2C', '400kbps', '3.0V~3.6V', 30_000],
];

const rs485Rows: readonly InterfaceRow[] = [
  ['SN65HVD72DR', 'ti', 'SOIC-8', '半双工RS-485', '250kbps', '3.3V', 9_500],
  ['SN65HVD75DR', 'ti', 'SOIC-8', '半双工RS-485', '20Mbps', '3.3V', 12_000],
  ['SN65HVD3082EDR', 'ti', 'SOIC-8', '半双工RS-485', '200kbps', '5V', 8_500],
  ['THVD1450DR', 'ti', 'SOIC-8', '半双工RS-485', '50Mbps', '3V~5.5V', 11_000],
  ['THVD1410DR', 'ti', 'SOIC-8', '半双工RS-485', '500kbps', '3V~5.5V', 9_000],
  ['SN75176BDR', 'ti', 'SOIC-8', '半双工RS-485/RS-422', '10Mbps', '5V', 5_000],
  ['MAX485ESA+T', 'adi', 'SOIC-8', '半双工RS-485/RS-422', '2.5Mbps', '5V', 15_000],
  ['MAX485CSA+T', 'adi', 'SOIC-8', '半双工RS-485/RS-422', '2.5Mbps', '5V', 12_000],
  ['MAX3485ESA+T', 'adi', 'SOIC-8', '半双工RS-485/RS-422', '10Mbps', '3.3V', 18_000],
  ['MAX13487EESA+T', 'adi', 'SOIC-8', '自动方向RS-485', '500kbps', '5V', 26_000],
  ['ADM3485EARZ-REEL7', 'adi', 'SOIC-8', '半双工RS-485', '12Mbps', '3.3V', 24_000],
  ['ADM2587EBRWZ', 'adi', 'SOIC-20-W', '隔离RS-485', '500kbps', '3.3V/5V', 180_000],
  ['TP8485E-SR', 'threepeak', 'SOIC-8', '半双工RS-485', '250kbps', '5V', 2_800],
  ['TP75176E-SR', 'threepeak', 'SOIC-8', '半双工RS-485/RS-422', '10Mbps', '5V', 2_600],
  ['TPT3485E-SR', 'threepeak', 'SOIC-8', '半双工RS-485', '10Mbps', '3.3V', 3_200],
  ['SGM3485EXS8G/TR', 'sgmicro', 'SOIC-8', '半双工RS-485', '10Mbps', '3.3V', 3_000],
];

const canRows: readonly InterfaceRow[] = [
  ['TCAN1042VDRQ1', 'ti', 'SOIC-8', 'CAN FD', '5Mbps', '4.5V~5.5V', 9_500],
  ['TCAN1042HGVDRQ1', 'ti', 'SOIC-8', 'CAN FD', '5Mbps', '4.5V~5.5V', 11_000],
  ['TCAN1051VDRBRQ1', 'ti', 'SON-8', 'CAN FD', '5Mbps', '4.5V~5.5V', 10_000],
  ['SN65HVD230DR', 'ti', 'SOIC-8', 'CAN', '1Mbps', '3.3V', 9_000],
  ['SN65HVD231DR', 'ti', 'SOIC-8', 'CAN', '1Mbps', '3.3V', 9_500],
  ['SN65HVD232DR', 'ti', 'SOIC-8', 'CAN', '1Mbps', '3.3V', 8_500],
  ['ISO1042BDWVR', 'ti', 'SOIC-8-W', '隔离CAN FD', '5Mbps', '3.3V/5V', 42_000],
  ['TJA1050T/CM,118', 'nxp', 'SOIC-8', 'CAN', '1Mbps', '5V', 7_000],
  ['TJA1040T/CM,118', 'nxp', 'SOIC-8', 'CAN', '1Mbps', '5V', 7_500],
  ['TJA1042T/3,118', 'nxp', 'SOIC-8', 'CAN', '5Mbps', '5V', 8_500],
  ['TJA1051T/3,118', 'nxp', 'SOIC-8', 'CAN', '5Mbps', '5V', 8_000],
  ['TJA1043T,118', 'nxp', 'SOIC-14', 'CAN', '5Mbps', '5V', 15_000],
  ['TPT1042V-S1R', 'threepeak', 'SOIC-8', 'CAN FD', '5Mbps', '5V', 4_000],
  ['MCP2551-I/SN', 'microchip', 'SOIC-8', 'CAN', '1Mbps', '5V', 9_000],
  ['MCP2562-E/SN', 'microchip', 'SOIC-8', 'CAN', '1Mbps', '5V', 10_000],
];

function interfaceFamilies(category: InterfaceCategory, rows: readonly InterfaceRow[], weight: number): Family[] {
  const brands = [...new Set(rows.map((row) => row[1]))];
  return brands.map((brand) =>
    listedFamily(
      `${category}-${brand}`,
      weight,
      rows
        .filter((row) => row[1] === brand)
        .map(([code, rowBrand, pkg, protocol, rate, supply, priceE4]) => interfaceChip(category, code, rowBrand, pkg, protocol, rate, supply, priceE4)),
    ),
  );
}

type LogicCategory = 'shiftRegister' | 'bufferDriver' | 'gate';
/** 74-series function number, category, description, channels, pins. */
const logicFunctions: readonly (readonly [string, LogicCategory, string, number, number])[] = [
  ['595', 'shiftRegister', '8位串入并出移位寄存器(带锁存)', 8, 16],
  ['164', 'shiftRegister', '8位串入并出移位寄存器', 8, 16],
  ['165', 'shiftRegister', '8位并入串出移位寄存器', 8, 16],
  ['166', 'shiftRegister', '8位并入串出移位寄存器', 8, 16],
  ['125', 'bufferDriver', '四路三态缓冲器', 4, 14],
  ['126', 'bufferDriver', '四路三态缓冲器', 4, 14],
  ['244', 'bufferDriver', '八路三态缓冲器/线驱动器', 8, 20],
  ['245', 'bufferDriver', '八路双向收发器', 8, 20],
  ['541', 'bufferDriver', '八路三态缓冲器/线驱动器', 8, 20],
  ['540', 'bufferDriver', '八路反相缓冲器/线驱动器', 8, 20],
  ['00', 'gate', '四路2输入与非门', 4, 14],
  ['02', 'gate', '四路2输入或非门', 4, 14],
  ['04', 'gate', '六路反相器', 6, 14],
  ['08', 'gate', '四路2输入与门', 4, 14],
  ['14', 'gate', '六路施密特反相器', 6, 14],
  ['32', 'gate', '四路2输入或门', 4, 14],
  ['86', 'gate', '四路2输入异或门', 4, 14],
  ['132', 'gate', '四路2输入施密特与非门', 4, 14],
];
const logicFamiliesTech = [
  ['HC', '2V~6V'],
  ['HCT', '4.5V~5.5V'],
  ['LVC', '1.65V~3.6V'],
  ['AHC', '2V~5.5V'],
  ['LV', '2V~5.5V'],
] as const;

export function logicChip(
  code: string,
  brand: BrandKey,
  category: LogicCategory,
  description: string,
  channels: number,
  technology: string,
  supply: string,
  pkg: string,
  priceE4: number,
): ProductDraft {
  return part({
    code,
    brand,
    category,
    pkg,
    description: `74${technology}系列 ${description} ${supply} ${pkg}`,
    params: [param('logicType', description), param('channels', `${channels}`), param('supplyVoltage', supply)],
    priceE4,
  });
}

function tiLogic(category: LogicCategory, weight: number): Family {
  const functions = logicFunctions.filter((row) => row[1] === category);
  const packages = [
    ['DR', 'SOIC'],
    ['D', 'SOIC'],
    ['PWR', 'TSSOP'],
    ['N', 'DIP'],
    ['DBR', 'SSOP'],
  ] as const;
  return defineFamily({
    key: `ti-74-${category}`,
    category,
    brand: 'ti',
    weight,
    axes: [functions, logicFamiliesTech, packages],
    build: ([f = 0, t = 0, k = 0]) => {
      const [number, , description, channels, pins] = at(functions, f);
      const [technology, supply] = at(logicFamiliesTech, t);
      const [suffix, style] = at(packages, k);
      if (style === 'DIP' && (technology === 'LVC' || technology === 'LV')) return null;
      return logicChip(`SN74${technology}${number}${suffix}`, 'ti', category, description, channels, technology, supply, `${style}-${pins}`, 1_200 + pins * 40);
    },
  });
}

function nexperiaLogic(category: LogicCategory, weight: number): Family {
  const functions = logicFunctions.filter((row) => row[1] === category);
  const packages = [
    ['D,118', 'SOIC'],
    ['D,112', 'SOIC'],
    ['PW,118', 'TSSOP'],
    ['BQ,115', 'DHVQFN'],
  ] as const;
  return defineFamily({
    key: `nexperia-74-${category}`,
    category,
    brand: 'nexperia',
    weight,
    axes: [functions, logicFamiliesTech.slice(0, 4), packages],
    build: ([f = 0, t = 0, k = 0]) => {
      const [number, , description, channels, pins] = at(functions, f);
      const [technology, supply] = at(logicFamiliesTech, t);
      const [suffix, style] = at(packages, k);
      return logicChip(
        `74${technology}${number}${suffix}`,
        'nexperia',
        category,
        description,
        channels,
        technology,
        supply,
        `${style}-${pins}`,
        1_000 + pins * 35,
      );
    },
  });
}

function timer(code: string, brand: BrandKey, pkg: string, hz: number, supply: string, priceE4: number, dual = false): ProductDraft {
  const frequency = hz >= 1e6 ? `${hz / 1e6}MHz` : `${hz / 1e3}kHz`;
  return part({
    code,
    brand,
    category: 'timer555',
    pkg,
    description: `${dual ? '双' : ''}555定时器/振荡器 最高${frequency} ${supply} ${pkg}`,
    params: [param('frequency', frequency, hz), param('supplyVoltage', supply)],
    priceE4,
  });
}

const timerParts: ProductDraft[] = [
  timer('NE555DR', 'ti', 'SOIC-8', 100e3, '4.5V~16V', 1_400),
  timer('NE555P', 'ti', 'DIP-8', 100e3, '4.5V~16V', 2_200),
  timer('NE555PWR', 'ti', 'TSSOP-8', 100e3, '4.5V~16V', 1_600),
  timer('SA555DR', 'ti', 'SOIC-8', 100e3, '4.5V~16V', 2_000),
  timer('TLC555CDR', 'ti', 'SOIC-8', 2e6, '2V~15V', 4_500),
  timer('TLC555IDR', 'ti', 'SOIC-8', 2e6, '2V~15V', 5_000),
  timer('TLC555CP', 'ti', 'DIP-8', 2e6, '2V~15V', 6_000),
  timer('TLC556CDR', 'ti', 'SOIC-14', 2e6, '2V~15V', 7_500, true),
  timer('NE556DR', 'ti', 'SOIC-14', 100e3, '4.5V~16V', 3_000, true),
  timer('LMC555CMX/NOPB', 'ti', 'SOIC-8', 3e6, '1.5V~15V', 9_000),
  timer('LM555CMX/NOPB', 'ti', 'SOIC-8', 100e3, '4.5V~16V', 3_500),
  timer('NE555DT', 'st', 'SOIC-8', 100e3, '4.5V~16V', 1_300),
  timer('NE555N', 'st', 'DIP-8', 100e3, '4.5V~16V', 2_000),
  timer('TS555IDT', 'st', 'SOIC-8', 2.7e6, '2V~16V', 3_800),
];

export const interfaceLogicFamilies: Family[] = [
  ...interfaceFamilies('usbUart', usbRows, 0.3),
  ...interfaceFamilies('rs485', rs485Rows, 0.25),
  ...interfaceFamilies('can', canRows, 0.25),
  tiLogic('shiftRegister', 0.5),
  tiLogic('bufferDriver', 0.8),
  tiLogic('gate', 1),
  nexperiaLogic('shiftRegister', 0.4),
  nexperiaLogic('bufferDriver', 0.6),
  nexperiaLogic('gate', 0.8),
  listedFamily(
    'ti-timers',
    0.3,
    timerParts.filter((draft) => draft.brand === 'ti'),
  ),
  listedFamily(
    'st-timers',
    0.2,
    timerParts.filter((draft) => draft.brand === 'st'),
  ),
];
