import type { SearchParams } from '../../../../contract/search.ts';
import type { Db } from '../../../db/create-db.ts';
import { insertProduct } from '../../../testing/factories.ts';

/**
 * A small catalogue whose every search answer can be worked out by hand: famous part
 * numbers with packaging variants, resistors and capacitors with typed values, and brands
 * and categories in Chinese and English.
 */
export interface SearchFixture {
  brands: Record<'ti' | 'st' | 'yageo' | 'uniroyal' | 'murata' | 'nexperia' | 'diodes' | 'adi' | 'ams', number>;
  categories: Record<
    'resistor' | 'chipResistor' | 'capacitor' | 'mlcc' | 'mcu' | 'armMcu' | 'power' | 'ldo' | 'amplifier' | 'opAmp' | 'discrete' | 'mosfet' | 'diode',
    number
  >;
  /** Product ids by code. */
  products: Map<string, number>;
  /** The generated 0402 resistors (for pagination): 45 parts. */
  bulkResistorCount: number;
}

const now = 1_767_225_600_000;

interface Part {
  code: string;
  brand: keyof SearchFixture['brands'];
  first: keyof SearchFixture['categories'];
  second: keyof SearchFixture['categories'];
  pkg: string;
  description: string;
  stock: number;
  /** Price of the first tier (e4); later tiers are cheaper. */
  priceE4: number;
  params?: [attribute: 'resistance' | 'tolerance' | 'power' | 'capacitance' | 'voltage' | 'dielectric' | 'core', text: string, num: number | null][];
}

