import { beforeEach, describe, expect, it } from 'vitest';
import { crossReferenceCalls } from '../../../contract/cross-reference-calls.ts';
import { crossReferenceMessages, type CrossReferencePageData, type CrossReferenceResult } from '../../../contract/cross-reference.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertBomMatchFixture } from '../bom/match/bom-match.test-helpers.ts';

const testApp = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });
let browser: TestBrowser;
beforeEach(() => {
  browser = testApp.browser();
});

const lookUp = (code: string) => browser.callOk(crossReferenceCalls.queryCrossReference, { code });
const codesOf = (matches: CrossReferenceResult['byParameters']) => matches.map((match) => match.part.code);

describe('the cross-reference call', () => {
  it('finds an MCU, its other packaging and its domestic equivalent with the evidence row by row', async () => {
    const result = await lookUp('STM32F103C8T6');
    expect(result.found).toMatchObject({ code: 'STM32F103C8T6', package: 'LQFP-48', isDomesticBrand: false });
    expect(result.sameCode).toMatchObject([{ relation: 'otherPackaging', part: { code: 'STM32F103C8T6TR' } }]);
    expect(result.byParameters).toHaveLength(1);
    expect(result.byParameters[0]).toMatchObject({
      relation: 'parameters',
      part: { code: 'GD32F103C8T6', isDomesticBrand: true, stock: 5000 },
      evidence: [
        { name: '封装', original: 'LQFP-48', candidate: 'LQFP-48', verdict: 'same' },
        { name: '内核', original: 'ARM Cortex-M3', candidate: 'ARM Cortex-M3', verdict: 'same' },
        { name: '程序存储容量', original: '64KB', candidate: '64KB', verdict: 'same' },
      ],
      // No table of pin compatibility in the store: the same package is all it claims.
      pinNote: crossReferenceMessages.pinNote,
    });
    expect(result.byParameters[0]?.part.priceTiers[0]?.priceE4).toBe(52_000);
  });

  it('reads a part number typed loosely, and one with a packaging suffix as its base part', async () => {
    expect((await lookUp(' stm32f103c8t6 ')).found?.code).toBe('STM32F103C8T6');
    expect((await lookUp('LM358DR/TR')).found?.code).toBe('LM358DR');
  });

  it('offers a resistor of the same value, package and tolerance, never a looser tolerance', async () => {
    const result = await lookUp('0603WAF1002T5E');
    expect(codesOf(result.byParameters)).toEqual(['RC0603FR-0710KL']);
    expect(result.byParameters[0]?.evidence.map((row) => [row.name, row.verdict])).toEqual([
      ['封装', 'same'],
      ['阻值', 'same'],
      ['精度', 'same'],
      ['功率', 'same'],
    ]);
  });

  it('marks a tighter tolerance and a higher voltage as better', async () => {
    const resistor = await lookUp('RC0603JR-0710KL');
    expect(codesOf(resistor.byParameters).sort()).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL']);
    expect(resistor.byParameters[0]?.evidence.find((row) => row.name === '精度')).toMatchObject({ original: '±5%', candidate: '±1%', verdict: 'better' });

    const capacitor = await lookUp('GRM155R71C104KA88D');
    expect(codesOf(capacitor.byParameters).sort()).toEqual(['0402B104K160NT', 'CL05B104KO5NNNC', 'GRM155R71H104KE14D']);
    const fiftyVolt = capacitor.byParameters.find((match) => match.part.code === 'GRM155R71H104KE14D');
    expect(fiftyVolt?.evidence.find((row) => row.name === '额定电压')).toMatchObject({ original: '16V', candidate: '50V', verdict: 'better' });
    expect(capacitor.byParameters.find((match) => match.part.code === '0402B104K160NT')?.part.isDomesticBrand).toBe(true);
    // In stock first.
    expect(capacitor.byParameters.every((match) => match.part.stock > 0)).toBe(true);
  });

  it('never offers a lower rating, another package or another kind of part', async () => {
    expect(codesOf((await lookUp('GRM155R71H104KE14D')).byParameters)).toEqual([]);
    // 4.7kΩ 0603 ±1%: the NTC of the same values is another kind, in another category.
    const resistor = await lookUp('0603WAF4701T5E');
    expect(codesOf(resistor.byParameters)).toEqual([]);
    expect(resistor.sameCode).toEqual([]);
  });

  it('says so when the catalogue records no parameters to compare', async () => {
    const result = await lookUp('LM358DR');
    expect(result.byParameters).toEqual([]);
    expect(result.notice).toBe(crossReferenceMessages.noKeyParams);
  });

  it('answers a part number the catalogue does not have with found: null', async () => {
    expect(await lookUp('NOSUCHPART123')).toEqual({ code: 'NOSUCHPART123', found: null, sameCode: [], byParameters: [], notice: '' });
  });

  it.each([
    ['', crossReferenceMessages.codeMissing],
    ['   ', crossReferenceMessages.codeMissing],
    ['A'.repeat(61), crossReferenceMessages.codeTooLong],
    ['STM32<script>', crossReferenceMessages.codeInvalid],
    ['10k 电阻', crossReferenceMessages.codeInvalid],
  ])('refuses %j with a Chinese message in the envelope', async (code, msg) => {
    expect(await browser.call(crossReferenceCalls.queryCrossReference, { code })).toMatchObject({ code: 400, msg });
  });

  it('refuses a body without a code or with a number for it', async () => {
    expect(await browser.post(crossReferenceCalls.queryCrossReference.path, {})).toMatchObject({ code: 400, msg: crossReferenceMessages.codeMissing });
    expect(await browser.post(crossReferenceCalls.queryCrossReference.path, { code: 42 })).toMatchObject({ code: 400 });
  });
});

describe('/cross-reference page', () => {
  async function page(url: string) {
    const response = await browser.get(url);
    return { status: response.statusCode, html: response.body, data: pageStateOf<CrossReferencePageData>(response.body).data };
  }

  it('shows the form alone before a part number is typed', async () => {
    const { status, html, data } = await page('/cross-reference');
    expect(status).toBe(200);
    expect(html).toContain('<title>型号替代查询');
    expect(data).toEqual({ code: '', problem: '', result: null });
  });

  it('renders the equivalents with their evidence tables', async () => {
    const { status, html, data } = await page('/cross-reference?code=STM32F103C8T6');
    expect(status).toBe(200);
    expect(html).toContain('<title>STM32F103C8T6 替代型号 - 型号替代查询');
    expect(html).toContain('同型号（其他包装/其他品牌）');
    expect(html).toContain('GD32F103C8T6');
    expect(html).toContain(crossReferenceMessages.pinNote);
    expect(data.result?.byParameters).toHaveLength(1);
  });

  it('says 未找到该型号 and keeps the form for another try', async () => {
    const { status, html } = await page('/cross-reference?code=NOSUCHPART123');
    expect(status).toBe(200);
    expect(html).toContain(crossReferenceMessages.notFound);
    expect(html).toContain('value="NOSUCHPART123"');
  });

  it('shows the problem of an odd part number instead of looking it up', async () => {
    const { status, data } = await page(`/cross-reference?code=${encodeURIComponent('<b>x</b>')}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ problem: crossReferenceMessages.codeInvalid, result: null });
  });
});
