import type { BrandKey } from '../brands.data.ts';
import { part } from '../ic-draft.ts';
import { at, defineFamily, listedFamily, param, type Family, type ProductDraft } from '../product-draft.ts';
import { formatSi } from '../si-format.ts';

export interface LdoSpec {
  code: string;
  brand: BrandKey;
  pkg: string;
  /** null for adjustable parts */
  volts: number | null;
  amps: number;
  vinMax: number;
  dropout: number;
  priceE4: number;
}

export function ldo(spec: LdoSpec): ProductDraft {
  const amps = formatSi(spec.amps, 'A');
  const output = spec.volts === null ? '可调' : `${spec.volts}V`;
  return part({
    code: spec.code,
    brand: spec.brand,
    category: 'ldo',
    pkg: spec.pkg,
    description: `低压差线性稳压器(LDO) 输出${output} ${amps} 输入最高${spec.vinMax}V 压差${spec.dropout}V ${spec.pkg}`,
    params: [
      param('outputVoltage', output, spec.volts),
      param('outputCurrent', amps, spec.amps),
      param('inputVoltageMax', `${spec.vinMax}V`, spec.vinMax),
      param('dropoutVoltage', `${spec.dropout}V`, spec.dropout),
      param('outputType', spec.volts === null ? '可调' : '固定'),
    ],
    priceE4: spec.priceE4,
    packSize: spec.pkg.startsWith('SOT-23') ? 10 : 5,
  });
}

interface LdoSeries {
  key: string;
  brand: BrandKey;
  weight: number;
  /** [code fragment, volts or null for ADJ] */
  voltages: readonly (readonly [string, number | null])[];
  /** [code suffix, package] */
  variants: readonly (readonly [string, string])[];
  code: (voltage: string, variant: string) => string;
  amps: number;
  vinMax: number;
  dropout: number;
  priceE4: number;
}

function ldoFamily(series: LdoSeries): Family {
  return defineFamily({
    key: series.key,
    category: 'ldo',
    brand: series.brand,
    weight: series.weight,
    axes: [series.voltages, series.variants],
    build: ([v = 0, k = 0]) => {
      const [voltCode, volts] = at(series.voltages, v);
      const [variant, pkg] = at(series.variants, k);
      return ldo({
        code: series.code(voltCode, variant),
        brand: series.brand,
        pkg,
        volts,
        amps: series.amps,
        vinMax: series.vinMax,
        dropout: series.dropout,
        priceE4: series.priceE4,
      });
    },
  });
}

const dotted = [
  ['1.2', 1.2],
  ['1.5', 1.5],
  ['1.8', 1.8],
  ['2.5', 2.5],
  ['2.8', 2.8],
  ['3.0', 3],
  ['3.3', 3.3],
  ['5.0', 5],
] as const;
const twoDigit = [
  ['12', 1.2],
  ['15', 1.5],
  ['18', 1.8],
  ['25', 2.5],
  ['28', 2.8],
  ['30', 3],
  ['33', 3.3],
  ['50', 5],
] as const;

export const amsVoltages = [...dotted, ['ADJ', null]] as const;

