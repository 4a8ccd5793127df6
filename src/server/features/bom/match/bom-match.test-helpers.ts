import type { Kysely } from 'kysely';
import { defaultBomQuantityOptions, type BomLineInput, type BomLineQuery } from '../../../../contract/bom.ts';
import type { Database } from '../../../db/database.ts';
import { insertProduct } from '../../../testing/factories.ts';

/**
 * A small catalogue whose every BOM match can be worked out by hand: chip resistors and MLCCs with
 * their key parameters (the categories' attributes), MCUs with a packaging variant and a domestic
 * pin-compatible part, and an op-amp. Brands carry their country (国产 = 中国).
 */
export interface BomMatchFixture {
  /** Product ids by code. */
  products: Map<string, number>;
}

type AttributeKey = 'package' | 'resistance' | 'tolerance' | 'power' | 'capacitance' | 'voltage' | 'dielectric' | 'core' | 'flash';

const attributeRows: [AttributeKey, string, string | null, 'number' | 'text'][] = [
  ['package', '封装', null, 'text'],
  ['resistance', '阻值', 'Ω', 'number'],
  ['tolerance', '精度', '%', 'number'],
  ['power', '功率', 'W', 'number'],
  ['capacitance', '容值', 'F', 'number'],
  ['voltage', '额定电压', 'V', 'number'],
  ['dielectric', '材质(介质)', null, 'text'],
  ['core', '内核', null, 'text'],
  ['flash', '程序存储容量', 'B', 'number'],
];

type BrandKey = 'yageo' | 'uniroyal' | 'murata' | 'samsung' | 'fenghua' | 'st' | 'gigadevice' | 'ti';
const brandRows: [BrandKey, string, string | null, string][] = [
  ['yageo', 'Yageo', '国巨', '中国台湾'],
  ['uniroyal', 'UNI-ROYAL', '厚声', '中国'],
  ['murata', 'Murata', '村田', '日本'],
  ['samsung', 'Samsung', '三星', '韩国'],
  ['fenghua', 'FH', '风华', '中国'],
  ['st', 'ST', '意法半导体', '瑞士'],
  ['gigadevice', 'GigaDevice', '兆易创新', '中国'],
  ['ti', 'TI', '德州仪器', '美国'],
];

type CategoryKey = 'resistor' | 'ntc' | 'bead' | 'mlcc' | 'mcu' | 'opAmp';
const categoryRows: [CategoryKey, string, string, AttributeKey[]][] = [
  ['resistor', '电阻', '贴片电阻', ['package', 'resistance', 'tolerance', 'power']],
  ['ntc', '热敏电阻', 'NTC热敏电阻', ['package', 'resistance', 'tolerance']],
  ['bead', '电感/磁珠', '磁珠', ['package', 'resistance']],
  ['mlcc', '电容', '贴片电容(MLCC)', ['package', 'capacitance', 'voltage', 'dielectric', 'tolerance']],
  ['mcu', '单片机', 'ARM单片机', ['package', 'core', 'flash']],
  ['opAmp', '放大器', '运算放大器', ['package']],
];

interface Part {
  code: string;
  brand: BrandKey;
  category: CategoryKey;
  pkg: string;
  description: string;
  stock: number;
  packSize: number;
  /** Unit prices from 1, 100 and 1,000 pieces (e4). */
  prices: [number, number, number];
  params: [AttributeKey, string, number | null][];
}

const resistor = (code: string, brand: BrandKey, pkg: string, ohms: string, tolerance: string, power: string, stock: number, price: number): Part => ({
  code,
  brand,
  category: 'resistor',
  pkg,
  description: `厚膜贴片电阻 ${ohms} ${tolerance} ${power}`,
  stock,
  packSize: 100,
  prices: [price, Math.round(price * 0.6), Math.round(price * 0.4)],
  params: [
    ['package', pkg, null],
    ['resistance', ohms, null],
    ['tolerance', tolerance, null],
    ['power', power, null],
  ],
});

const mlcc = (code: string, brand: BrandKey, pkg: string, value: string, voltage: string, dielectric: string, stock: number, price: number): Part => ({
  code,
  brand,
  category: 'mlcc',
  pkg,
  description: `多层陶瓷电容 ${value} ${voltage} ${dielectric} ±10%`,
  stock,
  packSize: 100,
  prices: [price, Math.round(price * 0.7), Math.round(price * 0.5)],
  params: [
    ['package', pkg, null],
    ['capacitance', value, null],
    ['voltage', voltage, null],
    ['dielectric', dielectric, null],
    ['tolerance', '±10%', null],
  ],
});

const mcu = (code: string, brand: BrandKey, stock: number, price: number): Part => ({
  code,
  brand,
  category: 'mcu',
  pkg: 'LQFP-48',
  description: 'ARM Cortex-M3 32位单片机 64KB Flash 72MHz',
  stock,
  packSize: 1,
  prices: [price, Math.round(price * 0.9), Math.round(price * 0.8)],
  params: [
    ['package', 'LQFP-48', null],
    ['core', 'ARM Cortex-M3', null],
    ['flash', '64KB', 65_536],
  ],
});

