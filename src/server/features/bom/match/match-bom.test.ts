import type { Kysely, KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BomLine, BomLineInput } from '../../../../contract/bom.ts';
import type { Database } from '../../../db/database.ts';
import { SearchService } from '../../search/search.service.ts';
import { useTestApp } from '../../../testing/use-test-app.ts';
import { bomLine, insertBomMatchFixture } from './bom-match.test-helpers.ts';
import { matchBomLines, type BomMatchContext } from './match-bom.ts';

const testApp = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });
let context: BomMatchContext;

beforeAll(() => {
  context = { db: testApp.db.kysely, search: new SearchService(testApp.db, pino({ level: 'silent' })) };
});

async function matchOne(line: BomLineInput): Promise<BomLine> {
  const { lines } = await matchBomLines(context, [line]);
  const [matched] = lines;
  if (!matched) throw new Error('no line');
  return matched;
}

const codesOf = (line: BomLine) => line.candidates.map((candidate) => candidate.code);

describe('by manufacturer part number', () => {
  it.each([
    ['RC0603FR-0710KL', 'RC0603FR-0710KL'],
    ['rc0603fr0710kl', 'RC0603FR-0710KL'],
    ['LM358DR/TR', 'LM358DR'],
    ['LM358DR-TR', 'LM358DR'],
  ])('%s is an exact match of %s', async (mpn, code) => {
    const line = await matchOne(bomLine({ mpn }));
    expect(line).toMatchObject({ status: 'exact', matchedBy: 'mpn' });
    expect(codesOf(line)[0]).toBe(code);
  });

  it('reads a part number in the value column (Altium Comment) and lists its other packagings after it', async () => {
    const line = await matchOne(bomLine({ value: 'STM32F103C8T6', package: 'LQFP-48' }));
    expect(line).toMatchObject({ status: 'exact', matchedBy: 'mpn' });
    expect(codesOf(line)).toEqual(['STM32F103C8T6', 'STM32F103C8T6TR']);
  });

  it('fills a candidate with what the BOM shows: brand, 国产, package, key parameters, stock, pack and tiers', async () => {
    const line = await matchOne(bomLine({ mpn: '0603WAF1002T5E' }));
    expect(line.candidates[0]).toMatchObject({
      productId: testApp.fixture.products.get('0603WAF1002T5E'),
      brandName: expect.stringContaining('UNI-ROYAL') as string,
      isDomesticBrand: true,
      package: '0603',
      keyParams: [
        { name: '阻值', value: '10kΩ' },
        { name: '精度', value: '±1%' },
        { name: '功率', value: '100mW' },
      ],
      stock: 800_000,
      packSize: 100,
      imagePath: null,
    });
    expect(line.candidates[0]?.priceTiers.map((tier) => tier.qtyStart)).toEqual([1, 100, 1000]);
    const yageo = await matchOne(bomLine({ mpn: 'RC0603FR-0710KL' }));
    expect(yageo.candidates[0]?.isDomesticBrand).toBe(false);
  });
});

describe('by store code', () => {
  it('a 商品编号 finds that part exactly', async () => {
    const id = testApp.fixture.products.get('GD32F103C8T6') ?? 0;
    const line = await matchOne(bomLine({ storeCode: String(id) }));
    expect(line).toMatchObject({ status: 'exact', matchedBy: 'storeCode' });
    expect(codesOf(line)).toEqual(['GD32F103C8T6']);
  });

  it('a number whose part disagrees with the line’s package is not trusted (物料编码 of the buyer’s own)', async () => {
    const id = testApp.fixture.products.get('GD32F103C8T6') ?? 0;
    const line = await matchOne(bomLine({ storeCode: String(id), package: '0603' }));
    expect(line.matchedBy).not.toBe('storeCode');
  });

  it('an LCSC code (C25804) is not known to the store: the line falls to its other cells', async () => {
    expect(await matchOne(bomLine({ storeCode: 'C25804' }))).toMatchObject({ status: 'none', matchedBy: null, candidates: [] });
    const withValue = await matchOne(bomLine({ storeCode: 'C25804', value: '10k', package: 'R_0603_1608Metric' }, { designators: ['R1'] }));
    expect(withValue).toMatchObject({ status: 'recommended', matchedBy: 'parameters' });
  });
});

