import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secondCategories } from './category-tree.data.ts';
import { allocateQuotas, estimateCapacity, planProducts } from './catalog-plan.ts';
import { allFamilies } from './families/all-families.ts';
import { famousPartCodes, famousParts } from './famous-parts.ts';
import { normalizePartNumber } from '../../contract/part-number.ts';
import { defineFamily, param, type ProductDraft } from './product-draft.ts';

function plan(total: number): ProductDraft[] {
  return [...planProducts(famousParts(), allFamilies, total)];
}

describe('planProducts', () => {
  const drafts = plan(40_000);

  it('puts the famous parts first, then exactly N parts with normalised codes unique per brand', () => {
    expect(drafts).toHaveLength(40_000);
    expect(drafts.slice(0, famousPartCodes.length).map((draft) => draft.code)).toEqual(famousPartCodes.map(([code]) => code));
    expect(new Set(drafts.map((draft) => `${draft.brand}|${normalizePartNumber(draft.code)}`)).size).toBe(drafts.length);
  });

  it('skips a code that normalises like one already planned (SMF7.0A and SMF70A are one key in products_code_norm_unique)', () => {
    const codes = ['SMF7.0A', 'SMF70A', 'SMF8.0A'];
    const tvs = defineFamily({
      key: 'tvs-alike',
      category: 'gdt',
      brand: 'bourns',
      weight: 1,
      axes: [[0, 1, 2]],
      build: ([index = 0]) => ({
        code: codes[index] ?? '',
        brand: 'bourns',
        category: 'gdt',
        package: 'SMF',
        description: '瞬态抑制二极管',
        params: [param('package', 'SMF')],
        unitPriceE4: 100,
        packSize: 1,
        salesUnit: 'piece',
        datasheetUrl: null,
      }),
    });
    const planned = [...planProducts([], [tvs], 2)].map((draft) => normalizePartNumber(draft.code)).sort();
    expect(planned).toEqual(['SMF70A', 'SMF80A']);
    expect(() => [...planProducts([], [tvs], 3)]).toThrow('最多只能生成 2 个不同的料号');

    // Beyond what the families make, grades of the same parts (5,000,000 SKUs need them).
    const grade = { suffix: '-Q1', label: '车规级(AEC-Q)', priceFactor: 1.5 };
    const graded = [...planProducts([], [tvs], 4, [grade])];
    expect(graded.map((draft) => draft.code).sort()).toEqual(['SMF70A', 'SMF70A-Q1', 'SMF8.0A', 'SMF8.0A-Q1']);
    expect(graded.find((draft) => draft.code === 'SMF8.0A-Q1')).toMatchObject({ description: '瞬态抑制二极管 车规级(AEC-Q)', unitPriceE4: 150 });
    expect(() => [...planProducts([], [tvs], 5, [grade])]).toThrow('最多只能生成 4 个不同的料号');
  });

  it('is the same list every time', () => {
    const digest = (list: ProductDraft[]) => createHash('sha256').update(JSON.stringify(list)).digest('hex');
    expect(digest(plan(5_000))).toBe(digest(plan(5_000)));
    expect(digest(plan(40_000))).toBe(digest(drafts));
  });

  it('fills every second-level category and only with parameters the category declares', () => {
    const categories = new Set(drafts.map((draft) => draft.category));
    expect([...categories].sort()).toEqual(Object.keys(secondCategories).sort());
    for (const draft of drafts) {
      const allowed = new Set<string>(['package', ...secondCategories[draft.category].attributes]);
      for (const { key } of draft.params) expect(allowed.has(key), `${draft.code}: ${key}`).toBe(true);
      expect(new Set(draft.params.map((item) => item.key)).size).toBe(draft.params.length);
      expect(draft.params[0]).toEqual({ key: 'package', text: draft.package, num: null });
      expect(draft.unitPriceE4).toBeGreaterThan(0);
      expect(Number.isInteger(draft.packSize) && draft.packSize >= 1).toBe(true);
      expect(draft.description).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('mixes resistors and capacitors with ICs, connectors and discretes, as a component store does', () => {
    const share = (keys: string[]) => drafts.filter((draft) => keys.includes(draft.category)).length / drafts.length;
    expect(share(['chipResistor', 'mlcc'])).toBeGreaterThan(0.3);
    expect(share(['armMcu', 'riscvMcu', 'mcu8bit', 'ldo', 'opamp', 'buck'])).toBeGreaterThan(0.02);
    expect(share(['pinHeader', 'femaleHeader', 'wireToBoard', 'typeC'])).toBeGreaterThan(0.01);
  });
});

describe('allocateQuotas', () => {
  it('shares N out without exceeding what any family can make', () => {
    const quotas = allocateQuotas(allFamilies, 1_000_000);
    expect(quotas.reduce((sum, { quota }) => sum + quota, 0)).toBe(1_000_000);
    for (const { family, quota } of quotas) expect(quota).toBeLessThanOrEqual(estimateCapacity(family));
  });

  it('refuses a catalogue larger than the families can make', () => {
    const tiny = defineFamily({
      key: 'tiny',
      category: 'gdt',
      brand: 'bourns',
      weight: 1,
      axes: [[1, 2, 3]],
      build: ([index = 0]) => ({
        code: `GDT-${index}`,
        brand: 'bourns',
        category: 'gdt',
        package: '插件',
        description: '放电管',
        params: [param('package', '插件')],
        unitPriceE4: 100,
        packSize: 1,
        salesUnit: 'piece',
        datasheetUrl: null,
      }),
    });
    expect([...planProducts([], [tiny], 3)].map((draft) => draft.code).sort()).toEqual(['GDT-0', 'GDT-1', 'GDT-2']);
    expect(() => [...planProducts([], [tiny], 4)]).toThrow('最多只能生成 3 个不同的料号');
  });
});

describe('famous parts', () => {
  it('come from the series that makes them', () => {
    const parts = famousParts();
    expect(parts.map((draft) => [draft.code, draft.brand])).toEqual(famousPartCodes.map(([code, brand]) => [code, brand]));
  });
});
