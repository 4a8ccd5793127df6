import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { quickOrderLimits } from '../../../contract/quick-order.ts';
import { quickOrderCalls } from '../../../contract/quick-order-calls.ts';
import { setTestPrices } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';

const t = useTestApp({
  fixture: async (app) => {
    const catalog = await insertOrderCatalog(app.db);
    const otherBrand = await app.db.kysely
      .insertInto('brands')
      .values({ nameEn: 'OTHERCO', nameCn: null, initial: 'O', logoPath: null, intro: '', country: '', isPartner: 0, sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const part = (fields: Parameters<typeof insertPart>[2]) => insertPart(app.db.kysely, catalog, fields);
    return {
      single: await part({ code: 'QO-SINGLE-1' }),
      packed: await part({ code: 'QO-PACK-100', packSize: 100, prices: [{ qtyStart: 100, priceE4: 30 }] }),
      twoMakers: [await part({ code: 'QO-TWIN-7' }), await part({ code: 'QO-TWIN-7', brandId: otherBrand.id })],
      gone: await part({ code: 'QO-GONE-1', prices: [] }),
    };
  },
});

describe('快速下单: POST /cart/api/quickOrder', () => {
  it('answers 401 to visitors', async () => {
    expect(await t.browser().call(quickOrderCalls.add, { text: 'QO-SINGLE-1, 1' })).toMatchObject({ code: 401 });
  });

  it('adds the lines found by exact part number (as the index normalises it) and lists the others with their reasons', async () => {
    const member = await t.member();
    const text = ['型号\t数量', 'qo-single-1，5', 'QO PACK 100*150', 'NOPE-PART-9 3', 'QO-SINGLE-1', 'QO-TWIN-7, 2', 'QO-GONE-1, 1', '电阻, 1'].join('\n');
    const result = await member.browser.callOk(quickOrderCalls.add, { text });
    expect(result.added).toEqual([
      { lineNo: 2, productId: t.fixture.single, code: 'QO-SINGLE-1', brandName: expect.any(String) as string, quantity: 5, requestedQuantity: 5 },
      { lineNo: 3, productId: t.fixture.packed, code: 'QO-PACK-100', brandName: expect.any(String) as string, quantity: 200, requestedQuantity: 150 },
    ]);
    expect(result.problems.map((problem) => [problem.lineNo, problem.reason])).toEqual([
      [4, '未找到该型号'],
      [5, '缺少数量'],
      [6, expect.stringMatching(/^该型号有2个品牌（.+、OTHERCO），请在搜索结果中选择$/)],
      [7, '该商品已下架'],
      [8, '未识别为厂家型号'],
    ]);
    expect(result.cart.lineCount).toBe(2);
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(new Map(cart.lines.map((line) => [line.product.productId, line.quantity]))).toEqual(
      new Map([
        [t.fixture.single, 5],
        [t.fixture.packed, 200],
      ]),
    );
  });

  it('takes the one maker still selling a part number several made', async () => {
    const member = await t.member();
    const [first, second] = t.fixture.twoMakers;
    await setTestPrices(t.db.kysely, first ?? 0, []);
    const result = await member.browser.callOk(quickOrderCalls.add, { text: 'QO-TWIN-7 4' });
    expect(result.added.map((line) => line.productId)).toEqual([second]);
    await setTestPrices(t.db.kysely, first ?? 0, [{ qtyStart: 1, priceE4: 100 }]);
  });

  it('lists a line the cart refuses with the cart’s reason, and still adds the others', async () => {
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId: t.fixture.single, quantity: 999_999 });
    const result = await member.browser.callOk(quickOrderCalls.add, { text: 'QO-SINGLE-1, 5\nQO-PACK-100, 100' });
    expect(result.problems).toEqual([{ lineNo: 1, text: 'QO-SINGLE-1, 5', reason: '购物车中该商品数量不能超过1000000' }]);
    expect(result.added.map((line) => line.code)).toEqual(['QO-PACK-100']);
  });

  it(`refuses an empty text and more than ${String(quickOrderLimits.linesMax)} lines`, async () => {
    const member = await t.member();
    expect(await member.browser.call(quickOrderCalls.add, { text: '\n  \n' })).toMatchObject({ code: 400, msg: '请粘贴或输入型号和数量，每行一个' });
    const tooMany = Array.from({ length: quickOrderLimits.linesMax + 1 }, () => 'QO-SINGLE-1, 1').join('\n');
    expect(await member.browser.call(quickOrderCalls.add, { text: tooMany })).toMatchObject({ code: 400, msg: '一次最多200行，请分批提交' });
    const most = Array.from({ length: quickOrderLimits.linesMax }, () => 'QO-SINGLE-1, 1').join('\n');
    expect((await member.browser.callOk(quickOrderCalls.add, { text: most })).added).toHaveLength(quickOrderLimits.linesMax);
  });
});
