import type { BrandKey } from '../brands.data.ts';
import type { CategoryKey } from '../category-tree.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, param, type Family, type ParamDraft } from '../product-draft.ts';

type Mount = '直插' | '贴片' | '直插弯针' | '贴片卧式' | '压线式' | '面板安装';

interface ConnectorSeries {
  key: string;
  brand: BrandKey;
  category: CategoryKey;
  weight: number;
  name: string;
  pitch: number | null;
  rows: readonly number[];
  /** pins per row */
  pins: readonly number[];
  mounts: readonly Mount[];
  /** extra variants of the naming pattern (plating, height, colour…) */
  variants: readonly string[];
  code: (pinsPerRow: number, rows: number, mount: Mount, variant: string) => string | null;
  priceE4: (totalPins: number) => number;
  extra?: ParamDraft[];
  /** When the variant names its own pitch (KF128-5.08, KF350-3.5). */
  variantPitch?: (variant: string) => number;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function connectorFamily(series: ConnectorSeries): Family {
  return defineFamily({
    key: series.key,
    category: series.category,
    brand: series.brand,
    weight: series.weight,
    axes: [series.rows, series.pins, series.mounts, series.variants],
    build: ([r = 0, p = 0, m = 0, v = 0]) => {
      const rows = at(series.rows, r);
      const pinsPerRow = at(series.pins, p);
      const mount = at(series.mounts, m);
      const code = series.code(pinsPerRow, rows, mount, at(series.variants, v));
      if (code === null) return null;
      const total = pinsPerRow * rows;
      const pitchMm = series.variantPitch ? series.variantPitch(at(series.variants, v)) : series.pitch;
      const pitch = pitchMm === null ? null : `${pitchMm}mm`;
      const pkg = pitch ? `${mount.startsWith('贴片') ? 'SMD' : '插件'},P=${pitch}` : mount.startsWith('贴片') ? 'SMD' : '插件';
      const attributes = new Set<string>(categoryAttributes(series.category));
      return part({
        code,
        brand: series.brand,
        category: series.category,
        pkg,
        description: `${series.name} ${pitch ? `间距${pitch} ` : ''}${attributes.has('pinCount') ? `${rows > 1 ? `${rows}x${pinsPerRow}P` : `${total}P`} ` : ''}${mount}`,
        params: [
          ...(pitch && attributes.has('pitch') ? [param('pitch', pitch)] : []),
          ...(attributes.has('pinCount') ? [param('pinCount', `${total}P`)] : []),
          ...(attributes.has('rows') ? [param('rows', `${rows}排`)] : []),
          param('mounting', mount),
          ...(series.extra ?? []),
        ],
        priceE4: series.priceE4(total),
        packSize: 1,
        salesUnit: 'piece',
        datasheetName: code.split('-')[0],
      });
    },
  });
}

function categoryAttributes(category: CategoryKey): string[] {
  const withRows: CategoryKey[] = ['pinHeader', 'femaleHeader', 'boxHeader', 'idc', 'boardToBoard', 'wireToBoard', 'dsub', 'automotive'];
  const withPitch: CategoryKey[] = [
    'pinHeader',
    'femaleHeader',
    'boxHeader',
    'idc',
    'terminalBlock',
    'pluggableTerminal',
    'boardToBoard',
    'ffcFpc',
    'wireToBoard',
    'icSocket',
    'crimpTerminal',
    'automotive',
  ];
  const withoutPins: CategoryKey[] = ['rfConnector', 'crimpTerminal', 'bananaJack'];
  return [
    ...(withRows.includes(category) ? ['rows'] : []),
    ...(withPitch.includes(category) ? ['pitch'] : []),
    ...(withoutPins.includes(category) ? [] : ['pinCount']),
  ];
}

const headerPitches = { 2.54: '254', 2: '200', 1.27: '127' } as const;
const straightOrAngled: readonly Mount[] = ['直插', '直插弯针', '贴片'];

function xkbHeaders(category: 'pinHeader' | 'femaleHeader', pitch: 2.54 | 2 | 1.27, weight: number): ConnectorSeries {
  const kind = category === 'pinHeader' ? '排针' : '排母';
  return {
    key: `xkb-${category}-${headerPitches[pitch]}`,
    brand: 'xkb',
    category,
    weight,
    name: kind,
    pitch,
    rows: [1, 2],
    pins: range(1, 40),
    mounts: straightOrAngled,
    variants: [
      'G3-C30D60',
      'G3-C30D85',
      'G3-C30D115',
      'G15-C30D60',
      'G15-C30D85',
      'G15-C30D115',
      'G30-C30D60',
      'G30-C30D85',
      'T-C30D60',
      'T-C30D85',
      'T-C25D60',
      'T-C30D115',
    ],
    code: (pins, rows, mount, variant) =>
      `X${category === 'pinHeader' ? 'P' : 'F'}${headerPitches[pitch]}${rows}${mount === '直插' ? 'WV' : mount === '直插弯针' ? 'WR' : 'SV'}-${pins * rows}${variant}`,
    priceE4: (total) => 400 + total * 35,
  };
}

const molexSeries: ConnectorSeries[] = [
  {
    key: 'molex-picoblade',
    brand: 'molex',
    category: 'wireToBoard',
    weight: 0.6,
    name: 'PicoBlade线对板连接器',
    pitch: 1.25,
    rows: [1],
    pins: range(2, 15),
    mounts: ['直插', '直插弯针', '贴片卧式'],
    variants: ['10', '90'],
    code: (pins, _rows, mount, variant) =>
      `${mount === '直插' ? '53047' : mount === '直插弯针' ? '53048' : '53398'}-${String(pins).padStart(2, '0')}${variant}`,
    priceE4: (total) => 1_800 + total * 120,
  },
  {
    key: 'molex-microfit',
    brand: 'molex',
    category: 'wireToBoard',
    weight: 0.5,
    name: 'Micro-Fit 3.0线对板连接器',
    pitch: 3,
    rows: [1, 2],
    pins: range(1, 12),
    mounts: ['直插', '直插弯针'],
    variants: ['00', '10', '60'],
    code: (pins, rows, mount, variant) =>
      rows * pins < 2
        ? null
        : `${rows === 1 ? (mount === '直插' ? '43650' : '43651') : mount === '直插' ? '43045' : '43046'}-${String(rows * pins).padStart(2, '0')}${variant}`,
    priceE4: (total) => 3_500 + total * 300,
  },
  {
    key: 'molex-ffc',
    brand: 'molex',
    category: 'ffcFpc',
    weight: 0.6,
    name: 'FFC/FPC连接器',
    pitch: 0.5,
    rows: [1],
    pins: range(4, 60),
    mounts: ['贴片', '贴片卧式'],
    variants: ['71', '01'],
    code: (pins, _rows, mount, variant) => `${mount === '贴片' ? '52610' : '502598'}-${String(pins).padStart(2, '0')}${variant}`,
    priceE4: (total) => 2_500 + total * 90,
  },
  {
    key: 'molex-b2b',
    brand: 'molex',
    category: 'boardToBoard',
    weight: 0.5,
    name: 'SlimStack板对板连接器',
    pitch: 0.4,
    rows: [2],
    pins: range(5, 40),
    mounts: ['贴片'],
    variants: ['0001', '0002', '0011'],
    code: (pins, rows, _mount, variant) => `50${rows * pins >= 60 ? '3548' : '3552'}${String(rows * pins).padStart(3, '0')}${variant}`,
    priceE4: (total) => 4_000 + total * 110,
  },
  {
    key: 'molex-sim',
    brand: 'molex',
    category: 'simCard',
    weight: 0.2,
    name: 'SIM卡座',
    pitch: null,
    rows: [1],
    pins: [6, 8],
    mounts: ['贴片'],
    variants: ['0001', '0002', '0003', '1001'],
    code: (pins, _rows, _mount, variant) => `${pins === 6 ? '78723' : '78646'}-${variant}`,
    priceE4: () => 6_000,
  },
  {
    key: 'molex-microsd',
    brand: 'molex',
    category: 'sdCard',
    weight: 0.2,
    name: 'Micro SD(TF)卡座',
    pitch: null,
    rows: [1],
    pins: [8, 9],
    mounts: ['贴片'],
    variants: ['0001', '0002', '0100', '1000'],
    code: (pins, _rows, _mount, variant) => `${pins === 8 ? '104031' : '503182'}-${variant}`,
    priceE4: () => 8_500,
  },
  {
    key: 'molex-usb',
    brand: 'molex',
    category: 'usbConnector',
    weight: 0.3,
    name: 'USB连接器',
    pitch: null,
    rows: [1],
    pins: [4, 5, 9],
    mounts: ['直插', '贴片', '直插弯针'],
    variants: ['0001', '0002', '0003'],
    code: (pins, _rows, mount, variant) =>
      `${pins === 4 ? '67643' : pins === 5 ? '105017' : '48393'}-${mount === '直插' ? '0' : mount === '贴片' ? '1' : '2'}${variant.slice(1)}`,
    priceE4: (total) => 3_000 + total * 150,
  },
];

const jstSeries: ConnectorSeries[] = [
  {
    key: 'jst-ph',
    brand: 'jst',
    category: 'wireToBoard',
    weight: 0.8,
    name: 'PH线对板连接器',
    pitch: 2,
    rows: [1],
    pins: range(2, 16),
    mounts: ['直插', '直插弯针', '贴片卧式'],
    variants: ['-K-S', '-K-S(LF)(SN)'],
    code: (pins, _rows, mount, variant) =>
      `${mount === '直插' ? 'B' : mount === '直插弯针' ? 'S' : 'SM'}${pins}B-PH${mount === '贴片卧式' ? `-SM4-TB${variant === '-K-S' ? '' : '(LF)(SN)'}` : variant}`,
    priceE4: (total) => 600 + total * 60,
  },
  {
    key: 'jst-xh',
    brand: 'jst',
    category: 'wireToBoard',
    weight: 0.8,
    name: 'XH线对板连接器',
    pitch: 2.5,
    rows: [1],
    pins: range(2, 16),
    mounts: ['直插', '直插弯针'],
    variants: ['-A', '-A(LF)(SN)'],
    code: (pins, _rows, mount, variant) => `${mount === '直插' ? 'B' : 'S'}${pins}B-XH${variant}`,
    priceE4: (total) => 700 + total * 60,
  },
  {
    key: 'jst-sh',
    brand: 'jst',
    category: 'wireToBoard',
    weight: 0.6,
    name: 'SH线对板连接器',
    pitch: 1,
    rows: [1],
    pins: range(2, 20),
    mounts: ['贴片', '贴片卧式'],
    variants: ['-TB', '-TB(LF)(SN)'],
    code: (pins, _rows, mount, variant) => `${mount === '贴片' ? 'BM' : 'SM'}${String(pins).padStart(2, '0')}B-SRSS${variant}`,
    priceE4: (total) => 900 + total * 80,
  },
  {
    key: 'jst-gh',
    brand: 'jst',
    category: 'wireToBoard',
    weight: 0.5,
    name: 'GH线对板连接器',
    pitch: 1.25,
    rows: [1],
    pins: range(2, 15),
    mounts: ['贴片', '贴片卧式'],
    variants: ['-TB', '-TB(LF)(SN)'],
    code: (pins, _rows, mount, variant) => `${mount === '贴片' ? 'BM' : 'SM'}${String(pins).padStart(2, '0')}B-GHS${variant}`,
    priceE4: (total) => 1_000 + total * 90,
  },
  {
    key: 'jst-crimp',
    brand: 'jst',
    category: 'crimpTerminal',
    weight: 0.2,
    name: '压接端子',
    pitch: null,
    rows: [1],
    pins: [1],
    mounts: ['压线式'],
    variants: [
      'SPH-002T-P0.5S',
      'SPH-002T-P0.5L',
      'SXH-001T-P0.6',
      'SXH-002T-P0.6',
      'SSH-003T-P0.2',
      'SSHL-002T-P0.2',
      'SPHD-001T-P0.5',
      'SVH-21T-P1.1',
      'SYM-001T-P0.6',
      'SZH-002T-P0.5',
    ],
    code: (_pins, _rows, _mount, variant) => variant,
    priceE4: () => 150,
  },
];

const teSeries: ConnectorSeries[] = [
  {
    key: 'te-ic-socket',
    brand: 'te',
    category: 'icSocket',
    weight: 0.3,
    name: 'IC插座',
    pitch: 2.54,
    rows: [2],
    pins: [3, 4, 7, 8, 9, 10, 12, 14, 20],
    mounts: ['直插'],
    variants: ['1-2199298-', '2-1571552-', '1-390261-'],
    code: (pins, rows, _mount, variant) => `${variant}${String(rows * pins).padStart(2, '0')}`,
    priceE4: (total) => 800 + total * 40,
  },
  {
    key: 'te-automotive',
    brand: 'te',
    category: 'automotive',
    weight: 0.4,
    name: '汽车线束连接器',
    pitch: 3.5,
    rows: [1, 2],
    pins: range(1, 8),
    mounts: ['直插', '直插弯针'],
    variants: ['1-', '2-', '3-'],
    code: (pins, rows, mount, variant) =>
      `${variant}${mount === '直插' ? (rows === 1 ? '282104' : '282108') : rows === 1 ? '1564337' : '1564338'}-${rows * pins}`,
    priceE4: (total) => 3_000 + total * 400,
  },
  {
    key: 'te-rf',
    brand: 'te',
    category: 'rfConnector',
    weight: 0.2,
    name: 'SMA射频连接器',
    pitch: null,
    rows: [1],
    pins: [1],
    mounts: ['直插', '贴片', '面板安装'],
    variants: ['5-1814832-1', '1-1478204-0', '5-1814400-1', '1-1337543-0'],
    code: (_pins, _rows, mount, variant) => `${variant}${mount === '直插' ? '' : mount === '贴片' ? '-S' : '-P'}`,
    priceE4: () => 12_000,
    extra: [param('impedance', '50Ω', 50)],
  },
];

const pitchFromVariant = (variant: string) => Number(/-(\d+(?:\.\d+)?)$/.exec(variant)?.[1] ?? 5.08);

/** D-Sub shells: standard density in two rows (DE-9 … DD-50), high density in three (HD15 … HD62). */
const dsubShells = [
  ['DE', 9, 2, '5747840'],
  ['DA', 15, 2, '5747841'],
  ['DB', 25, 2, '5747842'],
  ['DC', 37, 2, '5747843'],
  ['DD', 50, 2, '5747844'],
  ['HD', 15, 3, '1734530'],
  ['HD', 26, 3, '1734531'],
  ['HD', 44, 3, '1734532'],
  ['HD', 62, 3, '1734533'],
] as const;
const dsubMounts = [
  ['直插', '1'],
  ['直插弯针', '2'],
  ['面板安装', '4'],
] as const;

const teDsub = defineFamily({
  key: 'te-dsub',
  category: 'dsub',
  brand: 'te',
  weight: 0.4,
  axes: [dsubShells, dsubMounts, ['公头', '母座']],
  build: ([d = 0, m = 0, g = 0]) => {
    const [shell, pins, rows, series] = at(dsubShells, d);
    const [mount, mountCode] = at(dsubMounts, m);
    const gender = at(['公头', '母座'], g);
    const code = `${mountCode}-${series}${g}-${rows === 2 ? '0' : '2'}`;
    return part({
      code,
      brand: 'te',
      category: 'dsub',
      pkg: mount === '面板安装' ? '面板安装' : '插件',
      description: `D-Sub连接器 ${shell}-${pins} ${gender} ${rows}排 ${mount}`,
      params: [param('pinCount', `${pins}P`), param('rows', `${rows}排`), param('mounting', mount)],
      priceE4: 6_000 + pins * 150,
      packSize: 1,
      salesUnit: 'piece',
      datasheetName: series,
    });
  },
});

const kfSeries: ConnectorSeries[] = [
  {
    key: 'kf-screw',
    brand: 'kefa',
    category: 'terminalBlock',
    weight: 0.6,
    name: '螺钉式接线端子',
    pitch: 5.08,
    rows: [1],
    pins: range(2, 24),
    mounts: ['直插'],
    variants: ['KF128-5.08', 'KF301-5.0', 'KF350-3.5', 'KF128L-5.08'],
    code: (pins, _rows, _mount, variant) => `${variant}-${pins}P`,
    priceE4: (total) => 600 + total * 180,
    variantPitch: pitchFromVariant,
  },
  {
    key: 'kf-pluggable',
    brand: 'kefa',
    category: 'pluggableTerminal',
    weight: 0.6,
    name: '插拔式接线端子',
    pitch: 5.08,
    rows: [1],
    pins: range(2, 24),
    mounts: ['直插', '直插弯针'],
    variants: ['KF2EDGK-5.08', 'KF2EDGR-5.08', 'KF2EDGK-3.81', 'KF2EDGV-3.5'],
    code: (pins, _rows, mount, variant) => `${mount === '直插' ? variant : variant.replace('EDG', 'EDGR')}-${pins}P`,
    priceE4: (total) => 900 + total * 220,
    variantPitch: pitchFromVariant,
  },
  {
    key: 'kf-banana',
    brand: 'kefa',
    category: 'bananaJack',
    weight: 0.15,
    name: '香蕉插座',
    pitch: null,
    rows: [1],
    pins: [1],
    mounts: ['面板安装', '直插'],
    variants: ['KF-4MM-红', 'KF-4MM-黑', 'KF-4MM-黄', 'KF-4MM-绿', 'KF-2MM-红', 'KF-2MM-黑'],
    code: (_pins, _rows, mount, variant) =>
      `${variant.replace(/-[红黑黄绿]$/, '')}${mount === '直插' ? '-PCB' : ''}-${{ 红: 'R', 黑: 'B', 黄: 'Y', 绿: 'G' }[variant.slice(-1)] ?? 'R'}`,
    priceE4: () => 2_500,
    extra: [param('ratedCurrent', '10A', 10)],
  },
];

const hctlSeries: ConnectorSeries[] = [
  {
    key: 'hctl-typec',
    brand: 'hctl',
    category: 'typeC',
    weight: 0.5,
    name: 'Type-C连接器',
    pitch: null,
    rows: [1],
    pins: [6, 16, 24],
    mounts: ['贴片', '直插', '贴片卧式'],
    variants: ['01', '02', '03', '04'],
    code: (pins, _rows, mount, variant) => `HC-TYPE-C-${pins}P-${mount === '贴片' ? 'SMT' : mount === '直插' ? 'DIP' : 'SMTW'}-${variant}`,
    priceE4: (total) => 1_500 + total * 60,
  },
  {
    key: 'hctl-usb',
    brand: 'hctl',
    category: 'usbConnector',
    weight: 0.4,
    name: 'USB连接器',
    pitch: null,
    rows: [1],
    pins: [4, 5, 9],
    mounts: ['贴片', '直插', '直插弯针'],
    variants: ['A', 'B', 'MICRO', 'MINI'],
    code: (pins, _rows, mount, variant) =>
      (variant === 'MICRO' || variant === 'MINI') && pins !== 5
        ? null
        : `HC-USB-${variant}-${pins}P-${mount === '贴片' ? 'SMT' : mount === '直插' ? 'DIP' : 'DIP90'}`,
    priceE4: (total) => 800 + total * 60,
  },
  {
    key: 'hctl-hdmi',
    brand: 'hctl',
    category: 'hdmi',
    weight: 0.2,
    name: 'HDMI连接器',
    pitch: null,
    rows: [1],
    pins: [19],
    mounts: ['贴片', '直插'],
    variants: ['A', 'C', 'D'],
    code: (pins, _rows, mount, variant) => `HC-HDMI-${variant}-${pins}P-${mount === '贴片' ? 'SMT' : 'DIP'}`,
    priceE4: () => 3_500,
  },
  {
    key: 'hctl-rj45',
    brand: 'hctl',
    category: 'rj45',
    weight: 0.3,
    name: 'RJ45以太网连接器',
    pitch: null,
    rows: [1],
    pins: [8, 10, 12],
    mounts: ['直插', '贴片'],
    variants: ['无灯', '带灯', '带变压器', '带灯带变压器'],
    code: (pins, _rows, mount, variant) =>
      `HC-RJ45-${pins}P${{ 无灯: '', 带灯: '-LED', 带变压器: '-MAG', 带灯带变压器: '-LED-MAG' }[variant] ?? ''}-${mount === '直插' ? 'DIP' : 'SMT'}`,
    priceE4: (total) => 2_000 + total * 200,
  },
  {
    key: 'hctl-audio',
    brand: 'hctl',
    category: 'audioJack',
    weight: 0.2,
    name: '3.5mm音频座',
    pitch: null,
    rows: [1],
    pins: [3, 4, 5, 6],
    mounts: ['贴片', '直插'],
    variants: ['PJ-320', 'PJ-327', 'PJ-342'],
    code: (pins, _rows, mount, variant) => `HC-${variant}${mount === '贴片' ? 'A' : 'B'}-${pins}P`,
    priceE4: () => 800,
  },
  {
    key: 'hctl-dc',
    brand: 'hctl',
    category: 'dcJack',
    weight: 0.2,
    name: 'DC电源插座',
    pitch: null,
    rows: [1],
    pins: [2, 3],
    mounts: ['直插', '贴片'],
    variants: ['DC-005', 'DC-002', 'DC-044', 'DC-022'],
    code: (pins, _rows, mount, variant) => `HC-${variant}-${pins}P-${mount === '直插' ? 'DIP' : 'SMT'}`,
    priceE4: () => 600,
    extra: [param('ratedCurrent', '2A', 2)],
  },
  {
    key: 'hctl-sim',
    brand: 'hctl',
    category: 'simCard',
    weight: 0.2,
    name: 'SIM卡座',
    pitch: null,
    rows: [1],
    pins: [6, 8],
    mounts: ['贴片'],
    variants: ['NANO', 'MICRO', 'STD', 'PUSH'],
    code: (pins, _rows, _mount, variant) => `HC-SIM-${variant}-${pins}P`,
    priceE4: () => 900,
  },
  {
    key: 'hctl-tf',
    brand: 'hctl',
    category: 'sdCard',
    weight: 0.2,
    name: 'TF/SD卡座',
    pitch: null,
    rows: [1],
    pins: [8, 9],
    mounts: ['贴片'],
    variants: ['TF-PUSH', 'TF-PULL', 'SD-PUSH', 'TF-FLIP'],
    code: (pins, _rows, _mount, variant) => `HC-${variant}-${pins}P`,
    priceE4: () => 700,
  },
  {
    key: 'hctl-ipex',
    brand: 'hctl',
    category: 'rfConnector',
    weight: 0.2,
    name: 'IPEX射频座',
    pitch: null,
    rows: [1],
    pins: [1],
    mounts: ['贴片'],
    variants: ['IPEX-1', 'IPEX-4', 'SMA-KE', 'SMA-KWE', 'SMA-KHD', 'U.FL-R'],
    code: (_pins, _rows, _mount, variant) => `HC-${variant}-SMT`,
    priceE4: () => 500,
    extra: [param('impedance', '50Ω', 50)],
  },
  {
    key: 'hctl-fpc',
    brand: 'hctl',
    category: 'ffcFpc',
    weight: 0.5,
    name: 'FPC连接器',
    pitch: 0.5,
    rows: [1],
    pins: range(4, 60),
    mounts: ['贴片', '贴片卧式'],
    variants: ['FPC-05F', 'FPC-05B', 'FPC-10F'],
    code: (pins, _rows, mount, variant) => `HC-${variant}-${pins}PH20${mount === '贴片' ? '' : 'W'}`,
    priceE4: (total) => 300 + total * 12,
  },
];

const xkbSeries: ConnectorSeries[] = [
  xkbHeaders('pinHeader', 2.54, 1.2),
  xkbHeaders('pinHeader', 2, 0.6),
  xkbHeaders('pinHeader', 1.27, 0.5),
  xkbHeaders('femaleHeader', 2.54, 1),
  xkbHeaders('femaleHeader', 2, 0.5),
  xkbHeaders('femaleHeader', 1.27, 0.4),
  {
    key: 'xkb-box',
    brand: 'xkb',
    category: 'boxHeader',
    weight: 0.5,
    name: '牛角连接器(简牛)',
    pitch: 2.54,
    rows: [2],
    pins: [3, 4, 5, 6, 7, 8, 10, 13, 17, 20, 25, 32],
    mounts: ['直插', '直插弯针', '贴片'],
    variants: ['-B', '-G', '-BH'],
    code: (pins, rows, mount, variant) => `X${mount === '直插' ? 'BV' : mount === '直插弯针' ? 'BR' : 'BS'}254-${rows * pins}P${variant}`,
    priceE4: (total) => 700 + total * 30,
  },
  {
    key: 'xkb-idc',
    brand: 'xkb',
    category: 'idc',
    weight: 0.3,
    name: 'IDC压线连接器(牛角母头)',
    pitch: 2.54,
    rows: [2],
    pins: [3, 4, 5, 6, 7, 8, 10, 13, 17, 20, 25, 32],
    mounts: ['压线式'],
    variants: ['-W', '-WH'],
    code: (pins, rows, _mount, variant) => `XIDC254-${rows * pins}P${variant}`,
    priceE4: (total) => 500 + total * 25,
  },
  {
    key: 'xkb-wafer',
    brand: 'xkb',
    category: 'wireToBoard',
    weight: 0.8,
    name: '线对板连接器(Wafer)',
    pitch: 2,
    rows: [1],
    pins: range(2, 16),
    mounts: ['直插', '直插弯针', '贴片卧式'],
    variants: ['6', '7', '8'],
    code: (pins, _rows, mount, variant) =>
      `X${variant}511${mount === '直插' ? 'WV' : mount === '直插弯针' ? 'WR' : 'SR'}-${String(pins).padStart(2, '0')}H-C30D60`,
    priceE4: (total) => 300 + total * 20,
  },
  {
    key: 'xkb-b2b',
    brand: 'xkb',
    category: 'boardToBoard',
    weight: 0.4,
    name: '板对板连接器',
    pitch: 0.8,
    rows: [2],
    pins: range(5, 50),
    mounts: ['贴片'],
    variants: ['M', 'F'],
    code: (pins, rows, _mount, variant) => `X0808${variant}-${rows * pins}P-H${variant === 'M' ? '45' : '50'}`,
    priceE4: (total) => 1_500 + total * 40,
  },
  {
    key: 'xkb-circular',
    brand: 'xkb',
    category: 'circular',
    weight: 0.3,
    name: 'M12圆形连接器(航空插头)',
    pitch: null,
    rows: [1],
    pins: [2, 3, 4, 5, 8, 12, 17],
    mounts: ['面板安装', '直插'],
    variants: ['A', 'B', 'D', 'X'],
    code: (pins, _rows, mount, variant) => `XM12-${variant}${pins}P-${mount === '面板安装' ? 'F' : 'PCB'}`,
    priceE4: (total) => 12_000 + total * 600,
  },
];

export const connectorFamilies: Family[] = [
  ...[...xkbSeries, ...molexSeries, ...jstSeries, ...teSeries, ...kfSeries, ...hctlSeries].map(connectorFamily),
  teDsub,
];
