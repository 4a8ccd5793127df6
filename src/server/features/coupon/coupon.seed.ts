import { brandDisplayName } from '../../../contract/catalog.ts';
import type { Db } from '../../db/create-db.ts';
import { brandDefinitions, brandIdOf, type BrandKey } from '../../seed/brands.data.ts';
import { buildCategoryRows } from '../../seed/category-rows.ts';
import type { CategoryKey } from '../../seed/category-tree.data.ts';
import { insertCouponTemplates, type NewCouponTemplate } from './coupon.repository.ts';

const day = 86_400_000;
const yuan = 100;

type Scope = { brand: BrandKey } | { firstCategory: string } | { secondCategory: CategoryKey } | 'all' | 'freight';

interface CentreCouponSeed {
  face: number;
  threshold: number;
  scope: Scope;
  stock: number;
  claimed: number;
  /** Days after claiming; or a fixed window from `startsInDays` lasting `windowDays`. */
  validDays?: number;
  windowDays?: number;
  startsInDays?: number;
  limit?: number;
}

/** The coupon centre of the demo store: over real seeded brands and categories, a few nearly gone, one sold out, one not yet started. */
const centreCoupons: CentreCouponSeed[] = [
  { face: 5, threshold: 99, scope: 'all', stock: 5000, claimed: 1236, validDays: 7 },
  { face: 60, threshold: 1000, scope: 'all', stock: 300, claimed: 297, validDays: 15 },
  { face: 10, threshold: 49, scope: 'freight', stock: 2000, claimed: 640, validDays: 30, limit: 2 },
  { face: 30, threshold: 300, scope: { brand: 'ti' }, stock: 500, claimed: 489, windowDays: 30 },
  { face: 15, threshold: 200, scope: { brand: 'st' }, stock: 800, claimed: 210, validDays: 15 },
  { face: 10, threshold: 150, scope: { brand: 'murata' }, stock: 1000, claimed: 999, validDays: 15 },
  { face: 8, threshold: 100, scope: { brand: 'espressif' }, stock: 600, claimed: 133, validDays: 15, limit: 2 },
  { face: 10, threshold: 100, scope: { brand: 'yageo' }, stock: 200, claimed: 200, validDays: 15 },
  { face: 5, threshold: 50, scope: { firstCategory: '电阻' }, stock: 3000, claimed: 1875, validDays: 30, limit: 3 },
  { face: 8, threshold: 80, scope: { firstCategory: '电容' }, stock: 3000, claimed: 954, validDays: 30 },
  { face: 40, threshold: 500, scope: { secondCategory: 'armMcu' }, stock: 300, claimed: 12, windowDays: 20 },
  { face: 3, threshold: 0, scope: { secondCategory: 'ldo' }, stock: 1000, claimed: 996, validDays: 7 },
  { face: 6, threshold: 60, scope: { secondCategory: 'typeC' }, stock: 1500, claimed: 388, validDays: 15 },
  { face: 20, threshold: 200, scope: { brand: 'wch' }, stock: 500, claimed: 0, startsInDays: 2, windowDays: 30 },
];

type ScopeColumns = Pick<NewCouponTemplate, 'kind' | 'scope' | 'scopeId' | 'scopeParentId' | 'scopeName'>;

function scopeColumnsOf(scope: Scope): ScopeColumns {
  if (scope === 'all') return { kind: 'goods', scope: 'all', scopeId: null, scopeParentId: null, scopeName: '' };
  if (scope === 'freight') return { kind: 'freight', scope: 'all', scopeId: null, scopeParentId: null, scopeName: '' };
  if ('brand' in scope) {
    const brand = brandDefinitions[scope.brand];
    return { kind: 'goods', scope: 'brand', scopeId: brandIdOf[scope.brand], scopeParentId: null, scopeName: brandDisplayName(brand.nameEn, brand.nameCn) };
  }
  const { categories, secondByKey } = buildCategoryRows();
  if ('secondCategory' in scope) {
    const second = secondByKey.get(scope.secondCategory);
    const row = categories.find((category) => category.id === second?.id);
    if (!second || !row) throw new Error(`coupon seed: no category ${scope.secondCategory}`);
    return { kind: 'goods', scope: 'category', scopeId: second.id, scopeParentId: second.parentId, scopeName: row.name };
  }
  const first = categories.find((category) => category.level === 1 && category.name === scope.firstCategory);
  if (!first) throw new Error(`coupon seed: no first-level category ${scope.firstCategory}`);
  return { kind: 'goods', scope: 'category', scopeId: first.id, scopeParentId: null, scopeName: first.name };
}

function nameOf(seed: CentreCouponSeed, columns: ScopeColumns): string {
  const amount = seed.threshold === 0 ? `无门槛减${String(seed.face)}` : `满${String(seed.threshold)}减${String(seed.face)}`;
  if (columns.kind === 'freight') return `运费券 ${amount}`;
  if (columns.scope === 'all') return `全场通用券 ${amount}`;
  return `${columns.scopeName}专享券 ${amount}`;
}

export function centreTemplatesOf(now: number): NewCouponTemplate[] {
  return centreCoupons.map((seed, index) => {
    const columns = scopeColumnsOf(seed.scope);
    const startsAt = now + (seed.startsInDays ?? -1) * day;
    const isFixed = seed.windowDays !== undefined;
    return {
      ...columns,
      name: nameOf(seed, columns),
      faceValueCents: seed.face * yuan,
      thresholdCents: seed.threshold * yuan,
      validFrom: isFixed ? startsAt : null,
      validUntil: isFixed ? startsAt + (seed.windowDays ?? 0) * day : null,
      validDays: isFixed ? null : (seed.validDays ?? 15),
      claimFrom: startsAt,
      claimUntil: isFixed ? null : now + 60 * day,
      totalStock: seed.stock,
      claimedCount: seed.claimed,
      perMemberLimit: seed.limit ?? 1,
      isInCentre: 1,
      isNewMemberPack: 0,
      sort: index + 1,
      createdAt: now,
    };
  });
}

/** Demo coupons for the coupon centre (the new-member pack comes with migration 0013). */
export async function seedCoupons(db: Db, now = Date.now()): Promise<void> {
  await insertCouponTemplates(db.kysely, centreTemplatesOf(now));
}
