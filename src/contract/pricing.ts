import { amountCentsOf } from './money.ts';
import { isPackMultiple } from './rules.ts';

/**
 * Price tiers and the integer-purchase rule, shared by the product page, the cart and the
 * server. Unit prices are integers of 0.0001 yuan (money.ts); amounts people pay are cents.
 */
export interface PriceTier {
  qtyStart: number;
  /** null: no upper bound. */
  qtyEnd: number | null;
  priceE4: number;
  /** Price before the special offer; null when the part is not on offer. */
  originalPriceE4: number | null;
}

/** The most of one part a line may hold. */
export const maxPurchaseQuantity = 1_000_000;

/**
 * The tier that prices a quantity: the last tier whose qtyStart ≤ quantity; a quantity
 * below the first tier is priced by the first. -1 when the part has no tiers.
 */
export function tierIndexAt(tiers: readonly PriceTier[], quantity: number): number {
  if (tiers.length === 0) return -1;
  let index = 0;
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i];
    if (tier && tier.qtyStart <= quantity) index = i;
  }
  return index;
}

export function unitPriceE4At(tiers: readonly PriceTier[], quantity: number): number | null {
  return tiers[tierIndexAt(tiers, quantity)]?.priceE4 ?? null;
}

/** What a line costs, in cents: the tier's unit price times the quantity, rounded once (money.ts). */
export function lineAmountCents(tiers: readonly PriceTier[], quantity: number): number {
  const unit = unitPriceE4At(tiers, quantity);
  return unit === null ? 0 : amountCentsOf(unit, quantity);
}

/**
 * formatCents lives in money.ts with the other money text; 50-odd pages and the e2e journeys
 * import it from here beside the tier functions, so the name stays reachable from here too.
 */
export { formatCents } from './money.ts';

/** The smallest pack multiple ≥ quantity. */
export function roundUpToPack(quantity: number, packSize: number): number {
  const pack = Math.max(1, Math.floor(packSize));
  return Math.max(pack, Math.ceil(quantity / pack) * pack);
}

/** The quantity a list row or product page starts at: the first tier's start as a pack multiple. */
export function initialQuantityOf(product: { packSize: number; priceTiers: readonly PriceTier[] }): number {
  return roundUpToPack(product.priceTiers[0]?.qtyStart ?? product.packSize, product.packSize);
}

export interface TierSaving {
  /** How many more to buy: 再买 N 个 */
  moreQuantity: number;
  /** The quantity reached. */
  targetQuantity: number;
  /** How much less the larger quantity costs in total: 总价可省 ¥x */
  savingCents: number;
}

/**
 * "再买 N 个，总价可省 ¥x": only when the start of the next tier (a pack multiple) costs
 * less in total than the quantity chosen now.
 */
export function nextTierSaving(tiers: readonly PriceTier[], quantity: number, packSize: number): TierSaving | null {
  const index = tierIndexAt(tiers, quantity);
  const next = tiers[index + 1];
  if (index < 0 || !next || quantity <= 0) return null;
  const targetQuantity = roundUpToPack(next.qtyStart, packSize);
  if (targetQuantity <= quantity || targetQuantity > maxPurchaseQuantity) return null;
  const savingCents = lineAmountCents(tiers, quantity) - lineAmountCents(tiers, targetQuantity);
  if (savingCents <= 0) return null;
  return { moreQuantity: targetQuantity - quantity, targetQuantity, savingCents };
}

/**
 * Why a quantity cannot be bought, in words for the buyer; '' when it can. The spec's
 * integer-purchase rule (rules.ts) plus the store's bounds.
 */
export function quantityProblem(quantity: number, packSize: number): string {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return '请输入整数数量';
  if (quantity <= 0) return '购买数量须大于0';
  if (quantity > maxPurchaseQuantity) return `单次购买数量不能超过${maxPurchaseQuantity}`;
  if (!isPackMultiple(quantity, packSize)) return `该商品按${packSize}个整包销售，数量须为${packSize}的整数倍`;
  return '';
}

/**
 * What a line of `quantity` puts in the cart: at least the part's minimum (its first tier's start, as
 * the console's tier editor defines 最小起订量), rounded up to whole packs. Reorders and quick orders use it.
 */
export function orderableQuantityOf(quantity: number, product: { packSize: number; priceTiers: readonly PriceTier[] }): number {
  return roundUpToPack(Math.max(quantity, product.priceTiers[0]?.qtyStart ?? 1), product.packSize);
}

/** Whether a part is still sold: it has prices and is not discontinued and sold out (下架 otherwise). */
export function isProductOnSale(product: { priceTiers: readonly PriceTier[]; lifecycle: string; stock: number }): boolean {
  return product.priceTiers.length > 0 && !(product.lifecycle === 'eol' && product.stock <= 0);
}
