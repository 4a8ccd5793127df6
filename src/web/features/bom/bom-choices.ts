import { BomLineStatus, type BomCandidate, type BomChoice, type BomLine } from '../../../contract/bom.ts';
import { bomTotals, optimiseLine, type BomLineOptimisation, type BomTotals as OptimiserTotals } from '../../../contract/bom-optimiser.ts';
import { lineAmountCents, unitPriceE4At } from '../../../contract/pricing.ts';
import { findPart } from './bom-candidates.ts';

/** What the buyer decided for a line: the part, whether it is ticked, and how its quantity is set. */
export interface LineChoice {
  productId: number | null;
  isSelected: boolean;
  /** Buy the optimiser's quantity (the next price break) instead of the quantity needed. */
  isOptimised: boolean;
  /** A quantity the buyer typed; null: from the BOM (and the optimiser). */
  quantityOverride: number | null;
}

/** Choices by lineNo. */
export type LineChoices = Record<number, LineChoice>;

/** A line with its chosen part priced at the quantity to order. */
export interface PricedLine {
  line: BomLine;
  choice: LineChoice;
  part: BomCandidate | null;
  /** The optimiser's view of the chosen part; null without a part or for a line not ordered. */
  optimisation: BomLineOptimisation | null;
  /** What goes to the cart: 0 when no part is chosen or the line is not fitted. */
  quantity: number;
  unitPriceE4: number | null;
  amountCents: number;
  /** The amount at the quantity needed, before any optimising. */
  baseAmountCents: number;
  /** The optimiser would save money and its quantity is not in use yet. */
  canOptimise: boolean;
  isShortOfStock: boolean;
}

/**
 * A line starts with its part chosen only when the part is known to be the line's (精确匹配 or
 * 推荐), and ticked only when it is 精确匹配 (issue 27): a recommendation is bought by a click of
 * the buyer's, never by default; 多个候选 and 未匹配 lines wait for the buyer to choose.
 */
export function defaultChoice(line: BomLine): LineChoice {
  const isKnown = line.status === BomLineStatus.exact || line.status === BomLineStatus.recommended;
  const first = isKnown ? (line.candidates[0]?.productId ?? null) : null;
  return { productId: first, isSelected: first !== null && line.status === BomLineStatus.exact, isOptimised: false, quantityOverride: null };
}

export function defaultChoices(lines: readonly BomLine[]): LineChoices {
  return Object.fromEntries(lines.map((line) => [line.lineNo, defaultChoice(line)]));
}

/**
 * The choices after the lines were matched again (new boards or spare %, a corrected mapping):
 * a part chosen before is kept when the line still offers it; a typed quantity only while the
 * line needs the same quantity.
 */
export function carryChoices(previous: LineChoices, previousLines: readonly BomLine[], lines: readonly BomLine[]): LineChoices {
  const before = new Map(previousLines.map((line) => [line.lineNo, line]));
  return Object.fromEntries(
    lines.map((line) => {
      const old = previous[line.lineNo];
      const oldLine = before.get(line.lineNo);
      if (!old || !oldLine || old.productId === null || !findPart(line, old.productId)) return [line.lineNo, defaultChoice(line)];
      const isSameNeed = oldLine.requiredQuantity === line.requiredQuantity;
      return [line.lineNo, { ...old, quantityOverride: isSameNeed ? old.quantityOverride : null }];
    }),
  );
}

/** A saved BOM's choices on its freshly matched lines: the part if still offered, the quantity as saved. */
export function choicesFromSaved(lines: readonly BomLine[], saved: readonly BomChoice[]): LineChoices {
  const choices = defaultChoices(lines);
  for (const line of lines) {
    const choice = saved.find((item) => item.lineNo === line.lineNo);
    const part = choice ? findPart(line, choice.productId) : null;
    if (!choice || !part) continue;
    const optimisation = optimiseLine(line.requiredQuantity, part.packSize, part.priceTiers);
    const isOptimised = choice.quantity > 0 && optimisation.savingCents > 0 && choice.quantity === optimisation.quantity;
    const isBase = choice.quantity === optimisation.baseQuantity;
    choices[line.lineNo] = {
      productId: part.productId,
      isSelected: choice.quantity > 0,
      isOptimised,
      quantityOverride: choice.quantity > 0 && !isOptimised && !isBase ? choice.quantity : null,
    };
  }
  return choices;
}

