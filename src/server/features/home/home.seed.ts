import type { Kysely } from 'kysely';
import { homeLimits } from '../../../contract/home.ts';
import { checkHasUser, findOrCreateMember } from '../account/account.service.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { createRandom, type Random } from '../../seed/random.ts';
import { publishNews, type NewNews } from '../news/news.service.ts';
import { announcementSeeds, articleSeeds, informationSeeds, type NewsSeed } from './news-seed.data.ts';
import { insertBanners, insertHomeProducts, insertOrders, type NewBanner, type NewOrder } from './home.repository.ts';
import type { OrderStatus } from './home.tables.ts';

const minute = 60_000;
const day = 86_400_000;

/** Banner artwork lives in public/banners (served under /static/). */
const banners: NewBanner[] = [
  { picFilePath: '/static/banners/banner-mcu.svg', backgroundColor: '#0b2f6b', clickUrl: '/product/discount?subject=A03', openType: 1, sort: 1 },
  { picFilePath: '/static/banners/banner-bom.svg', backgroundColor: '#0f5c52', clickUrl: '/bom', openType: 1, sort: 2 },
  { picFilePath: '/static/banners/banner-newcomer.svg', backgroundColor: '#c7361f', clickUrl: '/serve/advantage', openType: 0, sort: 3 },
  { picFilePath: '/static/banners/banner-passive.svg', backgroundColor: '#3d2a8c', clickUrl: '/product/discount?subject=A01', openType: 1, sort: 4 },
];

function newsRows(seeds: NewsSeed[], now: number): NewNews[] {
  // Older entries first, so ids grow with release dates like real editing would.
  return [...seeds]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .map((seed, index) => ({
      kind: seed.kind,
      title: seed.title,
      content: seed.content.join('\n'),
      linkUrl: null,
      releaseDate: now - seed.daysAgo * day - (index % 5) * 37 * minute,
    }));
}

/** Mobile prefixes of the generated buyers; none start with 13, the prefix e2e tests register with. */
const buyerPrefixes = ['150', '151', '152', '155', '158', '159', '166', '173', '177', '180', '181', '186', '187', '188', '189', '191', '199'];
const buyerCount = 30;

async function createBuyers(db: Kysely<Database>, random: Random, now: number): Promise<number[]> {
  const ids: number[] = [];
  const phones = new Set<string>();
  while (phones.size < buyerCount) phones.add(`${random.pick(buyerPrefixes)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`);
  for (const phone of phones) ids.push(await findOrCreateMember(db, { phone, password: null, createdAt: now - random.int(30, 400) * day }));
  return ids;
}

const pieceCounts = [10, 20, 50, 100, 200, 300, 500, 1000, 2000, 2500, 3000, 4000, 5000, 8000, 10_000, 12_000, 20_000, 50_000];

function orderNoOf(createdAt: number, sequence: number): string {
  const date = new Date(createdAt + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `SO${date}${String(sequence).padStart(5, '0')}`;
}

function statusOf(random: Random, ageMs: number): OrderStatus {
  if (random.chance(0.05)) return 'cancelled';
  if (ageMs < 2 * 3_600_000) return 'paid';
  return ageMs < day ? 'shipped' : 'completed';
}

/** Recent orders: one every half hour or so over the last day and a half, amounts from ¥8 to ¥20,000. */
function demoOrders(random: Random, buyerIds: number[], memberId: number | null, now: number): NewOrder[] {
  const orders: NewOrder[] = [];
  let createdAt = now - random.int(2, 9) * minute;
  for (let sequence = 1; sequence <= 48; sequence++) {
    const buyer = memberId !== null && sequence % 16 === 5 ? memberId : random.pick(buyerIds);
    const productCount = random.pick(pieceCounts);
    const unitE4 = random.int(30, 60_000);
    const tradeAmountE4 = Math.max(80_000, Math.min(200_000_000, Math.round((productCount * unitE4) / 10)));
    orders.push({ orderNo: orderNoOf(createdAt, sequence), userId: buyer, status: statusOf(random, now - createdAt), productCount, tradeAmountE4, createdAt });
    createdAt -= random.int(12, 55) * minute;
  }
  return orders;
}

/**
 * The display stand: parts with a label or on special offer first, one per second-level
 * category so a slide is varied, topped up with other in-stock parts.
 */
async function pickDisplayProducts(db: Kysely<Database>): Promise<{ productId: number; slide: number; sort: number }[]> {
  const wanted = homeLimits.productsPerSlide * 3;
  const featured = await db
    .selectFrom('products')
    .select(['id', 'categorySecondId'])
    .where((eb) => eb.or([eb('label', 'is not', null), eb('isSpecialOffer', '=', 1)]))
    .where('stock', '>', 0)
    .orderBy('id')
    .limit(400)
    .execute();
  const chosen: number[] = [];
  const categories = new Set<number>();
  for (const row of featured) {
    if (chosen.length >= wanted) break;
    if (categories.has(row.categorySecondId)) continue;
    categories.add(row.categorySecondId);
    chosen.push(row.id);
  }
  for (const row of featured) if (chosen.length < wanted && !chosen.includes(row.id)) chosen.push(row.id);
  if (chosen.length < wanted) {
    const others = await db
      .selectFrom('products')
      .select('id')
      .where('stock', '>', 0)
      .orderBy('id')
      .limit(wanted * 2)
      .execute();
    for (const row of others) if (chosen.length < wanted && !chosen.includes(row.id)) chosen.push(row.id);
  }
  return chosen.map((productId, index) => ({
    productId,
    slide: Math.floor(index / homeLimits.productsPerSlide) + 1,
    sort: index % homeLimits.productsPerSlide,
  }));
}

/** Brands are partners by the catalogue seed; a catalogue without any gets its first ones. */
async function ensurePartnerBrands(db: Kysely<Database>): Promise<void> {
  const partner = await db.selectFrom('brands').select('id').where('isPartner', '=', 1).limit(1).executeTakeFirst();
  if (partner) return;
  const first = await db
    .selectFrom('brands')
    .select('id')
    .orderBy('sort')
    .orderBy('id')
    .limit(homeLimits.brandsPerSlide * 2)
    .execute();
  if (first.length > 0)
    await db
      .updateTable('brands')
      .set({ isPartner: 1 })
      .where(
        'id',
        'in',
        first.map((row) => row.id),
      )
      .execute();
}

/** The demo member (h1's seed) gets a few orders of its own, so its card shows real counts. */
const demoMemberPhone = '13800138000';

// Demo banners, announcements, news columns, recent orders, the display stand and partner brands (issue 3).
export async function seedHomeContent(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const random = createRandom(20_260_611);
  await insertBanners(k, banners);
  await publishNews(k, [...newsRows(announcementSeeds, now), ...newsRows(informationSeeds, now), ...newsRows(articleSeeds, now)]);
  const buyerIds = await createBuyers(k, random, now);
  // The demo member gets orders only when its seed made it: this seed does not make members people log in with.
  const memberId = (await checkHasUser(k, demoMemberPhone)) ? await findOrCreateMember(k, { phone: demoMemberPhone, password: null, createdAt: now }) : null;
  await insertOrders(k, demoOrders(random, buyerIds, memberId, now));
  await insertHomeProducts(k, await pickDisplayProducts(k));
  await ensurePartnerBrands(k);
}
