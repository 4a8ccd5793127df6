import { describe, expect, it } from 'vitest';
import { BomLineStatus, type BomCandidate, type BomLine, type BomSubstitute } from '../../../contract/bom.ts';
import { lineAmountCents, type PriceTier } from '../../../contract/pricing.ts';
import { brandsOf, filterCandidates, defaultCandidateFilters } from './bom-candidates.ts';
import { carryChoices, cartItemsOf, choicesFromSaved, defaultChoices, priceLines, savedChoicesOf, totalsOf } from './bom-choices.ts';
import { parseDraft } from './bom-draft.ts';
import { mappingProblem, previewRowsOf, withColumnRole } from './bom-mapping.ts';
import { quoteLinesOf } from './bom-quote-lines.ts';

const tiers: PriceTier[] = [
  { qtyStart: 1, qtyEnd: 99, priceE4: 1000, originalPriceE4: null },
  { qtyStart: 100, qtyEnd: null, priceE4: 500, originalPriceE4: null },
];

function part(productId: number, fields: Partial<BomCandidate> = {}): BomCandidate {
  return {
    productId,
    code: `P${productId}`,
    brandId: 1,
    brandName: 'TI',
    isDomesticBrand: false,
    package: '0603',
    description: '',
    keyParams: [],
    stock: 1000,
    packSize: 10,
    priceTiers: tiers,
    imagePath: null,
    categoryId: 1,
    fit: 'verified',
    evidence: '型号一致',
    ...fields,
  };
}

function line(lineNo: number, fields: Partial<BomLine> = {}): BomLine {
  return {
    lineNo,
    sourceRows: [lineNo - 1],
    query: { mpn: `MPN${lineNo}`, storeCode: '', value: '', description: '', package: '0603', brand: '' },
    designators: ['R1', 'R2'],
    quantityPerBoard: 2,
    requiredQuantity: 80,
    isNotFitted: false,
    status: BomLineStatus.exact,
    matchedBy: 'mpn',
    matchReason: '型号一致',
    candidates: [part(lineNo * 10)],
    substitutes: [],
    notes: [],
    ...fields,
  };
}

describe('priced lines and the optimiser', () => {
  it('orders the quantity needed rounded to the pack, priced as the cart prices it, and offers the next price break', () => {
    const lines = [line(1)];
    const [priced] = priceLines(lines, defaultChoices(lines));
    expect(priced?.quantity).toBe(80);
    expect(priced?.amountCents).toBe(lineAmountCents(tiers, 80));
    expect(priced?.canOptimise).toBe(true);
    expect(priced?.optimisation?.quantity).toBe(100);
    expect(priced?.optimisation?.message).toBe('需要 80 个，买 100 个更省 ¥3.00');
  });

  it('一键优化 moves the current total to the optimised total, never above the total before', () => {
    const lines = [line(1), line(2, { requiredQuantity: 200 })];
    const choices = defaultChoices(lines);
    const before = totalsOf(priceLines(lines, choices));
    expect(before.currentCents).toBe(before.optimiser.baseCents);
    expect(before.optimisableCount).toBe(1);
    const optimised = Object.fromEntries(Object.entries(choices).map(([lineNo, choice]) => [lineNo, { ...choice, isOptimised: true }]));
    const after = totalsOf(priceLines(lines, optimised));
    expect(after.currentCents).toBe(before.optimiser.optimisedCents);
    expect(after.currentCents).toBeLessThan(before.currentCents);
    expect(after.optimisableCount).toBe(0);
  });

  it('leaves not-fitted and unmatched lines out of the cart and the totals', () => {
    const lines = [
      line(1, { isNotFitted: true, status: BomLineStatus.notFitted, requiredQuantity: 0 }),
      line(2, { status: BomLineStatus.none, candidates: [] }),
      line(3),
    ];
    const priced = priceLines(lines, defaultChoices(lines));
    expect(cartItemsOf(priced, false)).toEqual([{ lineNo: 3, productId: 30, quantity: 80 }]);
    expect(totalsOf(priced).selectedCount).toBe(1);
  });

  it('adds only the ticked lines when asked for the selected ones, and saves an unticked line with quantity 0', () => {
    const lines = [line(1), line(2)];
    const choices = defaultChoices(lines);
    const unticked = { ...choices, 2: { productId: 20, isSelected: false, isOptimised: false, quantityOverride: null } };
    const priced = priceLines(lines, unticked);
    expect(cartItemsOf(priced, true).map((item) => item.lineNo)).toEqual([1]);
    expect(cartItemsOf(priced, false).map((item) => item.lineNo)).toEqual([1, 2]);
    expect(savedChoicesOf(priced)).toEqual([
      { lineNo: 1, productId: 10, quantity: 80 },
      { lineNo: 2, productId: 20, quantity: 0 },
    ]);
  });
});

