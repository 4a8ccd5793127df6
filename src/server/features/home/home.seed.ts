import type { Kysely } from 'kysely';
import { homeLimits } from '../../../contract/home.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { publishNews, type NewNews } from '../news/news.service.ts';
import { announcementSeeds, articleSeeds, informationSeeds, type NewsSeed } from './news-seed.data.ts';
import { insertBanners, insertHomeProducts, type NewBanner } from './home.repository.ts';

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
      bodyHtml: seed.bodyHtml ?? '',
      linkUrl: null,
      releaseDate: now - seed.daysAgo * day - (index % 5) * 37 * minute,
    }));
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

// Demo banners, announcements, news columns, the display stand and partner brands (issue 3); the recent orders are the order feature's seed.
export async function seedHomeContent(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  await insertBanners(k, banners);
  await publishNews(k, [...newsRows(announcementSeeds, now), ...newsRows(informationSeeds, now), ...newsRows(articleSeeds, now)]);
  await insertHomeProducts(k, await pickDisplayProducts(k));
  await ensurePartnerBrands(k);
}