describe('by value, package and tolerance', () => {
  it('10k 0603 1% finds the 1% 0603 resistors, cheapest with stock first, not the 5% one', async () => {
    const line = await matchOne(bomLine({ value: '10k 0603 1%' }));
    expect(line).toMatchObject({ status: 'recommended', matchedBy: 'parameters' });
    expect(codesOf(line)).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL']);
  });

  it('reads the package from a KiCad footprint and the unit from the designators', async () => {
    const line = await matchOne(bomLine({ value: '10k', package: 'Resistor_SMD:R_0603_1608Metric' }, { designators: ['R1', 'R2'] }));
    expect(codesOf(line).sort()).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL', 'RC0603JR-0710KL'].sort());
  });

  it('100nF 0402 X7R 16V finds the 16V X7R parts, in stock first', async () => {
    const line = await matchOne(bomLine({ value: '100nF 0402 X7R 16V' }));
    expect(line.matchedBy).toBe('parameters');
    expect(codesOf(line)).toEqual(['0402B104K160NT', 'CL05B104KO5NNNC', 'GRM155R71C104KA88D']);
  });

  it('22uF 10V 0805 finds the MLCC', async () => {
    expect(codesOf(await matchOne(bomLine({ value: '22uF 10V 0805' })))).toEqual(['GRM21BR61A226ME44L']);
  });
});

describe('by keyword, and part numbers that are not the line’s', () => {
  it('a Chinese name with a package but no value lists capacitors as the closest, not chosen: 未匹配, BOM 未注明容值', async () => {
    const line = await matchOne(bomLine({ value: '贴片电容 0402' }));
    expect(line).toMatchObject({ status: 'none', matchedBy: null, matchReason: '未匹配：无法确认是同一器件' });
    expect(line.candidates.length).toBeGreaterThan(0);
    expect(line.candidates.every((candidate) => candidate.fit === 'miss' && candidate.evidence === 'BOM 未注明容值')).toBe(true);
  });

  it('贴片电阻 10K 0603 recommends a 0603 10k resistor, saying why', async () => {
    const line = await matchOne(bomLine({ value: '贴片电阻 10K 0603' }));
    expect(line.status).toBe('recommended');
    expect(codesOf(line)).toContain('0603WAF1002T5E');
    expect(line.matchReason).toBe('参数一致：阻值 10kΩ、封装 0603');
    expect(line.candidates.filter((candidate) => candidate.fit === 'verified').every((candidate) => candidate.package === '0603')).toBe(true);
  });

  it.each([
    ['STM32F103C8T7', 'STM32F103C8T6'],
    ['GRM155R71C1O4KA88D', 'GRM155R71C104KA88D'],
    ['RC0603FR-0710KJ', 'RC0603FR-0710KL'],
  ])('a part number one character off (%s) is 未匹配: %s is listed as the closest, not chosen', async (mpn, code) => {
    const line = await matchOne(bomLine({ mpn }));
    expect(line).toMatchObject({ status: 'none', matchedBy: null, matchReason: '未匹配：目录中没有此型号' });
    expect(line.candidates[0]).toMatchObject({ code, fit: 'miss', evidence: `型号不符：${code}（BOM ${mpn}）` });
  });

  it('a part number missing its ordering suffix (GD32F103C8T) offers the part to choose, with the package to confirm', async () => {
    const open = await matchOne(bomLine({ mpn: 'GD32F103C8T' }));
    expect(open).toMatchObject({ status: 'multiple', matchReason: 'GD32F103C8T 的订购型号 GD32F103C8T6；BOM 未注明封装，请选择' });
    const stated = await matchOne(bomLine({ mpn: 'GD32F103C8T', package: 'LQFP-48' }, { designators: ['U1'] }));
    expect(stated).toMatchObject({ status: 'recommended', matchReason: 'GD32F103C8T 的订购型号 GD32F103C8T6，封装 LQFP-48 一致' });
    const other = await matchOne(bomLine({ mpn: 'GD32F103C8T', package: 'QFN-48' }, { designators: ['U1'] }));
    expect(other).toMatchObject({ status: 'none', matchReason: '未匹配：无此封装（QFN-48）' });
  });

  it('a part number the store does not carry at all is unmatched', async () => {
    expect(await matchOne(bomLine({ mpn: 'XYZ9999QQ' }))).toMatchObject({ status: 'none', candidates: [], substitutes: [] });
  });
});

