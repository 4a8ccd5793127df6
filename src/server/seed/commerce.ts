import type { Random } from './random.ts';
import type { ProductDraft, SalesUnit } from './product-draft.ts';

export interface PriceTierRow {
  qtyStart: number;
  qtyEnd: number | null;
  priceE4: number;
  originalPriceE4: number | null;
}

export interface CommerceTerms {
  stock: number;
  lifecycle: 'active' | 'nrnd' | 'eol';
  isRohs: number;
  label: string | null;
  isSpecialOffer: number;
  tiers: PriceTierRow[];
}

/** Tier starts in units of the pack size, and the discount of each tier against the first. */
const tierLadders: Record<SalesUnit, { steps: readonly number[]; discounts: readonly number[] }> = {
  // Reels of passives: 100, 1000, 5000 (a reel), 10000, 50000…
  'reel-passive': { steps: [1, 10, 50, 100, 500, 1000], discounts: [1, 0.72, 0.55, 0.48, 0.42, 0.38] },
  'tube-ic': { steps: [1, 10, 30, 100, 500, 1000], discounts: [1, 0.86, 0.8, 0.74, 0.7, 0.66] },
  piece: { steps: [1, 10, 50, 200, 1000], discounts: [1, 0.9, 0.84, 0.78, 0.72] },
};

/**
 * 3–6 tiers, cheaper per unit at higher quantities (never more expensive than the tier
 * before), each start a multiple of the pack size.
 */
export function priceTiers(draft: ProductDraft, random: Random, isSpecialOffer: boolean): PriceTierRow[] {
  const ladder = tierLadders[draft.salesUnit];
  const count = random.int(3, ladder.steps.length);
  const jitter = 0.9 + random.next() * 0.2;
  const tiers: PriceTierRow[] = [];
  let previous = Number.POSITIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const step = ladder.steps[index] ?? 1;
    const discount = ladder.discounts[index] ?? 1;
    const price = Math.max(1, Math.min(previous, Math.round(draft.unitPriceE4 * jitter * discount)));
    previous = price;
    tiers.push({
      qtyStart: step * draft.packSize,
      qtyEnd: null,
      priceE4: price,
      originalPriceE4: isSpecialOffer ? Math.round(price * (1.25 + random.next() * 0.35)) + 1 : null,
    });
  }
  for (let index = 0; index < tiers.length - 1; index++) {
    const tier = tiers[index];
    const next = tiers[index + 1];
    if (tier && next) tier.qtyEnd = next.qtyStart - 1;
  }
  return tiers;
}

/** Stock in whole packs: about one part in nine is out of stock, the rest spread over magnitudes. */
export function stockOf(draft: ProductDraft, random: Random): number {
  if (random.chance(0.11)) return 0;
  const packs = Math.floor(10 ** (random.next() * (draft.salesUnit === 'reel-passive' ? 3.3 : 4.2))) + 1;
  return packs * draft.packSize;
}

export function commerceTerms(draft: ProductDraft, random: Random): CommerceTerms {
  const isSpecialOffer = random.chance(0.03);
  const lifecycleRoll = random.next();
  const labelRoll = random.next();
  return {
    stock: stockOf(draft, random),
    lifecycle: lifecycleRoll < 0.92 ? 'active' : lifecycleRoll < 0.97 ? 'nrnd' : 'eol',
    isRohs: random.chance(0.96) ? 1 : 0,
    label: labelRoll < 0.03 ? '热卖' : labelRoll < 0.05 ? '新品' : null,
    isSpecialOffer: isSpecialOffer ? 1 : 0,
    tiers: priceTiers(draft, random, isSpecialOffer),
  };
}
