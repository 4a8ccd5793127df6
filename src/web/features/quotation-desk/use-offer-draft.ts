import { useState } from 'react';
import type { QuotationDeskDetail, QuotationDeskLine } from '../../../contract/console/quotation.ts';
import type { BomCandidate } from '../../../contract/bom.ts';
import { e4OfYuanText, yuanTextOfE4 } from '../../../contract/money.ts';
import { roundUpToPack, unitPriceE4At } from '../../../contract/pricing.ts';

/** What staff offer for one line, as the form holds it. */
export interface LineDraft {
  lineId: number;
  isIncluded: boolean;
  product: BomCandidate | null;
  quantityText: string;
  unitPriceText: string;
  leadTime: string;
}

function priceTextOf(product: BomCandidate, quantity: number): string {
  const e4 = unitPriceE4At(product.priceTiers, quantity);
  return e4 === null ? '' : yuanTextOfE4(e4);
}

/** A line drafted with a product: the pack-rounded quantity, the catalogue's tier price, 现货 when in stock. */
export function draftWith(line: Pick<QuotationDeskLine, 'id' | 'quantity'>, product: BomCandidate): LineDraft {
  const quantity = roundUpToPack(line.quantity, Math.max(1, product.packSize));
  return {
    lineId: line.id,
    isIncluded: true,
    product,
    quantityText: String(quantity),
    unitPriceText: priceTextOf(product, quantity),
    leadTime: product.stock >= quantity ? '现货' : '',
  };
}

/** The current offer of a line, as 重新报价 starts from it (its part, quantity, price and lead time). */
function draftOfOffer(line: QuotationDeskLine): LineDraft | null {
  if (!line.offer || !line.offered) return null;
  return {
    lineId: line.id,
    isIncluded: true,
    product: line.offered,
    quantityText: String(line.offer.quantity),
    unitPriceText: yuanTextOfE4(line.offer.unitPriceE4),
    leadTime: line.offer.leadTime,
  };
}

function initialDraft(line: QuotationDeskLine, isRequote: boolean): LineDraft {
  const offered = isRequote ? draftOfOffer(line) : null;
  if (offered) return offered;
  const product = line.candidates[0] ?? null;
  // Pricing again, a line the last offer left out stays out until staff tick it.
  if (product) return { ...draftWith(line, product), isIncluded: !isRequote };
  return { lineId: line.id, isIncluded: false, product: null, quantityText: String(line.quantity), unitPriceText: '', leadTime: '' };
}

export interface OfferLineBody {
  lineId: number;
  productId: number;
  unitPriceE4: number;
  quantity: number;
  leadTime: string;
}

/** The lines to send, or the first problem in Chinese. */
export function offerLinesOf(drafts: readonly LineDraft[]): { lines: OfferLineBody[]; problem: string } {
  const included = drafts.filter((draft) => draft.isIncluded);
  if (included.length === 0) return { lines: [], problem: '请至少为一项物料报价' };
  const lines: OfferLineBody[] = [];
  for (const draft of included) {
    const quantity = Number(draft.quantityText);
    const unitPriceE4 = e4OfYuanText(draft.unitPriceText);
    if (!draft.product) return { lines: [], problem: '请为每个报价物料选择商品（匹配型号或替代型号）' };
    if (unitPriceE4 === null || unitPriceE4 === 0) return { lines: [], problem: `${draft.product.code}：单价须为大于0的金额（最多4位小数）` };
    if (!Number.isInteger(quantity) || quantity < 1) return { lines: [], problem: `${draft.product.code}：报价数量须为正整数` };
    if (quantity % Math.max(1, draft.product.packSize) !== 0)
      return { lines: [], problem: `${draft.product.code}：数量须为包装数 ${String(draft.product.packSize)} 的整数倍` };
    lines.push({ lineId: draft.lineId, productId: draft.product.productId, unitPriceE4, quantity, leadTime: draft.leadTime.trim() });
  }
  return { lines, problem: '' };
}

/** The offer form's lines: one draft per requested line, changed field by field; 重新报价 starts from the current offer. */
export function useOfferDraft(detail: QuotationDeskDetail, isRequote = false) {
  const [drafts, setDrafts] = useState<LineDraft[]>(() => detail.lines.map((line) => initialDraft(line, isRequote)));
  function change(lineId: number, patch: Partial<LineDraft>) {
    setDrafts((current) => current.map((draft) => (draft.lineId === lineId ? { ...draft, ...patch } : draft)));
  }
  function choose(line: QuotationDeskLine, product: BomCandidate) {
    setDrafts((current) => current.map((draft) => (draft.lineId === line.id ? draftWith(line, product) : draft)));
  }
  return { drafts, change, choose };
}
