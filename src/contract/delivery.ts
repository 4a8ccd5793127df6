import { formatCents, formatShortCents } from './money.ts';
import type { Carrier } from './order.ts';
import { freeShippingThresholdCents } from './order.ts';
import { defaultCutoffTime } from './warehouse.ts';

/**
 * Delivery (issue 10): the five carriers of /common/api/queryExpressList and the freight table,
 * pure so the checkout page can explain a fee the server computed. docs/decisions/0011-orders-freight-and-placement.md.
 *
 * - Fee = first kilogram + each further kilogram (rounded up), by carrier and by the zone of the
 *   receiver's province (GB/T 2260 code's first two digits), as the carriers' contracts price them.
 * - 满 99 包邮 (the banner) applies to the economy carriers (中通, 圆通) outside the remote zone,
 *   as LCSC's 默认快递 does; 顺丰 and 京东 are paid express. The threshold is the goods amount at
 *   tier prices before coupons. 自提 is free and needs no address.
 */
export const CarrierCode = { sf: 'sf', jd: 'jd', zto: 'zto', yto: 'yto', pickup: 'pickup' } as const;
export type CarrierCode = (typeof CarrierCode)[keyof typeof CarrierCode];

export const FreightZone = { local: 'local', near: 'near', far: 'far', remote: 'remote' } as const;
export type FreightZone = (typeof FreightZone)[keyof typeof FreightZone];

export const freightZoneNames: Record<FreightZone, string> = {
  local: '江浙沪',
  near: '华北、华中、华南',
  far: '东北、西南、西北',
  remote: '新疆、西藏及港澳台',
};

/** Province codes (first two digits of GB/T 2260) by zone; any province not listed is far. */
const zoneOfProvince: Readonly<Record<string, FreightZone>> = {
  '31': 'local',
  '32': 'local',
  '33': 'local',
  ...Object.fromEntries(['11', '12', '13', '14', '34', '35', '36', '37', '41', '42', '43', '44', '45'].map((code) => [code, 'near'])),
  ...Object.fromEntries(['54', '65', '71', '81', '82'].map((code) => [code, 'remote'])),
};

export function freightZoneOf(provinceCode: string): FreightZone {
  return zoneOfProvince[provinceCode.slice(0, 2)] ?? 'far';
}

/** 满¥99包邮: the note of the free-shipping threshold (a site setting staff change in the console). */
export function freeShippingNote(thresholdCents: number): string {
  return `满${formatShortCents(thresholdCents)}包邮`;
}

/** Cents: [first kilogram, each further kilogram]. */
type FeeTable = Record<FreightZone, readonly [number, number]>;

interface CarrierTerms extends Carrier {
  fees: FeeTable;
}

const carrierTerms: readonly CarrierTerms[] = [
  {
    code: CarrierCode.zto,
    name: '中通快递',
    isPickup: false,
    hasFreeShipping: true,
    description: `${freeShippingNote(freeShippingThresholdCents)}（偏远地区除外），3-5天送达`,
    fees: { local: [600, 100], near: [800, 200], far: [1000, 400], remote: [2000, 1500] },
  },
  {
    code: CarrierCode.yto,
    name: '圆通速递',
    isPickup: false,
    hasFreeShipping: true,
    description: `${freeShippingNote(freeShippingThresholdCents)}（偏远地区除外），3-5天送达`,
    fees: { local: [600, 100], near: [800, 200], far: [1000, 400], remote: [2000, 1500] },
  },
  {
    code: CarrierCode.sf,
    name: '顺丰速运',
    isPickup: false,
    hasFreeShipping: false,
    description: '次日达，运费按重量及地区计算',
    fees: { local: [1200, 200], near: [1500, 500], far: [1800, 800], remote: [2500, 1800] },
  },
  {
    code: CarrierCode.jd,
    name: '京东快递',
    isPickup: false,
    hasFreeShipping: false,
    description: '1-2天送达，运费按重量及地区计算',
    fees: { local: [1000, 200], near: [1300, 400], far: [1600, 700], remote: [2300, 1600] },
  },
  {
    code: CarrierCode.pickup,
    name: '上门自提',
    isPickup: true,
    hasFreeShipping: true,
    description: '免运费，无需收货地址',
    fees: { local: [0, 0], near: [0, 0], far: [0, 0], remote: [0, 0] },
  },
];

/** The carriers in the order the checkout lists them (the first is the default). */
export const carriers: readonly Carrier[] = carrierTerms.map(({ fees: _fees, ...carrier }) => carrier);

export const defaultCarrierCode: CarrierCode = CarrierCode.zto;

/** 上门自提's note: where to collect (a site fact: the pickup warehouse's address or the site setting), free, no address needed. */
export function pickupDescriptionOf(pickupAddress: string): string {
  return pickupAddress === '' ? '免运费，无需收货地址' : `${pickupAddress}自提，免运费，无需收货地址`;
}

/** The carriers as checkout lists them under the store's current free-shipping threshold and pickup address. */
export function carriersWithThreshold(thresholdCents: number, pickupAddress = ''): Carrier[] {
  const standard = freeShippingNote(freeShippingThresholdCents);
  return carriers.map((carrier) => ({
    ...carrier,
    description: carrier.isPickup ? pickupDescriptionOf(pickupAddress) : carrier.description.replace(standard, freeShippingNote(thresholdCents)),
  }));
}

