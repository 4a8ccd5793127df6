import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { CarrierCode, freightOf, lineWeightGrams, parcelWeightGrams } from '../../../contract/delivery.ts';
import { amountCentsOf } from '../../../contract/money.ts';
import { OrderStatus, ShortfallChoice, type OrderAddress } from '../../../contract/order.ts';
import { unitPriceE4At } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import type { Db } from '../../db/create-db.ts';
import { createRandom, type Random } from '../../seed/random.ts';
import { checkHasUser, findOrCreateMember } from '../account/account.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { newOrderNo } from './order-number.ts';
import { allocateTakenUnits, recordLineAllocations } from '../warehouse/warehouse-stock.service.ts';
import { findSeedProductIds, insertOrder, insertOrderEvents, insertOrderLines, readStock, takeStockIfUnchanged } from './order.repository.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Mobile prefixes of the generated buyers; none start with 13, the prefix e2e tests register with. */
const buyerPrefixes = ['150', '151', '152', '155', '158', '159', '166', '173', '177', '180', '181', '186', '187', '188', '189', '191', '199'];
const buyerCount = 30;
/** The demo member (the account seed's) gets one order in each state, so its order list shows every tab. */
const demoMemberPhone = '13800138000';

async function createBuyers(db: Kysely<Database>, random: Random, now: number): Promise<number[]> {
  const ids: number[] = [];
  const phones = new Set<string>();
  while (phones.size < buyerCount) phones.add(`${random.pick(buyerPrefixes)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`);
  for (const phone of phones) ids.push(await findOrCreateMember(db, { phone, password: null, createdAt: now - random.int(30, 400) * day }));
  return ids;
}

/** The store's first start: demo buyers and their orders; the demo member's only when its seed made it. */
export async function seedOrders(db: Db, now = Date.now()): Promise<number> {
  const k = db.kysely;
  const random = createRandom(20_260_611);
  const buyerIds = await createBuyers(k, random, now);
  const memberId = (await checkHasUser(k, demoMemberPhone)) ? await findOrCreateMember(k, { phone: demoMemberPhone, password: null, createdAt: now }) : null;
  return seedDemoOrders(k, { buyerIds, memberId, now, random });
}

const demoAddresses: (OrderAddress & { provinceCode: string })[] = [
  {
    receiver: '王工',
    phone: '13800138000',
    provinceCode: '310000',
    provinceName: '上海市',
    cityName: '上海市',
    districtName: '闵行区',
    detail: '莘庄工业区春东路 508 号',
  },
  {
    receiver: '李工',
    phone: '13912345678',
    provinceCode: '440000',
    provinceName: '广东省',
    cityName: '深圳市',
    districtName: '南山区',
    detail: '科技园南区高新南一道 9 号',
  },
  {
    receiver: '张经理',
    phone: '13687654321',
    provinceCode: '320000',
    provinceName: '江苏省',
    cityName: '苏州市',
    districtName: '工业园区',
    detail: '星湖街 328 号创意产业园 5 栋',
  },
  {
    receiver: '陈工',
    phone: '15011112222',
    provinceCode: '510000',
    provinceName: '四川省',
    cityName: '成都市',
    districtName: '高新区',
    detail: '天府大道中段 1388 号',
  },
  {
    receiver: '刘工',
    phone: '18622223333',
    provinceCode: '110000',
    provinceName: '北京市',
    cityName: '北京市',
    districtName: '海淀区',
    detail: '上地信息路 28 号',
  },
];

const carrierCodes = [CarrierCode.zto, CarrierCode.yto, CarrierCode.sf, CarrierCode.jd];

/** What each demo order ends as, by its age: the demo member's are fixed so its list shows every tab. */
function statusOf(random: Random, ageMs: number, paymentMinutes: number): OrderStatus {
  if (random.chance(0.06)) return OrderStatus.cancelled;
  if (ageMs < paymentMinutes * minute && random.chance(0.3)) return OrderStatus.unpaid;
  if (ageMs < 3 * hour) return OrderStatus.unshipped;
  return ageMs < 24 * hour ? OrderStatus.shipped : OrderStatus.completed;
}

export interface DemoOrderOptions {
  buyerIds: number[];
  /** The demo member (13800138000), when its seed made it: it gets one order in each state. */
  memberId: number | null;
  now: number;
  random: Random;
  paymentMinutes?: number;
}

/** 1 to 4 lines of different parts, each within its stock; an order that holds its units takes them now (a cancelled one gave them back). */
async function pickDemoLines(db: Kysely<Database>, random: Random, products: readonly ProductSummary[], status: OrderStatus, createdAt: number) {
  const lines = [];
  const picked = new Set<number>();
  for (let i = random.int(1, 4); i > 0; i--) {
    const product = random.pick(products);
    if (picked.has(product.productId)) continue;
    picked.add(product.productId);
    const quantity = product.packSize * random.int(1, Math.max(1, Math.min(20, Math.floor(product.stock / product.packSize / 4))));
    const stock = (await readStock(db, product.productId)) ?? 0;
    if (quantity > stock) continue;
    const isHolding = status !== OrderStatus.cancelled;
    if (isHolding && !(await takeStockIfUnchanged(db, product.productId, stock, quantity, createdAt))) continue;
    const allocations = isHolding ? await allocateTakenUnits(db, product.productId, quantity) : [];
    const unitPriceE4 = unitPriceE4At(product.priceTiers, quantity) ?? 0;
    lines.push({
      productId: product.productId,
      productCode: product.code,
      productName: product.description,
      brandName: product.brandName,
      package: product.package,
      quantity,
      reservedQuantity: isHolding ? quantity : 0,
      unitPriceE4,
      amountCents: amountCentsOf(unitPriceE4, quantity),
      weightGrams: lineWeightGrams(product.package, quantity),
      allocations,
    });
  }
  return lines;
}

