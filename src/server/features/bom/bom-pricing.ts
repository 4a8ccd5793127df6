import type { BomChoice, BomLine, BomMatchSummary } from '../../../contract/bom.ts';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { lineAmountCents, unitPriceE4At } from '../../../contract/pricing.ts';

/** What the buyer orders for a line: the chosen part at the chosen quantity, priced as the cart prices it. */
export interface BomPurchase {
  lineNo: number;
  product: ProductSummary;
  quantity: number;
  unitPriceE4: number | null;
  /** lineAmountCents: the cart's and checkout's amount, to the fen. */
  subtotalCents: number;
}

/** A matched BOM line and what is bought for it (null: nothing chosen, or a quantity of 0). */
export interface PricedBomLine {
  line: BomLine;
  purchase: BomPurchase | null;
}

export interface PricedBom {
  lines: PricedBomLine[];
  summary: BomMatchSummary;
  totalCents: number;
}

/** The chosen lines, each once (the last choice of a line wins), with a part the store still has. */
export function purchasesOf(choices: readonly BomChoice[], products: ReadonlyMap<number, ProductSummary>): Map<number, BomPurchase> {
  const purchases = new Map<number, BomPurchase>();
  for (const choice of choices) {
    const product = products.get(choice.productId);
    if (choice.quantity <= 0 || !product) {
      purchases.delete(choice.lineNo);
      continue;
    }
    purchases.set(choice.lineNo, {
      lineNo: choice.lineNo,
      product,
      quantity: choice.quantity,
      unitPriceE4: unitPriceE4At(product.priceTiers, choice.quantity),
      subtotalCents: lineAmountCents(product.priceTiers, choice.quantity),
    });
  }
  return purchases;
}

/** Lines of the match beside their purchases; the total counts only purchases of lines the BOM has. */
export function pricedBomOf(lines: readonly BomLine[], summary: BomMatchSummary, purchases: ReadonlyMap<number, BomPurchase>): PricedBom {
  const priced = lines.map((line) => ({ line, purchase: purchases.get(line.lineNo) ?? null }));
  const totalCents = priced.reduce((sum, entry) => sum + (entry.purchase?.subtotalCents ?? 0), 0);
  return { lines: priced, summary, totalCents };
}

/** 0–1 as integer per-mille, the way the list stores it. */
export function permilleOf(rate: number): number {
  return Math.min(1000, Math.max(0, Math.round(rate * 1000)));
}

/**
 * Why the part bought for a line is the line's part, as the match found it (issue 27): the
 * candidate's evidence, a substitute's reason, else the line's own reason.
 */
export function evidenceOf(line: BomLine, productId: number | null): string {
  const candidate = productId === null ? undefined : line.candidates.find((part) => part.productId === productId);
  if (candidate) return candidate.evidence;
  const substitute = productId === null ? undefined : line.substitutes.find((part) => part.productId === productId);
  if (substitute) return `替代料：${substitute.reason}`;
  return line.matchReason;
}

/** The line's designators as one cell: R1, R2, R5 … (all of them: a quotation is checked against the board). */
export function designatorsText(line: BomLine): string {
  return line.designators.join(', ');
}