const ldoFamilies: Family[] = [
  ldoFamily({
    key: 'ams-ams1117',
    brand: 'ams',
    weight: 0.4,
    voltages: amsVoltages,
    variants: [['', 'SOT-223']],
    code: (v) => `AMS1117-${v}`,
    amps: 1,
    vinMax: 15,
    dropout: 1.3,
    priceE4: 900,
  }),
  ldoFamily({
    key: 'umw-ams1117',
    brand: 'umw',
    weight: 0.4,
    voltages: amsVoltages,
    variants: [['', 'SOT-223']],
    code: (v) => `AMS1117-${v}`,
    amps: 1,
    vinMax: 15,
    dropout: 1.3,
    priceE4: 450,
  }),
  ldoFamily({
    key: 'ti-tlv702',
    brand: 'ti',
    weight: 0.5,
    voltages: twoDigit,
    variants: [
      ['DBVR', 'SOT-23-5'],
      ['DBVT', 'SOT-23-5'],
      ['DSER', 'WSON-6'],
    ],
    code: (v, s) => `TLV702${v}${s}`,
    amps: 0.3,
    vinMax: 5.5,
    dropout: 0.2,
    priceE4: 2200,
  }),
  ldoFamily({
    key: 'ti-lm1117',
    brand: 'ti',
    weight: 0.4,
    voltages: [
      ['1.8', 1.8],
      ['2.5', 2.5],
      ['3.3', 3.3],
      ['5.0', 5],
      ['ADJ', null],
    ],
    variants: [
      ['IMPX', 'SOT-223'],
      ['IMP', 'SOT-223'],
      ['IDTX', 'TO-252'],
      ['IDT', 'TO-252'],
    ],
    code: (v, s) => `LM1117${s}-${v}/NOPB`,
    amps: 0.8,
    vinMax: 15,
    dropout: 1.2,
    priceE4: 3800,
  }),
  ldoFamily({
    key: 'sg-sgm2019',
    brand: 'sgmicro',
    weight: 0.4,
    voltages: dotted,
    variants: [
      ['YN5G/TR', 'SOT-23-5'],
      ['XN5G/TR', 'SOT-23-5'],
    ],
    code: (v, s) => `SGM2019-${v}${s}`,
    amps: 0.3,
    vinMax: 5.5,
    dropout: 0.15,
    priceE4: 1100,
  }),
  ldoFamily({
    key: 'sg-sgm2036',
    brand: 'sgmicro',
    weight: 0.3,
    voltages: dotted,
    variants: [
      ['YN5G/TR', 'SOT-23-5'],
      ['YUDH4G/TR', 'UTDFN-4'],
    ],
    code: (v, s) => `SGM2036-${v}${s}`,
    amps: 0.3,
    vinMax: 5.5,
    dropout: 0.13,
    priceE4: 900,
  }),
  ldoFamily({
    key: 'richtek-rt9193',
    brand: 'richtek',
    weight: 0.3,
    voltages: twoDigit,
    variants: [
      ['GB', 'SOT-23-5'],
      ['GU5', 'SC-70-5'],
      ['GQW', 'WDFN-6'],
    ],
    code: (v, s) => `RT9193-${v}${s}`,
    amps: 0.3,
    vinMax: 5.5,
    dropout: 0.22,
    priceE4: 1400,
  }),
  ldoFamily({
    key: 'richtek-rt9013',
    brand: 'richtek',
    weight: 0.3,
    voltages: twoDigit,
    variants: [
      ['GB', 'SOT-23-5'],
      ['GQW', 'WDFN-6'],
    ],
    code: (v, s) => `RT9013-${v}${s}`,
    amps: 0.5,
    vinMax: 5.5,
    dropout: 0.25,
    priceE4: 1500,
  }),
  ldoFamily({
    key: 'diodes-ap2112',
    brand: 'diodes',
    weight: 0.3,
    voltages: dotted.filter(([, v]) => v !== 5),
    variants: [['TRG1', 'SOT-23-5']],
    code: (v) => `AP2112K-${v}TRG1`,
    amps: 0.6,
    vinMax: 6,
    dropout: 0.25,
    priceE4: 1300,
  }),
  ldoFamily({
    key: 'microchip-mcp1700',
    brand: 'microchip',
    weight: 0.3,
    voltages: [
      ['1202', 1.2],
      ['1802', 1.8],
      ['2502', 2.5],
      ['2802', 2.8],
      ['3002', 3],
      ['3302', 3.3],
      ['5002', 5],
    ],
    variants: [
      ['E/TT', 'SOT-23'],
      ['E/MB', 'SOT-89'],
      ['I/TO', 'TO-92'],
    ],
    code: (v, s) => `MCP1700${s === 'I/TO' ? '' : 'T'}-${v}${s}`,
    amps: 0.25,
    vinMax: 6,
    dropout: 0.178,
    priceE4: 2600,
  }),
  ldoFamily({
    key: 'onsemi-ncp1117',
    brand: 'onsemi',
    weight: 0.3,
    voltages: [
      ['12', 1.2],
      ['15', 1.5],
      ['18', 1.8],
      ['25', 2.5],
      ['33', 3.3],
      ['50', 5],
    ],
    variants: [
      ['ST', 'SOT-223'],
      ['DT', 'TO-252'],
    ],
    code: (v, s) => `NCP1117${s}${v}${s === 'ST' ? 'T3G' : 'T5G'}`,
    amps: 1,
    vinMax: 20,
    dropout: 1.1,
    priceE4: 2200,
  }),
  ldoFamily({
    key: 'st-ld1117',
    brand: 'st',
    weight: 0.3,
    voltages: [
      ['18', 1.8],
      ['25', 2.5],
      ['33', 3.3],
      ['50', 5],
      ['', null],
    ],
    variants: [
      ['S', 'SOT-223'],
      ['DT', 'TO-252'],
    ],
    code: (v, s) => `LD1117${s}${v}TR`,
    amps: 0.8,
    vinMax: 15,
    dropout: 1.1,
    priceE4: 1800,
  }),
  ldoFamily({
    key: 'st-l78',
    brand: 'st',
    weight: 0.3,
    voltages: [
      ['05', 5],
      ['06', 6],
      ['08', 8],
      ['09', 9],
      ['10', 10],
      ['12', 12],
      ['15', 15],
      ['18', 18],
      ['24', 24],
    ],
    variants: [
      ['CV', 'TO-220'],
      ['CD2T-TR', 'TO-263'],
      ['ABV', 'TO-220'],
    ],
    code: (v, s) => `L78${v}${s}`,
    amps: 1.5,
    vinMax: 35,
    dropout: 2,
    priceE4: 2400,
  }),
  ldoFamily({
    key: 'rohm-bu',
    brand: 'rohm',
    weight: 0.2,
    voltages: [
      ['18', 1.8],
      ['25', 2.5],
      ['28', 2.8],
      ['30', 3],
      ['33', 3.3],
    ],
    variants: [
      ['TD3WG', 'SOT-23-5'],
      ['TD4WG', 'SSON-4'],
    ],
    code: (v, s) => `BU${v}${s}`,
    amps: 0.2,
    vinMax: 6,
    dropout: 0.3,
    priceE4: 1900,
  }),
];