describe('never a different part (issue 27)', () => {
  it('10k 0603 1% ×300 with the matching resistors out of stock is 缺货, never the NTC thermistor in stock', async () => {
    const line = await matchOne(bomLine({ value: '4.7k', package: '0603', description: '1%' }, { designators: ['R5'], requiredQuantity: 300 }));
    expect(line.status).toBe('none');
    expect(line.matchReason).toMatch(/^缺货：参数一致：阻值 4\.7kΩ、封装 0603、精度 ±1%/);
    expect(line.candidates[0]).toMatchObject({ code: '0603WAF4701T5E', fit: 'verified' });
    const ntc = line.candidates.find((candidate) => candidate.code === 'NCP18XM472F03RB');
    expect(ntc).toMatchObject({ fit: 'miss', evidence: '类别不符：热敏电阻（BOM 为电阻）' });
  });

  it('a resistor line whose value only a ferrite bead carries is 未匹配, the bead listed as another kind', async () => {
    const line = await matchOne(bomLine({ value: '600R', package: '0603' }, { designators: ['R9'] }));
    expect(line.status).toBe('none');
    expect(line.candidates.every((candidate) => candidate.fit === 'miss')).toBe(true);
  });

  it('a ferrite bead line takes the bead, by its impedance', async () => {
    const line = await matchOne(bomLine({ value: '600R@100MHz', package: '0603' }, { designators: ['FB1'] }));
    expect(line).toMatchObject({ status: 'recommended', matchReason: '参数一致：阻值 600Ω、封装 0603' });
    expect(codesOf(line)[0]).toBe('BLM18KG601SN1D');
  });

  it('27k finds no 287k: 未匹配 无此阻值', async () => {
    const line = await matchOne(bomLine({ value: '27k', package: '0603' }, { designators: ['R3'] }));
    expect(line).toMatchObject({ status: 'none', matchReason: '未匹配：无此阻值（27kΩ 0603）' });
    expect(line.candidates.some((candidate) => candidate.fit !== 'miss')).toBe(false);
  });

  it('a 25V line takes a 50V capacitor (better), never a 16V one', async () => {
    const line = await matchOne(bomLine({ value: '100nF', package: '0402', description: 'CAP CER 100NF 25V X7R 0402' }));
    expect(line).toMatchObject({ status: 'recommended', matchedBy: 'parameters' });
    expect(line.candidates.filter((candidate) => candidate.fit === 'verified').map((candidate) => candidate.code)).toEqual(['GRM155R71H104KE14D']);
    expect(line.candidates.find((candidate) => candidate.code === 'CL05B104KO5NNNC')?.evidence).toBe('耐压不达标：16V（BOM 25V）');
  });

  it('a value without its package lets the buyer choose (多个候选), nothing chosen for them', async () => {
    const line = await matchOne(bomLine({ value: '10k' }, { designators: ['R1'] }));
    expect(line.status).toBe('multiple');
    expect(line.matchReason).toMatch(/BOM 未注明封装，请选择$/);
  });
});

