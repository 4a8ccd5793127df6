import type { BomMatch } from './use-bom-match.ts';

/** What the buyer does to the matched lines: pick a part, tick, type a quantity, take the optimiser's quantity. */
export function useBomLineChoices(matching: Pick<BomMatch, 'updateChoice' | 'updateAll'>) {
  const { updateChoice, updateAll } = matching;
  return {
    choosePart: (lineNo: number, productId: number) => updateChoice(lineNo, (choice) => ({ ...choice, productId, isSelected: true, quantityOverride: null })),
    setSelected: (lineNo: number, isSelected: boolean) => updateChoice(lineNo, (choice) => ({ ...choice, isSelected })),
    setAllSelected: (isSelected: boolean) => updateAll((choice) => ({ ...choice, isSelected: isSelected && choice.productId !== null })),
    /** A typed quantity (already a valid pack multiple); null goes back to the BOM's quantity. */
    setQuantity: (lineNo: number, quantity: number | null) => updateChoice(lineNo, (choice) => ({ ...choice, quantityOverride: quantity })),
    optimise: (lineNo: number, isOptimised: boolean) => updateChoice(lineNo, (choice) => ({ ...choice, isOptimised, quantityOverride: null })),
    /** 一键优化: every line not typed by hand buys at the optimiser's quantity (unchanged where nothing is saved). */
    optimiseAll: () => updateAll((choice) => (choice.quantityOverride === null ? { ...choice, isOptimised: true } : choice)),
  };
}

export type BomLineChoices = ReturnType<typeof useBomLineChoices>;