export const bomMatchParts: Part[] = [
  resistor('RC0603FR-0710KL', 'yageo', '0603', '10kΩ', '±1%', '100mW', 500_000, 25),
  // The "10k 0603 1%" ×300: the resistors out of stock, an NTC of the same value in stock.
  resistor('0603WAF4701T5E', 'uniroyal', '0603', '4.7kΩ', '±1%', '100mW', 0, 21),
  resistor('0603WAF2873T5E', 'uniroyal', '0603', '287kΩ', '±1%', '100mW', 60_000, 21),
  { ...resistor('NCP18XM472F03RB', 'murata', '0603', '4.7kΩ', '±1%', '100mW', 90_000, 400), category: 'ntc', description: 'NTC热敏电阻 4.7kΩ ±1% B=3500' },
  {
    ...resistor('BLM18KG601SN1D', 'murata', '0603', '600Ω', '±25%', '', 70_000, 60),
    category: 'bead',
    description: '贴片磁珠 600Ω@100MHz 1.3A',
    params: [
      ['package', '0603', null],
      ['resistance', '600Ω', null],
    ],
  },
  resistor('0603WAF1002T5E', 'uniroyal', '0603', '10kΩ', '±1%', '100mW', 800_000, 21),
  resistor('RC0603JR-0710KL', 'yageo', '0603', '10kΩ', '±5%', '100mW', 300_000, 18),
  resistor('RC0805FR-0710KL', 'yageo', '0805', '10kΩ', '±1%', '125mW', 0, 30),
  resistor('0805W8F1002T5E', 'uniroyal', '0805', '10kΩ', '±1%', '125mW', 40_000, 28),
  mlcc('GRM155R71C104KA88D', 'murata', '0402', '100nF', '16V', 'X7R', 0, 40),
  mlcc('CL05B104KO5NNNC', 'samsung', '0402', '100nF', '16V', 'X7R', 100_000, 30),
  mlcc('0402B104K160NT', 'fenghua', '0402', '100nF', '16V', 'X7R', 200_000, 20),
  mlcc('GRM155R71H104KE14D', 'murata', '0402', '100nF', '50V', 'X7R', 90_000, 60),
  mlcc('GRM21BR61A226ME44L', 'murata', '0805', '22uF', '10V', 'X5R', 50_000, 900),
  mcu('STM32F103C8T6', 'st', 12_000, 68_000),
  mcu('STM32F103C8T6TR', 'st', 0, 66_000),
  mcu('GD32F103C8T6', 'gigadevice', 5000, 52_000),
  {
    code: 'LM358DR',
    brand: 'ti',
    category: 'opAmp',
    pkg: 'SOIC-8',
    description: '双路通用运算放大器',
    stock: 25_000,
    packSize: 1,
    prices: [9800, 8000, 7000],
    params: [['package', 'SOIC-8', null]],
  },
];

async function insertCatalogueRows(db: Kysely<Database>) {
  const attributes = new Map<AttributeKey, number>();
  for (const [key, name, unit, valueKind] of attributeRows) {
    attributes.set(key, (await db.insertInto('attributes').values({ name, unit, valueKind }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const brands = new Map<BrandKey, number>();
  for (const [key, nameEn, nameCn, country] of brandRows) {
    const row = { nameEn, nameCn, initial: nameEn.charAt(0), logoPath: null, intro: '', country, isPartner: 0, sort: 0 };
    brands.set(key, (await db.insertInto('brands').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }
  const { id: groupId } = await db.insertInto('categoryGroups').values({ name: '电子元器件', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const categories = new Map<CategoryKey, { first: number; second: number }>();
  for (const [key, firstName, secondName, keys] of categoryRows) {
    const first = (
      await db
        .insertInto('categories')
        .values({ groupId, parentId: null, level: 1, name: firstName, sort: 0, skuCount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const second = (
      await db
        .insertInto('categories')
        .values({ groupId: null, parentId: first, level: 2, name: secondName, sort: 0, skuCount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('categoryAttributes')
      .values(keys.map((attribute, sort) => ({ categoryId: second, attributeId: attributes.get(attribute) ?? 0, sort })))
      .execute();
    categories.set(key, { first, second });
  }
  return { attributes, brands, categories };
}

export async function insertBomMatchFixture(db: Kysely<Database>): Promise<BomMatchFixture> {
  const { attributes, brands, categories } = await insertCatalogueRows(db);
  const products = new Map<string, number>();
  for (const part of bomMatchParts) {
    const category = categories.get(part.category);
    const id = await insertProduct(db, {
      code: part.code,
      brandId: brands.get(part.brand) ?? 0,
      categoryFirstId: category?.first ?? 0,
      categorySecondId: category?.second ?? 0,
      package: part.pkg,
      description: part.description,
      stock: part.stock,
      packSize: part.packSize,
      prices: [
        { qtyStart: 1, priceE4: part.prices[0] },
        { qtyStart: 100, priceE4: part.prices[1] },
        { qtyStart: 1000, priceE4: part.prices[2] },
      ],
      params: part.params.map(([attribute, valueText, valueNum]) => ({ attributeId: attributes.get(attribute) ?? 0, valueText, valueNum })),
    });
    products.set(part.code, id);
  }
  return { products };
}

let lineSequence = 0;

/** A BOM line as the parser would hand it over: the cells given, one piece per board unless said. */
export function bomLine(
  query: Partial<BomLineQuery>,
  extra: Partial<Pick<BomLineInput, 'designators' | 'isNotFitted' | 'requiredQuantity'>> = {},
): BomLineInput {
  lineSequence++;
  const requiredQuantity = extra.requiredQuantity ?? (extra.isNotFitted ? 0 : 10);
  return {
    lineNo: lineSequence,
    sourceRows: [lineSequence - 1],
    query: { mpn: '', storeCode: '', value: '', description: '', package: '', brand: '', ...query },
    designators: extra.designators ?? [],
    quantityPerBoard: requiredQuantity / defaultBomQuantityOptions.boards,
    requiredQuantity,
    isNotFitted: extra.isNotFitted ?? false,
    notes: [],
  };
}
