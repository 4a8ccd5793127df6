import type { Db } from '../../../db/create-db.ts';
import { insertProduct } from '../../../testing/factories.ts';

/**
 * A small, fully known catalogue for the data tests: every count a test asserts can be
 * worked out from the lists below. (The demo seed is for people; this is for assertions.)
 */
export interface CatalogFixture {
  groups: { passive: number; ic: number };
  categories: {
    resistor: number;
    chipResistor: number;
    capacitor: number;
    chipCapacitor: number;
    mcu: number;
    armMcu: number;
    power: number;
    ldo: number;
  };
  brands: { yageo: number; uniroyal: number; murata: number; st: number; ti: number };
  attributes: { resistance: number; tolerance: number; power: number; package: number; capacitance: number; voltage: number; core: number };
  /** Product ids by code. */
  products: Map<string, number>;
  resistorCodes: string[];
}

export const resistorValues = [
  { text: '1kΩ', num: 1_000, code: '1001', yageo: '1K' },
  { text: '4.7kΩ', num: 4_700, code: '4701', yageo: '4K7' },
  { text: '10kΩ', num: 10_000, code: '1002', yageo: '10K' },
  { text: '100kΩ', num: 100_000, code: '1003', yageo: '100K' },
];
export const resistorPackages = [
  { name: '0402', power: 0.0625, powerText: '62.5mW' },
  { name: '0603', power: 0.1, powerText: '100mW' },
  { name: '0805', power: 0.125, powerText: '125mW' },
];
export const resistorTolerances = ['±1%', '±5%'];

const now = 1_767_225_600_000;

/** Stock of the i-th resistor: every third one is out of stock. */
export function fixtureResistorStock(index: number): number {
  return index % 3 === 0 ? 0 : 5000 + index * 100;
}