describe('not fitted lines and substitutes', () => {
  it('a DNP line is kept as not fitted, without candidates', async () => {
    const line = await matchOne(bomLine({ mpn: 'RC0603FR-0710KL' }, { isNotFitted: true }));
    expect(line).toMatchObject({ status: 'notFitted', matchedBy: null, candidates: [], substitutes: [] });
  });

  it('an out-of-stock part gets in-stock substitutes of the same category and parameters, with the reason', async () => {
    const line = await matchOne(bomLine({ mpn: 'GRM155R71C104KA88D' }, { requiredQuantity: 1000 }));
    expect(line).toMatchObject({ status: 'exact', matchedBy: 'mpn' });
    expect(line.candidates[0]?.stock).toBe(0);
    expect(line.substitutes.map((substitute) => substitute.code)).toEqual(['0402B104K160NT', 'CL05B104KO5NNNC']);
    expect(line.substitutes[0]?.reason).toBe('同类目，容值 100nF、封装 0402、额定电压 16V、材质(介质) X7R、精度 ±10% 相同');
    expect(line.substitutes.every((substitute) => substitute.stock > 0)).toBe(true);
  });

  it('an out-of-stock MCU gets its other packaging first only when in stock, then the domestic part with the same core and flash', async () => {
    const line = await matchOne(bomLine({ mpn: 'STM32F103C8T6TR' }, { requiredQuantity: 100 }));
    expect(codesOf(line)[0]).toBe('STM32F103C8T6TR');
    const gd = line.substitutes.find((substitute) => substitute.code === 'GD32F103C8T6');
    expect(gd).toMatchObject({ isDomesticBrand: true, reason: '同类目，内核 ARM Cortex-M3、封装 LQFP-48、程序存储容量 64KB 相同' });
    // STM32F103C8T6 is already a candidate (same base): it is not repeated as a substitute.
    expect(line.substitutes.map((substitute) => substitute.code)).not.toContain('STM32F103C8T6');
  });

  it('a line short of stock gets substitutes; one with enough stock does not', async () => {
    const short = await matchOne(bomLine({ mpn: '0805W8F1002T5E' }, { requiredQuantity: 50_000 }));
    expect(short.substitutes.map((substitute) => substitute.code)).toEqual([]);
    const enough = await matchOne(bomLine({ mpn: '0603WAF1002T5E' }, { requiredQuantity: 1000 }));
    expect(enough.substitutes).toEqual([]);
    const shortResistor = await matchOne(bomLine({ mpn: 'RC0603FR-0710KL' }, { requiredQuantity: 600_000 }));
    expect(shortResistor.substitutes.map((substitute) => substitute.code)).toEqual(['0603WAF1002T5E']);
  });
});

/** Counts the statements a Kysely instance sends. */
function counting(db: Kysely<Database>): { db: Kysely<Database>; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

describe('a whole BOM', () => {
  const mixed = () => [
    bomLine({ mpn: 'RC0603FR-0710KL' }),
    bomLine({ value: '100nF 0402 X7R 16V' }),
    bomLine({ value: '贴片电容 0402' }),
    bomLine({ mpn: 'STM32F103C8T7' }),
    bomLine({ mpn: 'GRM155R71C104KA88D' }, { requiredQuantity: 1000 }),
    bomLine({ mpn: 'LM358DR' }, { isNotFitted: true }),
    bomLine({ mpn: 'XYZ9999QQ' }),
  ];

  it('counts the statuses and the match rate over the fitted lines', async () => {
    const { summary, lines } = await matchBomLines(context, mixed());
    expect(lines.map((line) => line.status)).toEqual(['exact', 'recommended', 'none', 'none', 'exact', 'notFitted', 'none']);
    expect(summary).toEqual({
      lineCount: 7,
      notFittedCount: 1,
      matchedCount: 3,
      matchRate: 3 / 6,
      countsByStatus: { exact: 2, recommended: 1, multiple: 0, none: 3, notFitted: 1 },
    });
  });

  it('reads the database in the same few statements for 7 lines as for 70: never one query per line', async () => {
    const few = counting(testApp.db.kysely);
    await matchBomLines({ ...context, db: few.db }, mixed());
    const many = counting(testApp.db.kysely);
    await matchBomLines({ ...context, db: many.db }, Array.from({ length: 10 }, mixed).flat());
    expect(few.count()).toBeGreaterThan(0);
    expect(many.count()).toBe(few.count());
    expect(many.count()).toBeLessThanOrEqual(8);
  });
});

describe('a file that contradicts itself', () => {
  it('a part number whose part has another value than the line says is found, but left for the buyer to confirm', async () => {
    const line = await matchOne(bomLine({ mpn: 'GRM155R71H104KE14D', value: '10nF', package: '0402' }, { designators: ['C1'] }));
    expect(line).toMatchObject({ status: 'multiple', matchReason: '型号一致，但容值不符：100nF（BOM 10nF），请核对型号与参数' });
    expect(codesOf(line)[0]).toBe('GRM155R71H104KE14D');
    const agreeing = await matchOne(bomLine({ mpn: 'GRM155R71H104KE14D', value: '100nF', package: '0402' }, { designators: ['C1'] }));
    expect(agreeing).toMatchObject({ status: 'exact', matchReason: '型号一致' });
  });
});