function reference(code: string, brand: BrandKey, pkg: string, volts: number | null, percent: number, type: string, priceE4: number): ProductDraft {
  const output = volts === null ? '2.5V~36V可调' : `${volts}V`;
  return part({
    code,
    brand,
    category: 'voltageReference',
    pkg,
    description: `电压基准 ${type} ${output} 精度±${percent}% ${pkg}`,
    params: [param('outputVoltage', output, volts), param('tolerance', `±${percent}%`, percent), param('outputType', type)],
    priceE4,
  });
}

const referenceParts: ProductDraft[] = [
  ...(['A', 'B'] as const).flatMap((grade) =>
    (
      [
        ['IDBZR', 'SOT-23'],
        ['CDBZR', 'SOT-23'],
        ['ILPR', 'TO-92'],
        ['IDR', 'SOIC-8'],
        ['QDBZRQ1', 'SOT-23'],
      ] as const
    ).map(([suffix, pkg]) => reference(`TL431${grade}${suffix}`, 'ti', pkg, null, grade === 'A' ? 1 : 0.5, '并联可调', 800)),
  ),
  ...(
    [
      [2.048, '20', '20'],
      [2.5, '25', '25'],
      [3, '30', '30'],
      [3.3, '33', '33'],
      [4.096, '40', '41'],
      [5, '50', '50'],
    ] as const
  ).flatMap(([volts, code, lmCode]) => [
    reference(`REF30${code}AIDBZR`, 'ti', 'SOT-23', volts, 0.2, '串联', 9000),
    reference(`ADR45${code}BRZ`, 'adi', 'SOIC-8', volts, 0.02, '串联', 68000),
    reference(`LM4040D${lmCode}IDBZR`, 'ti', 'SOT-23', volts, 1, '并联', 2500),
  ]),
];

interface SwitcherRow {
  code: string;
  brand: BrandKey;
  pkg: string;
  vinMax: number;
  amps: number;
  khz: number;
  /** fixed output voltage, or null for adjustable */
  volts: number | null;
  priceE4: number;
}

function switcher(category: 'buck' | 'boost', row: SwitcherRow): ProductDraft {
  const amps = formatSi(row.amps, 'A');
  const freq = formatSi(row.khz * 1e3, 'Hz');
  const output = row.volts === null ? '可调' : `固定${row.volts}V`;
  return part({
    code: row.code,
    brand: row.brand,
    category,
    pkg: row.pkg,
    description: `${category === 'buck' ? 'DC-DC降压' : 'DC-DC升压'}转换器 输入最高${row.vinMax}V ${amps} ${freq} 输出${output} ${row.pkg}`,
    params: [
      param('inputVoltageMax', `${row.vinMax}V`, row.vinMax),
      param('outputCurrent', amps, row.amps),
      param('switchingFrequency', freq, row.khz * 1e3),
      param('outputType', row.volts === null ? '可调' : '固定'),
    ],
    priceE4: row.priceE4,
  });
}

type Row = readonly [string, BrandKey, string, number, number, number, number | null, number];
const toRow = ([code, brand, pkg, vinMax, amps, khz, volts, priceE4]: Row): SwitcherRow => ({ code, brand, pkg, vinMax, amps, khz, volts, priceE4 });