/** A carrier's fees by zone in cents, [first kilogram, each further kilogram], as freightOf charges them; null when unknown. */
export function freightTableOf(carrierCode: string): Readonly<Record<FreightZone, readonly [number, number]>> | null {
  return carrierTerms.find((carrier) => carrier.code === carrierCode)?.fees ?? null;
}

/**
 * When a paid order leaves its warehouse (the help page 配送说明 shows these; staff work 周一至周六), by the
 * cut-off: the earliest of the warehouses' (a site fact), so the promise holds wherever the parts lie.
 */
export function dispatchTimesAt(cutoffTime = defaultCutoffTime): { situation: string; time: string }[] {
  return [
    { situation: `现货订单，周一至周六 9:00-${cutoffTime} 付款`, time: '付款后 2 小时内发货' },
    { situation: `现货订单，${cutoffTime} 以后或周日、法定节假日付款`, time: '下一个工作日 12:00 前发货' },
    { situation: '缺货商品选择“等待全部到货后发货”', time: '全部到货后 1 个工作日内发货' },
    { situation: '对公转账订单', time: '到账确认后按以上时效发货' },
  ];
}

export function findCarrier(code: string): Carrier | null {
  return carriers.find((carrier) => carrier.code === code) ?? null;
}

export interface Freight {
  cents: number;
  isFreeShipping: boolean;
  /** Chinese, beside the fee: 满¥99包邮 / 首重1kg ¥8.00，续重每kg ¥2.00（2.3kg） */
  note: string;
}

const gramsPerKilogram = 1000;

/** Billed kilograms: at least one, every started kilogram counts. */
export function billedKilograms(weightGrams: number): number {
  return Math.max(1, Math.ceil(weightGrams / gramsPerKilogram));
}

/** The freight of one parcel; null when the carrier is unknown. provinceCode is ignored for pickup. */
export function freightOf(
  carrierCode: string,
  provinceCode: string,
  weightGrams: number,
  goodsCents: number,
  thresholdCents = freeShippingThresholdCents,
): Freight | null {
  const terms = carrierTerms.find((carrier) => carrier.code === carrierCode);
  if (!terms) return null;
  if (terms.isPickup) return { cents: 0, isFreeShipping: true, note: '自提免运费' };
  const zone = freightZoneOf(provinceCode);
  if (terms.hasFreeShipping && zone !== FreightZone.remote && goodsCents >= thresholdCents) {
    return { cents: 0, isFreeShipping: true, note: freeShippingNote(thresholdCents) };
  }
  const [first, extra] = terms.fees[zone];
  const kilograms = billedKilograms(weightGrams);
  // eslint-disable-next-line xinpin/money-text-in-money-module -- kilograms, not money
  const kg = (weightGrams / gramsPerKilogram).toFixed(2);
  return {
    cents: first + (kilograms - 1) * extra,
    isFreeShipping: false,
    note: `${freightZoneNames[zone]}：首重1kg ${formatCents(first)}，续重每kg ${formatCents(extra)}（约${kg}kg）`,
  };
}

/**
 * Milligrams per piece by package family, a rough estimate (products carry no weight): chip
 * passives by their size code, then common IC and discrete packages; anything else 200 mg.
 */
const pieceMilligrams: readonly (readonly [RegExp, number])[] = [
  [/\b(01005|0201)\b/, 0.2],
  [/\b0402\b/, 1],
  [/\b0603\b/, 3],
  [/\b0805\b/, 8],
  [/\b1206\b/, 15],
  [/\b(1210|1812|2010|2512)\b/, 30],
  [/SOT-?23|SOT-?323|SOT-?523|SC-?70|SOD/i, 10],
  [/DFN|QFN|SON\b/i, 50],
  [/SOP|SOIC|SSOP|TSSOP|MSOP/i, 80],
  [/SOT-?223|SOT-?89/i, 120],
  [/LQFP|TQFP|QFP/i, 300],
  [/BGA/i, 500],
  [/TO-?252|TO-?263|D-?PAK/i, 400],
  [/DIP/i, 1000],
  [/TO-?220|TO-?247|TO-?3P/i, 2000],
];
const defaultPieceMilligrams = 200;
/** The box and filler of a parcel, and the bag or reel section of each line. */
export const parcelGrams = 100;
export const lineGrams = 5;

export function pieceMilligramsOf(packageName: string): number {
  return pieceMilligrams.find(([pattern]) => pattern.test(packageName))?.[1] ?? defaultPieceMilligrams;
}

/** The grams one line adds to the parcel: its pieces and its bag, rounded up. */
export function lineWeightGrams(packageName: string, quantity: number): number {
  return lineGrams + Math.ceil((pieceMilligramsOf(packageName) * quantity) / 1000);
}

export function parcelWeightGrams(lineWeights: readonly number[]): number {
  return parcelGrams + lineWeights.reduce((sum, grams) => sum + grams, 0);
}