const famousParts: Part[] = [
  {
    code: 'STM32F103C8T6',
    brand: 'st',
    first: 'mcu',
    second: 'armMcu',
    pkg: 'LQFP-48',
    description: 'ARM Cortex-M3 32位单片机 64KB Flash 72MHz',
    stock: 12000,
    priceE4: 68000,
    params: [['core', 'ARM Cortex-M3', null]],
  },
  {
    code: 'STM32F103C8T6TR',
    brand: 'st',
    first: 'mcu',
    second: 'armMcu',
    pkg: 'LQFP-48',
    description: 'ARM Cortex-M3 32位单片机 64KB Flash 卷带包装',
    stock: 0,
    priceE4: 66000,
    params: [['core', 'ARM Cortex-M3', null]],
  },
  {
    code: 'STM32F103RBT6',
    brand: 'st',
    first: 'mcu',
    second: 'armMcu',
    pkg: 'LQFP-64',
    description: 'ARM Cortex-M3 32位单片机 128KB Flash',
    stock: 3000,
    priceE4: 98000,
    params: [['core', 'ARM Cortex-M3', null]],
  },
  {
    code: 'STM32F407VGT6',
    brand: 'st',
    first: 'mcu',
    second: 'armMcu',
    pkg: 'LQFP-100',
    description: 'ARM Cortex-M4 32位单片机 1MB Flash 168MHz',
    stock: 800,
    priceE4: 285000,
    params: [['core', 'ARM Cortex-M4', null]],
  },
  {
    code: 'RC0603FR-0710KL',
    brand: 'yageo',
    first: 'resistor',
    second: 'chipResistor',
    pkg: '0603',
    description: '厚膜贴片电阻 10kΩ ±1% 100mW',
    stock: 500000,
    priceE4: 25,
    params: [
      ['resistance', '10kΩ', 10_000],
      ['tolerance', '±1%', 1],
      ['power', '100mW', 0.1],
    ],
  },
  {
    code: 'RC0603JR-0710KL',
    brand: 'yageo',
    first: 'resistor',
    second: 'chipResistor',
    pkg: '0603',
    description: '厚膜贴片电阻 10kΩ ±5% 100mW',
    stock: 300000,
    priceE4: 18,
    params: [
      ['resistance', '10kΩ', 10_000],
      ['tolerance', '±5%', 5],
      ['power', '100mW', 0.1],
    ],
  },
  {
    code: 'RC0805FR-0710KL',
    brand: 'yageo',
    first: 'resistor',
    second: 'chipResistor',
    pkg: '0805',
    description: '厚膜贴片电阻 10kΩ ±1% 125mW',
    stock: 0,
    priceE4: 30,
    params: [
      ['resistance', '10kΩ', 10_000],
      ['tolerance', '±1%', 1],
      ['power', '125mW', 0.125],
    ],
  },
  {
    code: 'RC0603FR-074K7L',
    brand: 'yageo',
    first: 'resistor',
    second: 'chipResistor',
    pkg: '0603',
    description: '厚膜贴片电阻 4.7kΩ ±1% 100mW',
    stock: 200000,
    priceE4: 25,
    params: [
      ['resistance', '4.7kΩ', 4700],
      ['tolerance', '±1%', 1],
      ['power', '100mW', 0.1],
    ],
  },
  {
    code: '0603WAF1002T5E',
    brand: 'uniroyal',
    first: 'resistor',
    second: 'chipResistor',
    pkg: '0603',
    description: '厚膜贴片电阻 10kΩ ±1% 100mW',
    stock: 800000,
    priceE4: 21,
    params: [
      ['resistance', '10kΩ', 10_000],
      ['tolerance', '±1%', 1],
      ['power', '100mW', 0.1],
    ],
  },
  {
    code: 'GRM188R71H104KA93D',
    brand: 'murata',
    first: 'capacitor',
    second: 'mlcc',
    pkg: '0603',
    description: '多层陶瓷电容 100nF ±10% 50V X7R',
    stock: 400000,
    priceE4: 60,
    params: [
      ['capacitance', '100nF', 1e-7],
      ['voltage', '50V', 50],
      ['dielectric', 'X7R', null],
    ],
  },
  {
    code: 'GRM188R71C104KA01D',
    brand: 'murata',
    first: 'capacitor',
    second: 'mlcc',
    pkg: '0603',
    description: '多层陶瓷电容 100nF ±10% 16V X7R',
    stock: 350000,
    priceE4: 40,
    params: [
      ['capacitance', '100nF', 1e-7],
      ['voltage', '16V', 16],
      ['dielectric', 'X7R', null],
    ],
  },
  {
    code: 'GRM188R71H103KA01D',
    brand: 'murata',
    first: 'capacitor',
    second: 'mlcc',
    pkg: '0603',
    description: '多层陶瓷电容 10nF ±10% 50V X7R',
    stock: 100000,
    priceE4: 35,
    params: [
      ['capacitance', '10nF', 1e-8],
      ['voltage', '50V', 50],
      ['dielectric', 'X7R', null],
    ],
  },
  { code: 'LM358DR', brand: 'ti', first: 'amplifier', second: 'opAmp', pkg: 'SOIC-8', description: '双路通用运算放大器 低功耗', stock: 25000, priceE4: 9800 },
  {
    code: 'TPS5430DDAR',
    brand: 'ti',
    first: 'power',
    second: 'ldo',
    pkg: 'SO-8-PowerPad',
    description: '降压型DC-DC转换器 3A 500kHz',
    stock: 4000,
    priceE4: 45000,
  },
  {
    code: 'AMS1117-3.3',
    brand: 'ams',
    first: 'power',
    second: 'ldo',
    pkg: 'SOT-223',
    description: '低压差线性稳压器(LDO) 3.3V 1A',
    stock: 90000,
    priceE4: 3500,
    params: [['voltage', '3.3V', 3.3]],
  },
  {
    code: 'LT1763CS8#PBF',
    brand: 'adi',
    first: 'power',
    second: 'ldo',
    pkg: 'SOIC-8',
    description: '低噪声低压差线性稳压器 500mA',
    stock: 600,
    priceE4: 420000,
  },
  {
    code: 'BSS138,215',
    brand: 'nexperia',
    first: 'discrete',
    second: 'mosfet',
    pkg: 'SOT-23',
    description: 'N沟道场效应管 MOSFET 50V 200mA',
    stock: 150000,
    priceE4: 1500,
  },
  {
    code: '1N4148W-7-F',
    brand: 'diodes',
    first: 'discrete',
    second: 'diode',
    pkg: 'SOD-123',
    description: '开关二极管 75V 150mA',
    stock: 220000,
    priceE4: 500,
  },
];

/** 45 resistors that share a prefix, for pages: RC0402FR-07{n}RL, n = 1…45 ohms. */
function bulkResistors(): Part[] {
  return Array.from({ length: 45 }, (_, i) => {
    const ohms = i + 1;
    return {
      code: `RC0402FR-07${ohms}RL`,
      brand: 'yageo',
      first: 'resistor',
      second: 'chipResistor',
      pkg: '0402',
      description: `厚膜贴片电阻 ${ohms}Ω ±1% 62.5mW`,
      stock: i % 4 === 0 ? 0 : 10_000 + i * 1000,
      priceE4: 40 + (i % 9) * 3,
      params: [
        ['resistance', `${ohms}Ω`, ohms],
        ['tolerance', '±1%', 1],
        ['power', '62.5mW', 0.0625],
      ],
    } satisfies Part;
  });
}