const buckRows: readonly Row[] = [
  ['TPS5430DDAR', 'ti', 'SO-8-EP', 36, 3, 500, null, 62_000],
  ['TPS5450DDAR', 'ti', 'SO-8-EP', 36, 5, 500, null, 98_000],
  ['TPS54331DR', 'ti', 'SOIC-8', 28, 3, 570, null, 42_000],
  ['TPS54360BDDAR', 'ti', 'SO-8-EP', 60, 3.5, 2500, null, 88_000],
  ['TPS563200DDCR', 'ti', 'SOT-23-6', 17, 3, 650, null, 9_000],
  ['TPS562201DDCR', 'ti', 'SOT-23-6', 17, 2, 580, null, 7_500],
  ['TPS54202DDCR', 'ti', 'SOT-23-6', 28, 2, 500, null, 11_000],
  ['TPS62130RGTR', 'ti', 'QFN-16', 17, 3, 2500, null, 35_000],
  ['LM2596S-3.3/NOPB', 'ti', 'TO-263-5', 40, 3, 150, 3.3, 78_000],
  ['LM2596S-5.0/NOPB', 'ti', 'TO-263-5', 40, 3, 150, 5, 78_000],
  ['LM2596S-12/NOPB', 'ti', 'TO-263-5', 40, 3, 150, 12, 78_000],
  ['LM2596S-ADJ/NOPB', 'ti', 'TO-263-5', 40, 3, 150, null, 76_000],
  ['LM2576S-5.0/NOPB', 'ti', 'TO-263-5', 40, 3, 52, 5, 82_000],
  ['LMR14030SDDAR', 'ti', 'SO-8-EP', 40, 3.5, 2200, null, 45_000],
  ['LM5164DDAR', 'ti', 'SO-8-EP', 100, 1, 1000, null, 52_000],
  ['RT8059GJ5', 'richtek', 'TSOT-23-5', 5.5, 1, 1500, null, 3_500],
  ['RT6150BGQW', 'richtek', 'WDFN-10', 5.5, 0.8, 1200, null, 9_000],
  ['RT8259GE', 'richtek', 'SOT-23-6', 24, 1.2, 1400, null, 5_500],
  ['RT7272BGSP', 'richtek', 'SOP-8-EP', 18, 3, 500, null, 8_500],
  ['SGM6132YPS8G/TR', 'sgmicro', 'SOIC-8-EP', 28.5, 3, 1400, null, 9_500],
  ['SGM61410XTDE8G/TR', 'sgmicro', 'TDFN-8', 42, 1, 2200, null, 12_000],
  ['LT8610EMSE#PBF', 'adi', 'MSOP-16-EP', 42, 2.5, 2200, null, 180_000],
  ['ADP2302ARDZ-R7', 'adi', 'SOIC-8', 20, 2, 700, null, 55_000],
  ['LTC3601EUD#PBF', 'adi', 'QFN-16', 15, 1.5, 4000, null, 120_000],
  ['NCP3170ADR2G', 'onsemi', 'SOIC-8', 18, 3, 500, null, 22_000],
  ['AP63203WU-7', 'diodes', 'TSOT-23-6', 32, 2, 1100, 3.3, 9_000],
  ['AP63205WU-7', 'diodes', 'TSOT-23-6', 32, 2, 1100, 5, 9_000],
  ['AP62301WU-7', 'diodes', 'TSOT-23-6', 18, 3, 750, null, 6_800],
  ['L5973D', 'st', 'HSOP-8', 36, 2.5, 250, null, 52_000],
  ['ST1S10PHR', 'st', 'SO-8-EP', 18, 3, 900, null, 32_000],
];