describe('choices across matches', () => {
  it('keeps a chosen part the new lines still offer and drops a typed quantity when the need changed', () => {
    const first = [line(1, { candidates: [part(10), part(11)] })];
    const choices = { 1: { productId: 11, isSelected: true, isOptimised: false, quantityOverride: 120 } };
    const sameNeed = carryChoices(choices, first, first);
    expect(sameNeed[1]).toEqual(choices[1]);
    const moreBoards = carryChoices(choices, first, [line(1, { requiredQuantity: 160, candidates: [part(10), part(11)] })]);
    expect(moreBoards[1]).toMatchObject({ productId: 11, quantityOverride: null });
    const gone = carryChoices(choices, first, [line(1, { candidates: [part(12)] })]);
    expect(gone[1]?.productId).toBe(12);
  });

  it('reads a saved BOM back: a substitute chosen, the optimised quantity and a line left out', () => {
    const substitute: BomSubstitute = { ...part(99), reason: '同类目，封装相同' };
    const lines = [line(1), line(2, { status: BomLineStatus.none, candidates: [], substitutes: [substitute] }), line(3)];
    const choices = choicesFromSaved(lines, [
      { lineNo: 1, productId: 10, quantity: 100 },
      { lineNo: 2, productId: 99, quantity: 80 },
      { lineNo: 3, productId: 30, quantity: 0 },
    ]);
    expect(choices[1]).toMatchObject({ productId: 10, isOptimised: true, quantityOverride: null });
    expect(choices[2]).toMatchObject({ productId: 99, isSelected: true, quantityOverride: null });
    expect(choices[3]).toMatchObject({ productId: 30, isSelected: false });
  });
});

describe('candidate filters', () => {
  const parts = [
    part(1, { stock: 0, brandName: 'TI', priceTiers: [{ qtyStart: 1, qtyEnd: null, priceE4: 300, originalPriceE4: null }] }),
    part(2, { stock: 50, brandName: '圣邦微', isDomesticBrand: true, priceTiers: [{ qtyStart: 1, qtyEnd: null, priceE4: 200, originalPriceE4: null }] }),
    part(3, { stock: 500, brandName: 'ADI', priceTiers: [{ qtyStart: 1, qtyEnd: null, priceE4: 900, originalPriceE4: null }] }),
  ];
  it('narrows by stock, 国产 and brand, and sorts by price or stock', () => {
    const ids = (list: BomCandidate[]) => list.map((item) => item.productId);
    expect(ids(filterCandidates(parts, { ...defaultCandidateFilters, inStockOnly: true }, 10))).toEqual([2, 3]);
    expect(ids(filterCandidates(parts, { ...defaultCandidateFilters, domesticOnly: true }, 10))).toEqual([2]);
    expect(ids(filterCandidates(parts, { ...defaultCandidateFilters, brand: 'ADI' }, 10))).toEqual([3]);
    expect(ids(filterCandidates(parts, { ...defaultCandidateFilters, sort: 'price' }, 10))).toEqual([2, 1, 3]);
    expect(ids(filterCandidates(parts, { ...defaultCandidateFilters, sort: 'stock' }, 10))).toEqual([3, 2, 1]);
    expect(brandsOf([line(1, { candidates: parts })])).toEqual(['ADI', 'TI', '圣邦微']);
  });
});