type DemoLine = Awaited<ReturnType<typeof pickDemoLines>>[number];

async function insertDemoLines(db: Kysely<Database>, orderId: number, lines: readonly DemoLine[]) {
  const lineIds = await insertOrderLines(
    db,
    lines.map(({ weightGrams: _weightGrams, allocations: _allocations, ...line }) => ({ ...line, orderId })),
  );
  const allocationsOf = new Map(lines.map((line) => [line.productId, line.allocations]));
  await recordLineAllocations(
    db,
    lineIds.map(({ id: lineId, productId }) => ({ orderLineId: lineId, allocations: allocationsOf.get(productId) ?? [] })),
  );
}

interface DemoTimeline {
  status: OrderStatus;
  createdAt: number;
  paidAt: number | null;
  shippedAt: number | null;
  trackingNo: string | null;
  cityName: string;
  paymentMinutes: number;
}

/** The order's timeline as its status would have written it. */
function demoEventsOf(orderId: number, { status, createdAt, paidAt, shippedAt, trackingNo, cityName, paymentMinutes }: DemoTimeline) {
  const events = [{ orderId, kind: 'placed', text: '订单已提交，等待付款', at: createdAt }];
  if (paidAt !== null) events.push({ orderId, kind: 'paid', text: '付款成功', at: paidAt });
  if (shippedAt !== null) events.push({ orderId, kind: 'shipped', text: `已发货，运单号 ${trackingNo ?? ''}`, at: shippedAt });
  if (shippedAt !== null) events.push({ orderId, kind: 'tracking', text: `快件已到达${cityName}转运中心`, at: shippedAt + 9 * hour });
  if (status === OrderStatus.completed && shippedAt !== null)
    events.push({ orderId, kind: 'completed', text: '买家已签收，订单完成', at: shippedAt + 20 * hour });
  if (status === OrderStatus.cancelled)
    events.push({ orderId, kind: 'cancelled', text: '订单超时未支付，系统已自动取消', at: createdAt + paymentMinutes * minute });
  return events;
}

/**
 * About 48 orders over the last day and a half with real lines of the demo catalogue, their stock
 * taken (cancelled ones gave it back), freight by the carrier's table and a timeline, so a new store's
 * 实时成交 and the demo member's order list are not empty.
 */
export async function seedDemoOrders(db: Kysely<Database>, options: DemoOrderOptions): Promise<number> {
  const { random, now } = options;
  const paymentMinutes = options.paymentMinutes ?? 30;
  const products = await loadProductSummaries(db, await findSeedProductIds(db, 400));
  if (products.length === 0 || options.buyerIds.length === 0) return 0;
  const memberStatuses = [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.shipped, OrderStatus.completed, OrderStatus.cancelled];
  let createdAt = now - random.int(2, 6) * minute;
  let placed = 0;
  for (let sequence = 1; sequence <= 48; sequence++) {
    const isMember = options.memberId !== null && sequence % 9 === 1 && memberStatuses.length > 0;
    const userId = isMember && options.memberId !== null ? options.memberId : random.pick(options.buyerIds);
    const status = isMember ? (memberStatuses.shift() ?? OrderStatus.completed) : statusOf(random, now - createdAt, paymentMinutes);
    const address = isMember ? demoAddresses[0] : random.pick(demoAddresses);
    if (!address) break;
    const carrierCode = random.pick(carrierCodes);
    const lines = await pickDemoLines(db, random, products, status, createdAt);
    if (lines.length === 0) continue;
    const goodsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const weightGrams = parcelWeightGrams(lines.map((line) => line.weightGrams));
    const freight = freightOf(carrierCode, address.provinceCode, weightGrams, goodsCents);
    const freightCents = freight?.cents ?? 0;
    const { provinceCode: _provinceCode, ...snapshot } = address;
    const paidAt = status === OrderStatus.unpaid || status === OrderStatus.cancelled ? null : createdAt + random.int(1, 15) * minute;
    const shippedAt = paidAt !== null && (status === OrderStatus.shipped || status === OrderStatus.completed) ? paidAt + random.int(1, 3) * hour : null;
    const trackingNo = shippedAt === null ? null : `${carrierCode.toUpperCase()}${String(random.int(10_000_000, 99_999_999))}${String(random.int(1000, 9999))}`;
    const id = await insertOrder(db, {
      orderNo: newOrderNo(createdAt),
      userId,
      status,
      idempotencyKey: `seed-${String(sequence)}`,
      productCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      goodsCents,
      freightCents,
      payableCents: goodsCents + freightCents,
      carrierCode,
      shortfallChoice: ShortfallChoice.shipAvailable,
      addressJson: JSON.stringify(snapshot),
      paymentMethod: paidAt === null ? null : random.pick(['alipay', 'wechat', 'bankTransfer']),
      paidAt,
      expiresAt: createdAt + paymentMinutes * minute,
      cancelledAt: status === OrderStatus.cancelled ? createdAt + paymentMinutes * minute : null,
      cancelReason: status === OrderStatus.cancelled ? '超时未支付，系统自动取消' : null,
      trackingNo,
      shippedAt,
      completedAt: status === OrderStatus.completed && shippedAt !== null ? shippedAt + 20 * hour : null,
      createdAt,
      updatedAt: createdAt,
    });
    if (id === null) continue;
    await insertDemoLines(db, id, lines);
    await insertOrderEvents(db, demoEventsOf(id, { status, createdAt, paidAt, shippedAt, trackingNo, cityName: address.cityName, paymentMinutes }));
    placed += 1;
    createdAt -= random.int(12, 50) * minute;
  }
  return placed;
}