const boostRows: readonly Row[] = [
  ['TPS61023DRLR', 'ti', 'SOT-563', 5.5, 3.7, 1000, null, 9_500],
  ['TPS61088RHLR', 'ti', 'QFN-20', 12.6, 10, 500, null, 48_000],
  ['TPS61040DBVR', 'ti', 'SOT-23-5', 6, 0.4, 1000, null, 8_500],
  ['TPS61030PWPR', 'ti', 'HTSSOP-16', 5.5, 4, 600, null, 55_000],
  ['TPS61170DRVR', 'ti', 'WSON-6', 18, 1.2, 1200, null, 16_000],
  ['LM2733XMFX/NOPB', 'ti', 'SOT-23-5', 12, 1, 1600, null, 18_000],
  ['SGM6603-ADJYN6G/TR', 'sgmicro', 'SOT-23-6', 5.5, 1.1, 1100, null, 4_500],
  ['SGM6607YTDE8G/TR', 'sgmicro', 'TDFN-8', 5.5, 3.8, 1200, null, 8_000],
  ['RT9266GE', 'richtek', 'SOT-23-6', 5.5, 0.6, 600, null, 3_500],
  ['RT9276GQW', 'richtek', 'WDFN-10', 5.5, 3, 1000, null, 9_000],
  ['LT1930ES5#TRMPBF', 'adi', 'TSOT-23-5', 16, 1, 1200, null, 65_000],
  ['ADP1612ARMZ-R7', 'adi', 'MSOP-8', 5.5, 1.4, 1300, null, 30_000],
  ['MC34063ADR', 'ti', 'SOIC-8', 40, 1.5, 100, null, 2_500],
  ['MC34063ABD-TR', 'st', 'SOIC-8', 40, 1.5, 100, null, 2_300],
  ['AP3012KTR-G1', 'diodes', 'SOT-23-5', 16, 0.5, 1500, null, 3_800],
  ['AP3015AKTR-G1', 'diodes', 'SOT-23-5', 16, 0.35, 1000, null, 4_200],
];

function charger(code: string, brand: BrandKey, pkg: string, amps: number, volts: number, vinMax: number, priceE4: number): ProductDraft {
  const current = formatSi(amps, 'A');
  return part({
    code,
    brand,
    category: 'charger',
    pkg,
    description: `单节锂电池线性/开关充电管理芯片 充电电流${current} 充电电压${volts}V 输入最高${vinMax}V ${pkg}`,
    params: [param('outputCurrent', current, amps), param('outputVoltage', `${volts}V`, volts), param('inputVoltageMax', `${vinMax}V`, vinMax)],
    priceE4,
  });
}

const chargerParts: ProductDraft[] = [
  charger('TP4056', 'toppower', 'ESOP-8', 1, 4.2, 8, 1_200),
  charger('TP4054', 'toppower', 'SOT-23-5', 0.5, 4.2, 6.5, 800),
  charger('TP5100', 'toppower', 'QFN-16', 2, 4.2, 18, 4_500),
  charger('TP4057', 'toppower', 'SOT-23-6', 0.5, 4.2, 6.5, 900),
  charger('BQ24075RGTR', 'ti', 'VQFN-16', 1.5, 4.2, 28, 32_000),
  charger('BQ24090DGQR', 'ti', 'MSOP-10', 1, 4.2, 30, 18_000),
  charger('BQ25895RTWR', 'ti', 'WQFN-24', 5, 4.208, 14, 48_000),
  charger('BQ25601RTWR', 'ti', 'WQFN-24', 3, 4.208, 13.5, 28_000),
  charger('BQ24040DSQR', 'ti', 'WSON-10', 0.8, 4.2, 30, 15_000),
  charger('MCP73831T-2ACI/OT', 'microchip', 'SOT-23-5', 0.5, 4.2, 6, 6_500),
  charger('MCP73831T-2DCI/OT', 'microchip', 'SOT-23-5', 0.5, 4.35, 6, 6_500),
  charger('MCP73832T-2ACI/OT', 'microchip', 'SOT-23-5', 0.5, 4.2, 6, 6_000),
  charger('SGM40561YTDI8G/TR', 'sgmicro', 'TDFN-8', 0.8, 4.2, 6.5, 5_000),
  charger('LTC4054ES5-4.2#TRMPBF', 'adi', 'TSOT-23-5', 0.8, 4.2, 6.5, 28_000),
  charger('STC4054GR', 'st', 'TSOT-23-5', 0.8, 4.2, 6.5, 12_000),
];

export const powerFamilies: Family[] = [
  ...ldoFamilies,
  listedFamily('voltage-references', 0.6, referenceParts),
  ...(['ti', 'richtek', 'sgmicro', 'adi', 'onsemi', 'diodes', 'st'] as const).map((brand) =>
    listedFamily(
      `buck-${brand}`,
      0.25,
      buckRows.filter((row) => row[1] === brand).map((row) => switcher('buck', toRow(row))),
    ),
  ),
  ...(['ti', 'sgmicro', 'richtek', 'adi', 'st', 'diodes'] as const).map((brand) =>
    listedFamily(
      `boost-${brand}`,
      0.2,
      boostRows.filter((row) => row[1] === brand).map((row) => switcher('boost', toRow(row))),
    ),
  ),
  ...(['toppower', 'ti', 'microchip', 'sgmicro', 'adi', 'st'] as const).map((brand) =>
    listedFamily(
      `charger-${brand}`,
      0.2,
      chargerParts.filter((draft) => draft.brand === brand),
    ),
  ),
];