export async function insertCatalogFixture(db: Db): Promise<CatalogFixture> {
  const k = db.kysely;
  const group = async (name: string, sort: number) =>
    (await k.insertInto('categoryGroups').values({ name, sort }).returning('id').executeTakeFirstOrThrow()).id;
  const category = async (name: string, level: 1 | 2, groupId: number | null, parentId: number | null, sort: number) =>
    (await k.insertInto('categories').values({ name, level, groupId, parentId, sort, skuCount: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const brand = async (nameEn: string, nameCn: string | null, intro: string, sort: number) =>
    (
      await k
        .insertInto('brands')
        .values({
          nameEn,
          nameCn,
          initial: nameEn.charAt(0).toUpperCase(),
          logoPath: `brand/${nameEn.toLowerCase()}.svg`,
          intro,
          country: '',
          isPartner: 1,
          sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const attribute = async (name: string, unit: string | null, valueKind: 'number' | 'text') =>
    (await k.insertInto('attributes').values({ name, unit, valueKind }).returning('id').executeTakeFirstOrThrow()).id;

  const passive = await group('被动元件', 1);
  const ic = await group('集成电路(IC)', 2);
  const resistor = await category('电阻', 1, passive, null, 1);
  const chipResistor = await category('贴片电阻', 2, null, resistor, 1);
  const capacitor = await category('电容', 1, passive, null, 2);
  const chipCapacitor = await category('贴片电容(MLCC)', 2, null, capacitor, 1);
  const mcu = await category('单片机(MCU/MPU/SOC)', 1, ic, null, 1);
  const armMcu = await category('ARM单片机', 2, null, mcu, 1);
  const power = await category('电源芯片', 1, ic, null, 2);
  const ldo = await category('线性稳压器(LDO)', 2, null, power, 1);

  const yageo = await brand('YAGEO', '国巨', '国巨股份有限公司是全球领先的被动元件供应商。', 1);
  const uniroyal = await brand('UNI-ROYAL', '厚声', '厚声电子专注于贴片电阻的研发与制造。', 2);
  const murata = await brand('Murata', '村田', '村田制作所是全球领先的电子元器件制造商。', 3);
  const st = await brand('ST', '意法半导体', '意法半导体是全球领先的半导体公司。', 4);
  const ti = await brand('TI', '德州仪器', '德州仪器是全球模拟芯片与嵌入式处理器的领导者。', 5);

  const resistance = await attribute('阻值', 'Ω', 'number');
  const tolerance = await attribute('精度', null, 'text');
  const powerAttr = await attribute('功率', 'W', 'number');
  const packageAttr = await attribute('封装', null, 'text');
  const capacitance = await attribute('容值', 'F', 'number');
  const voltage = await attribute('额定电压', 'V', 'number');
  const core = await attribute('内核', null, 'text');
  const categoryAttributes = [
    [chipResistor, [resistance, tolerance, powerAttr, packageAttr]],
    [chipCapacitor, [capacitance, voltage, packageAttr]],
    [armMcu, [core, packageAttr]],
    [ldo, [voltage, packageAttr]],
  ] as const;
  for (const [categoryId, attributeIds] of categoryAttributes) {
    await k
      .insertInto('categoryAttributes')
      .values(attributeIds.map((attributeId, sort) => ({ categoryId, attributeId, sort })))
      .execute();
  }

  const products = new Map<string, number>();
  const resistorCodes: string[] = [];
  interface NewPart {
    code: string;
    brandId: number;
    firstId: number;
    secondId: number;
    pkg: string;
    description: string;
    stock: number;
    packSize: number;
    tiers: [number, number][];
    params: [number, string, number | null][];
    isSpecialOffer?: boolean;
  }
  const insertPart = async (part: NewPart) => {
    const id = await insertProduct(k, {
      code: part.code,
      brandId: part.brandId,
      categoryFirstId: part.firstId,
      categorySecondId: part.secondId,
      package: part.pkg,
      description: part.description,
      datasheetUrl: `https://example.com/datasheet/${encodeURIComponent(part.code)}.pdf`,
      stock: part.stock,
      packSize: part.packSize,
      imagePath: `package/${part.pkg.toLowerCase()}.svg`,
      isSpecialOffer: part.isSpecialOffer ? 1 : 0,
      // The IC zone (A03) as the seed chooses it: the parts of the chip group's categories.
      isIcZone: part.firstId === mcu || part.firstId === power ? 1 : 0,
      createdAt: now,
      updatedAt: now,
      prices: part.tiers.map(([qtyStart, priceE4]) => ({ qtyStart, priceE4, originalPriceE4: part.isSpecialOffer ? Math.round(priceE4 * 1.25) : null })),
      params: part.params.map(([attributeId, valueText, valueNum]) => ({ attributeId, valueText, valueNum })),
    });
    products.set(part.code, id);
    return id;
  };

  // 4 values × 3 packages × 2 tolerances × 2 brands = 48 chip resistors.
  let index = 0;
  for (const value of resistorValues) {
    for (const pkg of resistorPackages) {
      for (const tol of resistorTolerances) {
        for (const brandId of [yageo, uniroyal]) {
          const isYageo = brandId === yageo;
          const code = isYageo ? `RC${pkg.name}${tol === '±1%' ? 'F' : 'J'}R-07${value.yageo}L` : `${pkg.name}W${tol === '±1%' ? 'F' : 'J'}${value.code}T5E`;
          resistorCodes.push(code);
          await insertPart({
            code,
            brandId,
            firstId: resistor,
            secondId: chipResistor,
            pkg: pkg.name,
            description: `贴片电阻 ${value.text} ${tol} ${pkg.powerText} ${pkg.name}`,
            stock: fixtureResistorStock(index),
            packSize: 100,
            tiers: [
              [100, 50 + index],
              [1000, 32 + index],
              [5000, 25 + index],
            ],
            params: [
              [resistance, value.text, value.num],
              [tolerance, tol, null],
              [powerAttr, pkg.powerText, pkg.power],
              [packageAttr, pkg.name, null],
            ],
            isSpecialOffer: index % 12 === 5,
          });
          index++;
        }
      }
    }
  }

  for (const [i, cap] of ['10nF', '100nF', '1uF'].entries()) {
    for (const [j, volts] of [16, 50].entries()) {
      await insertPart({
        code: `GRM188R71${volts === 16 ? 'C' : 'H'}${['103', '104', '105'][i] ?? ''}KA01D`,
        brandId: murata,
        firstId: capacitor,
        secondId: chipCapacitor,
        pkg: '0603',
        description: `贴片电容 ${cap} ${volts}V X7R 0603`,
        stock: 20000 + i * 1000 + j,
        packSize: 4000,
        tiers: [
          [4000, 80 + i],
          [20000, 60 + i],
        ],
        params: [
          [capacitance, cap, [1e-8, 1e-7, 1e-6][i] ?? null],
          [voltage, `${volts}V`, volts],
          [packageAttr, '0603', null],
        ],
      });
    }
  }

  const mcus = [
    ['STM32F103C8T6', 'Cortex-M3', 'LQFP-48', 128_000, 1200],
    ['STM32F103RCT6', 'Cortex-M3', 'LQFP-64', 185_000, 300],
    ['STM32F030F4P6', 'Cortex-M0', 'TSSOP-20', 21_000, 0],
    ['STM32G431CBU6', 'Cortex-M4', 'UFQFPN-48', 165_000, 80],
  ] as const;
  for (const [code, coreName, pkg, price, stock] of mcus) {
    await insertPart({
      code,
      brandId: st,
      firstId: mcu,
      secondId: armMcu,
      pkg,
      description: `${coreName} 32位单片机 ${pkg}`,
      stock,
      packSize: 1,
      tiers: [
        [1, price],
        [10, Math.round(price * 0.9)],
        [100, Math.round(price * 0.8)],
      ],
      params: [
        [core, coreName, null],
        [packageAttr, pkg, null],
      ],
      isSpecialOffer: code === 'STM32F030F4P6',
    });
  }
  for (const [code, volts, pkg, stock] of [
    ['TLV1117-33IDCYR', 3.3, 'SOT-223', 5000],
    ['LP2985-33DBVR', 3.3, 'SOT-23-5', 0],
    ['TLV70050DBVR', 5, 'SOT-23-5', 3000],
  ] as const) {
    await insertPart({
      code,
      brandId: ti,
      firstId: power,
      secondId: ldo,
      pkg,
      description: `线性稳压器 ${volts}V ${pkg}`,
      stock,
      packSize: 1,
      tiers: [
        [1, 9_000],
        [50, 7_500],
      ],
      params: [
        [voltage, `${volts}V`, volts],
        [packageAttr, pkg, null],
      ],
    });
  }

  for (const [first, second] of [
    [resistor, chipResistor],
    [capacitor, chipCapacitor],
    [mcu, armMcu],
    [power, ldo],
  ] as const) {
    const row = await k
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('categorySecondId', '=', second)
      .executeTakeFirstOrThrow();
    await k.updateTable('categories').set({ skuCount: row.count }).where('id', 'in', [first, second]).execute();
  }

  return {
    groups: { passive, ic },
    categories: { resistor, chipResistor, capacitor, chipCapacitor, mcu, armMcu, power, ldo },
    brands: { yageo, uniroyal, murata, st, ti },
    attributes: { resistance, tolerance, power: powerAttr, package: packageAttr, capacitance, voltage, core },
    products,
    resistorCodes,
  };
}

/** Product id by code, failing loudly for a code the fixture does not have. */
export function fixtureProductId(fixture: CatalogFixture, code: string): number {
  const id = fixture.products.get(code);
  if (id === undefined) throw new Error(`fixture has no product ${code}`);
  return id;
}