export function priceLine(line: BomLine, choice: LineChoice): PricedLine {
  const part = line.isNotFitted ? null : findPart(line, choice.productId);
  if (!part || line.requiredQuantity <= 0) {
    return {
      line,
      choice,
      part,
      optimisation: null,
      quantity: 0,
      unitPriceE4: null,
      amountCents: 0,
      baseAmountCents: 0,
      canOptimise: false,
      isShortOfStock: false,
    };
  }
  const optimisation = optimiseLine(line.requiredQuantity, part.packSize, part.priceTiers);
  const quantity = choice.quantityOverride ?? (choice.isOptimised ? optimisation.quantity : optimisation.baseQuantity);
  return {
    line,
    choice,
    part,
    optimisation,
    quantity,
    unitPriceE4: unitPriceE4At(part.priceTiers, quantity),
    amountCents: lineAmountCents(part.priceTiers, quantity),
    baseAmountCents: optimisation.baseAmountCents,
    canOptimise: optimisation.savingCents > 0 && choice.quantityOverride === null && !choice.isOptimised,
    isShortOfStock: part.stock < quantity,
  };
}

export function priceLines(lines: readonly BomLine[], choices: LineChoices): PricedLine[] {
  return lines.map((line) => priceLine(line, choices[line.lineNo] ?? defaultChoice(line)));
}

/** What a line without a chosen part says in its part's place. */
export function noPartText({ line }: Pick<PricedLine, 'line'>): string {
  if (line.isNotFitted) return '不贴片，不采购';
  if (line.status === 'multiple') return '请从候选中选择';
  if (line.candidates.length > 0) return line.status === 'none' ? '未选择：候选均与 BOM 不符，请核对' : '未选择商品';
  return line.substitutes.length > 0 ? '未找到该型号，可选用下方替代料' : '未找到匹配商品，可提交询价';
}

/** A line that can go to the cart: a part chosen and a quantity to order. */
export function isOrderable(priced: PricedLine): boolean {
  return priced.part !== null && priced.quantity > 0;
}

export interface BomSelectionTotals {
  /** Lines ticked and orderable. */
  selectedCount: number;
  /** The ticked lines at the quantities to order now (optimised or typed where so). */
  currentCents: number;
  /** The ticked lines' parts before optimising (the quantity needed) and with every optimisation taken. */
  optimiser: OptimiserTotals;
  /** Ticked lines whose optimisation is not taken yet (what 一键优化 would change). */
  optimisableCount: number;
}

export function totalsOf(priced: readonly PricedLine[]): BomSelectionTotals {
  const chosen = priced.filter((line) => line.choice.isSelected && isOrderable(line));
  return {
    selectedCount: chosen.length,
    currentCents: chosen.reduce((sum, line) => sum + line.amountCents, 0),
    optimiser: bomTotals(
      chosen.flatMap((line) =>
        line.part ? [{ requiredQuantity: line.line.requiredQuantity, packSize: line.part.packSize, priceTiers: line.part.priceTiers }] : [],
      ),
    ),
    optimisableCount: chosen.filter((line) => line.canOptimise).length,
  };
}

/** The choices a save keeps: every line with a part, quantity 0 for a line left out. */
export function savedChoicesOf(priced: readonly PricedLine[]): BomChoice[] {
  return priced.flatMap((line) =>
    line.part ? [{ lineNo: line.line.lineNo, productId: line.part.productId, quantity: line.choice.isSelected ? line.quantity : 0 }] : [],
  );
}

/** The cart items of the chosen lines (all orderable lines, or the ticked ones). */
export function cartItemsOf(priced: readonly PricedLine[], onlySelected: boolean): BomChoice[] {
  return priced
    .filter((line) => isOrderable(line) && (!onlySelected || line.choice.isSelected))
    .flatMap((line) => (line.part ? [{ lineNo: line.line.lineNo, productId: line.part.productId, quantity: line.quantity }] : []));
}