describe('mapping', () => {
  it('moves a role to the column chosen and says when no column names a part', () => {
    expect(withColumnRole({ mpn: 0, quantity: 1 }, 2, 'mpn')).toEqual({ mpn: 2, quantity: 1 });
    expect(withColumnRole({ mpn: 0, quantity: 1 }, 1, null)).toEqual({ mpn: 0 });
    expect(mappingProblem({ quantity: 1 })).toBe('请至少指定“型号”“商品编号”或“名称/参数”中的一列');
    expect(mappingProblem({ value: 0 })).toBe('');
  });

  it('previews the first rows that hold anything', () => {
    const sheet = {
      fileName: 'a.csv',
      sheetName: 'a',
      headerRowIndex: 0,
      headers: ['型号', '数量'],
      rows: [
        ['', ''],
        ['A', '1'],
        ['B', '2'],
        ['C', '3'],
        ['D', '4'],
      ],
      mapping: { mpn: 0 },
      mappingSource: 'detected' as const,
      partLineCount: 4,
      warnings: [],
    };
    expect(previewRowsOf(sheet)).toEqual([
      ['A', '1'],
      ['B', '2'],
      ['C', '3'],
    ]);
  });
});

describe('the draft kept across a login', () => {
  it('reads back what was stored and refuses anything else', () => {
    const draft = {
      sheet: {
        fileName: 'a.csv',
        sheetName: 'a',
        headerRowIndex: 0,
        headers: ['型号'],
        rows: [['A']],
        mapping: { mpn: 0 },
        mappingSource: 'detected',
        partLineCount: 1,
        warnings: [],
      },
      options: { boards: 2, sparePercent: 5, mergeDuplicates: false },
      choices: [{ lineNo: 1, productId: 5, quantity: 10 }],
      name: 'a',
      bomId: null,
      isMappingCorrected: true,
    };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft, sheet: { ...draft.sheet, rows: 'x' } }))).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });
});

describe('quotation lines', () => {
  it('sends the unmatched lines in the buyer words and the ticked lines as the part chosen', () => {
    const lines = [
      line(1),
      line(2, {
        status: BomLineStatus.none,
        candidates: [],
        query: { mpn: 'XYZ123', storeCode: '', value: '', description: '', package: 'SOT-23', brand: 'ON' },
      }),
    ];
    const priced = priceLines(lines, defaultChoices(lines));
    expect(quoteLinesOf(priced, 'unmatched')).toEqual([
      { lineNo: 2, partNumber: 'XYZ123', brand: 'ON', package: 'SOT-23', quantity: 80, productId: undefined, remark: '位号 R1,R2' },
    ]);
    expect(quoteLinesOf(priced, 'selected')).toEqual([
      { lineNo: 1, partNumber: 'P10', brand: 'TI', package: '0603', quantity: 80, productId: 10, remark: 'BOM 型号 MPN1；位号 R1,R2' },
    ]);
  });

  it('sends the unmatched and the ticked lines together in one request, each once and in the BOM order', () => {
    const lines = [
      line(1, {
        status: BomLineStatus.none,
        candidates: [],
        query: { mpn: 'NE555', storeCode: '', value: '', description: '', package: 'SOP-8', brand: '' },
      }),
      line(2),
    ];
    const priced = priceLines(lines, defaultChoices(lines));
    const both = quoteLinesOf(priced, ['selected', 'unmatched']);
    expect(both.map((quote) => [quote.lineNo, quote.partNumber, quote.productId])).toEqual([
      [1, 'NE555', undefined],
      [2, 'P20', 20],
    ]);
    expect(quoteLinesOf(priced, ['unmatched', 'unmatched'])).toHaveLength(1);
    expect(quoteLinesOf(priced, [])).toEqual([]);
  });
});