export async function insertSearchFixture(db: Db): Promise<SearchFixture> {
  const k = db.kysely;
  const brandRows: [keyof SearchFixture['brands'], string, string | null][] = [
    ['ti', 'TI', '德州仪器'],
    ['st', 'ST', '意法半导体'],
    ['yageo', 'Yageo', '国巨'],
    ['uniroyal', 'UNI-ROYAL', '厚声'],
    ['murata', 'Murata', '村田'],
    ['nexperia', 'Nexperia', '安世'],
    ['diodes', 'Diodes', '美台'],
    ['adi', 'ADI', '亚德诺'],
    ['ams', 'AMS', null],
  ];
  const brands = {} as SearchFixture['brands'];
  for (const [key, nameEn, nameCn] of brandRows) {
    brands[key] = (
      await k
        .insertInto('brands')
        .values({ nameEn, nameCn, initial: nameEn.charAt(0), logoPath: null, intro: '', country: '', isPartner: 0, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const { id: groupId } = await k.insertInto('categoryGroups').values({ name: '电子元器件', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const categoryRows: [keyof SearchFixture['categories'], string, keyof SearchFixture['categories'] | null][] = [
    ['resistor', '电阻', null],
    ['chipResistor', '贴片电阻', 'resistor'],
    ['capacitor', '电容', null],
    ['mlcc', '贴片电容(MLCC)', 'capacitor'],
    ['mcu', '单片机(MCU/MPU/SOC)', null],
    ['armMcu', 'ARM单片机', 'mcu'],
    ['power', '电源芯片', null],
    ['ldo', '线性稳压器(LDO)', 'power'],
    ['amplifier', '放大器', null],
    ['opAmp', '运算放大器', 'amplifier'],
    ['discrete', '分立器件', null],
    ['mosfet', '场效应管(MOSFET)', 'discrete'],
    ['diode', '开关二极管', 'discrete'],
  ];
  const categories = {} as SearchFixture['categories'];
  for (const [key, name, parent] of categoryRows) {
    const parentId = parent === null ? null : categories[parent];
    categories[key] = (
      await k
        .insertInto('categories')
        .values({ groupId: parentId === null ? groupId : null, parentId, level: parentId === null ? 1 : 2, name, sort: 0, skuCount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const attributeRows = [
    ['resistance', '阻值', 'Ω', 'number'],
    ['tolerance', '精度', '%', 'number'],
    ['power', '功率', 'W', 'number'],
    ['capacitance', '容值', 'F', 'number'],
    ['voltage', '额定电压', 'V', 'number'],
    ['dielectric', '材质(介质)', null, 'text'],
    ['core', '内核', null, 'text'],
  ] as const;
  const attributes = new Map<string, number>();
  for (const [key, name, unit, valueKind] of attributeRows) {
    attributes.set(key, (await k.insertInto('attributes').values({ name, unit, valueKind }).returning('id').executeTakeFirstOrThrow()).id);
  }

  const products = new Map<string, number>();
  const parts = [...famousParts, ...bulkResistors()];
  for (const part of parts) {
    const id = await insertProduct(k, {
      code: part.code,
      brandId: brands[part.brand],
      categoryFirstId: categories[part.first],
      categorySecondId: categories[part.second],
      package: part.pkg,
      description: part.description,
      stock: part.stock,
      packSize: part.priceE4 < 100 ? 100 : 1,
      createdAt: now,
      updatedAt: now,
      prices: [
        { qtyStart: 1, priceE4: part.priceE4 },
        { qtyStart: 100, priceE4: Math.max(1, Math.round(part.priceE4 * 0.8)) },
      ],
      params: (part.params ?? []).map(([attribute, valueText, valueNum]) => ({ attributeId: attributes.get(attribute) ?? 0, valueText, valueNum })),
    });
    products.set(part.code, id);
  }
  return { brands, categories, products, bulkResistorCount: 45 };
}

/** A search for `key` with every filter off, page 1, default sort: `extra` sets the rest. */
export const searchParamsOf = (key: string, extra: Partial<SearchParams> = {}): SearchParams => ({
  key,
  categoryId: null,
  brandId: null,
  package: null,
  isInStock: false,
  sort: 0,
  page: 1,
  ...extra,
});
