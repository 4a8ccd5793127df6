import { formatCents, lineAmountCents, maxPurchaseQuantity, roundUpToPack, type PriceTier } from './pricing.ts';

/**
 * The BOM's cost optimiser, shared by the page and the server: the quantity a line needs rounded
 * up to the part's pack multiple (as the cart does), then, when buying up to the next price break
 * or a full reel costs less in total, that quantity instead. Amounts are the cart's to the fen
 * (lineAmountCents): never floats for money.
 *
 * Products carry no reel size of their own (catalog tables have packSize only), so `reelSize`
 * is optional: the matcher passes none. With the cart's tier prices a full reel never costs less than
 * the price break that prices it (the break's start is a smaller quantity at the same unit price), so
 * 'fullReel' is chosen only if reels ever get prices of their own; a property test holds this.
 */

export type BomOptimiseReason = 'none' | 'priceBreak' | 'fullReel';

export interface BomLineOptimisation {
  /** The required quantity rounded up to the pack multiple. */
  baseQuantity: number;
  baseAmountCents: number;
  /** What to order: baseQuantity, or a larger quantity that costs less in total. */
  quantity: number;
  amountCents: number;
  /** baseAmountCents − amountCents, never negative. */
  savingCents: number;
  reason: BomOptimiseReason;
  /** "需要 80 个，买 100 个更省 ¥0.52"; '' when nothing is saved. */
  message: string;
}

/** The quantity to order for a required quantity: up to the pack multiple, as the cart's roundUpToPack; 0 for none. */
export function orderQuantityOf(required: number, packSize: number): number {
  if (!Number.isFinite(required) || required <= 0) return 0;
  return roundUpToPack(Math.ceil(required), packSize);
}

interface Option {
  quantity: number;
  amountCents: number;
  reason: Exclude<BomOptimiseReason, 'none'>;
}

/** Larger quantities worth pricing: each later tier's start and the next full reel, as pack multiples. */
function largerOptions(baseQuantity: number, packSize: number, tiers: readonly PriceTier[], reelSize: number | null): Option[] {
  const options: Option[] = [];
  const consider = (quantity: number, reason: Option['reason']) => {
    if (quantity <= baseQuantity || quantity > maxPurchaseQuantity) return;
    options.push({ quantity, amountCents: lineAmountCents(tiers, quantity), reason });
  };
  for (const tier of tiers) consider(roundUpToPack(tier.qtyStart, packSize), 'priceBreak');
  if (reelSize !== null && Number.isInteger(reelSize) && reelSize > 0) {
    consider(roundUpToPack(Math.ceil(baseQuantity / reelSize) * reelSize, packSize), 'fullReel');
  }
  return options;
}

function messageOf(required: number, option: Option, savingCents: number): string {
  const what = option.reason === 'fullReel' ? `买整盘 ${option.quantity} 个` : `买 ${option.quantity} 个`;
  return `需要 ${required} 个，${what}更省 ${formatCents(savingCents)}`;
}

/**
 * One line: the base order (required rounded up to the pack) and, when a larger quantity costs
 * less in total, the cheapest such quantity (the smaller one on a tie).
 */
export function optimiseLine(required: number, packSize: number, tiers: readonly PriceTier[], reelSize: number | null = null): BomLineOptimisation {
  const baseQuantity = orderQuantityOf(required, packSize);
  const baseAmountCents = lineAmountCents(tiers, baseQuantity);
  const unchanged: BomLineOptimisation = {
    baseQuantity,
    baseAmountCents,
    quantity: baseQuantity,
    amountCents: baseAmountCents,
    savingCents: 0,
    reason: 'none',
    message: '',
  };
  if (baseQuantity === 0 || tiers.length === 0) return unchanged;
  let best: Option | null = null;
  for (const option of largerOptions(baseQuantity, packSize, tiers, reelSize)) {
    if (option.amountCents >= baseAmountCents) continue;
    if (!best || option.amountCents < best.amountCents || (option.amountCents === best.amountCents && option.quantity < best.quantity)) best = option;
  }
  if (!best) return unchanged;
  const savingCents = baseAmountCents - best.amountCents;
  return {
    baseQuantity,
    baseAmountCents,
    quantity: best.quantity,
    amountCents: best.amountCents,
    savingCents,
    reason: best.reason,
    message: messageOf(Math.ceil(required), best, savingCents),
  };
}

/** A chosen line of the BOM as the optimiser needs it. */
export interface BomOptimiserLine {
  requiredQuantity: number;
  packSize: number;
  priceTiers: readonly PriceTier[];
  reelSize?: number | null;
}

export interface BomTotals {
  /** Lines priced (required quantity above 0). */
  lineCount: number;
  /** Every line at its base quantity (required, rounded up to the pack). */
  baseCents: number;
  /** Every line at its optimised quantity. */
  optimisedCents: number;
  savingCents: number;
  /** Lines whose optimised quantity differs from the base. */
  optimisedLineCount: number;
}

/** The BOM total before and after optimising, from the chosen lines. */
export function bomTotals(lines: readonly BomOptimiserLine[]): BomTotals {
  const totals: BomTotals = { lineCount: 0, baseCents: 0, optimisedCents: 0, savingCents: 0, optimisedLineCount: 0 };
  for (const line of lines) {
    if (line.requiredQuantity <= 0) continue;
    const optimised = optimiseLine(line.requiredQuantity, line.packSize, line.priceTiers, line.reelSize ?? null);
    totals.lineCount++;
    totals.baseCents += optimised.baseAmountCents;
    totals.optimisedCents += optimised.amountCents;
    if (optimised.reason !== 'none') totals.optimisedLineCount++;
  }
  totals.savingCents = totals.baseCents - totals.optimisedCents;
  return totals;
}
