import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import type { SettlementData } from '../../../contract/order.ts';
import type { CartPageData } from '../../../web/pages/cart-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';

describe('cart: /cart/api/* and /cart', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      return {
        resistor: fixtureProductId(catalog, 'RC0603FR-0710KL'),
        mcu: fixtureProductId(catalog, 'STM32F103C8T6'),
        ldo: fixtureProductId(catalog, 'LP2985-33DBVR'),
      };
    },
  });

  const add = async (member: SignedInMember, productId: number, quantity: number) => member.browser.call(cartCalls.add, { productId, quantity });
  const list = async (member: SignedInMember) => member.browser.callOk(cartCalls.queryList, {});

  it('answers 401 to visitors for every call and sends them from /cart and /offer/settlement to login', async () => {
    const { resistor } = t.fixture;
    const visitor = t.browser();
    const answers = {
      queryList: await visitor.call(cartCalls.queryList, {}),
      add: await visitor.call(cartCalls.add, { productId: resistor, quantity: 100 }),
      updateQuantity: await visitor.call(cartCalls.updateQuantity, { productId: resistor, quantity: 100 }),
      remove: await visitor.call(cartCalls.remove, { productIds: [resistor] }),
      select: await visitor.call(cartCalls.select, { isSelected: true }),
    };
    for (const [name, answer] of Object.entries(answers))
      expect(answer, name).toMatchObject({ code: 401, msg: '请先登录', errorCode: 'request.loginRequired' });
    for (const path of ['/cart', '/offer/settlement']) {
      const response = await visitor.get(path);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/account/login?return=${encodeURIComponent(path)}`);
    }
  });

  it('adds a new line, then adds to its quantity; the count counts lines', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    expect(await add(member, resistor, 900)).toEqual({ code: 1, data: { isNewLine: true, quantity: 900, cartCount: 1 }, msg: '已加入购物车' });
    expect((await add(member, resistor, 100)).data).toEqual({ isNewLine: false, quantity: 1000, cartCount: 1 });
    expect((await add(member, mcu, 3)).data).toEqual({ isNewLine: true, quantity: 3, cartCount: 2 });
    const stored = await t.db.kysely
      .selectFrom('cartItems')
      .select(['productId', 'quantity'])
      .where('userId', '=', member.userId)
      .orderBy('productId')
      .execute();
    expect(stored).toEqual(
      [
        { productId: resistor, quantity: 1000 },
        { productId: mcu, quantity: 3 },
      ].sort((a, b) => a.productId - b.productId),
    );
  });

  it('prices each line by the tier of its quantity, warns when it passes the stock, and totals the selected lines', async () => {
    const { resistor, ldo } = t.fixture;
    const member = await t.member();
    await add(member, resistor, 900);
    await add(member, ldo, 2);
    const cart = await list(member);
    expect(cart.lineCount).toBe(2);
    // Newest first.
    expect(cart.lines.map((line) => line.product.productId)).toEqual([ldo, resistor]);
    const resistorLine = cart.lines[1];
    const tiers = resistorLine?.product.priceTiers ?? [];
    expect(resistorLine?.unitPriceE4).toBe(tiers[0]?.priceE4);
    // RC0603FR-0710KL is the fixture's resistor number 28 (10kΩ: 2 × 12, 0603: + 1 × 4, ±1% and YAGEO: + 0),
    // so its first tier is 50 + 28 = 78 e4 (¥0.0078): 900 × 78 = 70,200 e4 = ¥7.02 = 702 cents.
    expect(resistorLine?.subtotalCents).toBe(702);
    expect(resistorLine?.isShortOfStock).toBe(false);
    // LP2985-33DBVR has no stock.
    expect(cart.lines[0]).toMatchObject({ isShortOfStock: true, unitPriceE4: 9000, subtotalCents: 180, isSelected: true });
    expect(cart.selectedCount).toBe(2);
    expect(cart.selectedTotalCents).toBe((resistorLine?.subtotalCents ?? 0) + 180);

    const updated = await member.browser.callOk(cartCalls.updateQuantity, { productId: resistor, quantity: 1000 });
    const moved = updated.lines.find((line) => line.product.productId === resistor);
    expect(moved?.quantity).toBe(1000);
    expect(moved?.unitPriceE4).toBe(tiers[1]?.priceE4);
  });

  it('selects lines one by one and all at once', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    await add(member, resistor, 100);
    await add(member, mcu, 1);
    const one = await member.browser.callOk(cartCalls.select, { productIds: [mcu], isSelected: false });
    expect(one.selectedCount).toBe(1);
    expect(one.selectedTotalCents).toBe(one.lines.find((line) => line.product.productId === resistor)?.subtotalCents);
    const none = await member.browser.callOk(cartCalls.select, { isSelected: false });
    expect(none).toMatchObject({ selectedCount: 0, selectedTotalCents: 0, lineCount: 2 });
    const all = await member.browser.callOk(cartCalls.select, { isSelected: true });
    expect(all.selectedCount).toBe(2);
  });

  it('removes lines and reports how many went', async () => {
    const { resistor, mcu, ldo } = t.fixture;
    const member = await t.member();
    await add(member, resistor, 100);
    await add(member, mcu, 1);
    await add(member, ldo, 1);
    const answer = await member.browser.callOk(cartCalls.remove, { productIds: [resistor, mcu, mcu] });
    expect(answer.removedCount).toBe(2);
    expect(answer.lineCount).toBe(1);
    expect(answer.lines.map((line) => line.product.productId)).toEqual([ldo]);
    expect((await member.browser.callOk(cartCalls.remove, { productIds: [resistor] })).removedCount).toBe(0);
  });

  it('refuses quantities that are not positive pack multiples up to 1,000,000, with Chinese messages', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    const cases: [unknown, string, string][] = [
      [150, '该商品按100个整包销售，数量须为100的整数倍', 'cart.quantityInvalid'],
      [0, '购买数量须大于0', 'request.invalid'],
      [-100, '购买数量须大于0', 'request.invalid'],
      [1.5, '请输入整数数量', 'request.invalid'],
      ['100', '请输入购买数量', 'request.invalid'],
      [1_000_100, '单次购买数量不能超过1000000', 'request.invalid'],
    ];
    for (const [quantity, msg, errorCode] of cases) {
      expect(await member.browser.post(cartCalls.add.path, { productId: resistor, quantity }), String(quantity)).toMatchObject({ code: 400, msg, errorCode });
    }
    expect(await member.browser.call(cartCalls.add, { productId: 999_999, quantity: 1 })).toMatchObject({
      code: 404,
      msg: '商品不存在',
      errorCode: 'product.notFound',
    });
    expect(await member.browser.post(cartCalls.add.path, { quantity: 1 })).toMatchObject({ code: 400, msg: '商品不存在', errorCode: 'request.invalid' });
    await add(member, resistor, 999_900);
    expect(await add(member, resistor, 200)).toMatchObject({ code: 400, msg: '购物车中该商品数量不能超过1000000', errorCode: 'cart.lineTooLarge' });
    expect((await list(member)).lines[0]?.quantity).toBe(999_900);
    expect(await member.browser.call(cartCalls.updateQuantity, { productId: resistor, quantity: 250 })).toMatchObject({
      code: 400,
      msg: '该商品按100个整包销售，数量须为100的整数倍',
      errorCode: 'cart.quantityInvalid',
    });
    expect(await member.browser.call(cartCalls.updateQuantity, { productId: mcu, quantity: 2 })).toMatchObject({
      code: 404,
      msg: '购物车中没有该商品',
      errorCode: 'cart.lineMissing',
    });
    expect(await member.browser.call(cartCalls.updateQuantity, { productId: 999_999, quantity: 2 })).toMatchObject({
      code: 404,
      errorCode: 'product.notFound',
    });
    expect(await member.browser.call(cartCalls.remove, { productIds: [] })).toMatchObject({ code: 400, msg: '请选择商品', errorCode: 'request.invalid' });
    expect(await member.browser.post(cartCalls.select.path, { isSelected: 'yes' })).toMatchObject({
      code: 400,
      msg: '请选择是否勾选',
      errorCode: 'request.invalid',
    });
  });

  it('refuses a part beyond 500 different lines, but still adds to a line already there', async () => {
    const { mcu } = t.fixture;
    const member = await t.member();
    const source = await t.db.kysely.selectFrom('products').selectAll().where('id', '=', mcu).executeTakeFirstOrThrow();
    const { id: _sourceId, ...part } = source;
    const created = await t.db.kysely
      .insertInto('products')
      .values(Array.from({ length: 500 }, (_, i) => ({ ...part, code: `CART-LIMIT-${i}`, codeNorm: `CARTLIMIT${i}` })))
      .returning('id')
      .execute();
    const now = Date.now();
    await t.db.kysely
      .insertInto('cartItems')
      .values(created.map((row) => ({ userId: member.userId, productId: row.id, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now })))
      .execute();
    expect(await add(member, mcu, 1)).toMatchObject({ code: 400, msg: '购物车最多可放500种商品，请先清理购物车', errorCode: 'cart.full' });
    expect((await add(member, created[0]?.id ?? 0, 1)).data).toEqual({ isNewLine: false, quantity: 2, cartCount: 500 });
    await t.db.kysely.deleteFrom('products').where('code', 'like', 'CART-LIMIT-%').execute();
  });

  it('keeps every unit when one member adds the same part concurrently', async () => {
    const { resistor } = t.fixture;
    const member = await t.member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(member, resistor, 100)));
    expect(answers.every((answer) => answer.code === 1)).toBe(true);
    expect(answers.filter((answer) => answer.data?.isNewLine)).toHaveLength(1);
    const cart = await list(member);
    expect(cart.lineCount).toBe(1);
    expect(cart.lines[0]?.quantity).toBe(2000);
  });

  it("keeps members' carts apart and renders /cart with the lines and the header count", async () => {
    const { mcu } = t.fixture;
    const first = await t.member();
    const second = await t.member();
    await add(first, mcu, 2);
    expect((await list(second)).lineCount).toBe(0);
    const response = await first.browser.get('/cart');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>我的购物车 - 芯品商城</title>');
    expect(response.body).toContain('STM32F103C8T6');
    const { data } = pageStateOf<CartPageData>(response.body);
    expect(data.cart.lineCount).toBe(1);
    const empty = await second.browser.get('/cart');
    expect(empty.body).toContain('购物车还是空的');
    const settlement = await first.browser.get('/offer/settlement');
    expect(settlement.statusCode).toBe(200);
    expect(pageStateOf<SettlementData>(settlement.body).data.lines.map((line) => line.productId)).toEqual(
      data.cart.lines.map((line) => line.product.productId),
    );
  });
});
