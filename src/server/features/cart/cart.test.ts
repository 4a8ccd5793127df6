import { describe, expect, it } from 'vitest';
import type { CartAddResponse, CartRemoveResponse, CartSummary } from '../../../contract/cart.ts';
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

  const add = async (member: SignedInMember, productId: number, quantity: number) => member.browser.call<CartAddResponse>('/cart/api/add', { productId, quantity });
  const list = async (member: SignedInMember) => (await member.browser.call<CartSummary>('/cart/api/queryList')).data as CartSummary;

  it('answers 401 to visitors for every call and sends them from /cart and /offer/settlement to login', async () => {
    const { resistor } = t.fixture;
    const visitor = t.browser();
    for (const [path, body] of [
      ['/cart/api/queryList', {}],
      ['/cart/api/add', { productId: resistor, quantity: 100 }],
      ['/cart/api/updateQuantity', { productId: resistor, quantity: 100 }],
      ['/cart/api/remove', { productIds: [resistor] }],
      ['/cart/api/select', { isSelected: true }],
    ] as const) {
      expect(await visitor.call(path, body), path).toMatchObject({ code: 401, msg: '请先登录' });
    }
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
    const stored = await t.db.kysely.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', member.userId).orderBy('productId').execute();
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

    const updated = (await member.browser.call<CartSummary>('/cart/api/updateQuantity', { productId: resistor, quantity: 1000 })).data as CartSummary;
    const moved = updated.lines.find((line) => line.product.productId === resistor);
    expect(moved?.quantity).toBe(1000);
    expect(moved?.unitPriceE4).toBe(tiers[1]?.priceE4);
  });

  it('selects lines one by one and all at once', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    await add(member, resistor, 100);
    await add(member, mcu, 1);
    const one = (await member.browser.call<CartSummary>('/cart/api/select', { productIds: [mcu], isSelected: false })).data as CartSummary;
    expect(one.selectedCount).toBe(1);
    expect(one.selectedTotalCents).toBe(one.lines.find((line) => line.product.productId === resistor)?.subtotalCents);
    const none = (await member.browser.call<CartSummary>('/cart/api/select', { isSelected: false })).data as CartSummary;
    expect(none).toMatchObject({ selectedCount: 0, selectedTotalCents: 0, lineCount: 2 });
    const all = (await member.browser.call<CartSummary>('/cart/api/select', { isSelected: true })).data as CartSummary;
    expect(all.selectedCount).toBe(2);
  });

  it('removes lines and reports how many went', async () => {
    const { resistor, mcu, ldo } = t.fixture;
    const member = await t.member();
    await add(member, resistor, 100);
    await add(member, mcu, 1);
    await add(member, ldo, 1);
    const answer = (await member.browser.call<CartRemoveResponse>('/cart/api/remove', { productIds: [resistor, mcu, mcu] })).data as CartRemoveResponse;
    expect(answer.removedCount).toBe(2);
    expect(answer.lineCount).toBe(1);
    expect(answer.lines.map((line) => line.product.productId)).toEqual([ldo]);
    expect(((await member.browser.call<CartRemoveResponse>('/cart/api/remove', { productIds: [resistor] })).data as CartRemoveResponse).removedCount).toBe(0);
  });

  it('refuses quantities that are not positive pack multiples up to 1,000,000, with Chinese messages', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    const cases: [unknown, string][] = [
      [150, '该商品按100个整包销售，数量须为100的整数倍'],
      [0, '购买数量须大于0'],
      [-100, '购买数量须大于0'],
      [1.5, '请输入整数数量'],
      ['100', '请输入购买数量'],
      [1_000_100, '单次购买数量不能超过1000000'],
    ];
    for (const [quantity, msg] of cases) {
      expect(await member.browser.call('/cart/api/add', { productId: resistor, quantity }), String(quantity)).toMatchObject({ code: 400, msg });
    }
    expect(await member.browser.call('/cart/api/add', { productId: 999_999, quantity: 1 })).toMatchObject({ code: 404, msg: '商品不存在' });
    expect(await member.browser.call('/cart/api/add', { quantity: 1 })).toMatchObject({ code: 400, msg: '商品不存在' });
    await add(member, resistor, 999_900);
    expect(await add(member, resistor, 200)).toMatchObject({ code: 400, msg: '购物车中该商品数量不能超过1000000' });
    expect((await list(member)).lines[0]?.quantity).toBe(999_900);
    expect(await member.browser.call('/cart/api/updateQuantity', { productId: resistor, quantity: 250 })).toMatchObject({ code: 400, msg: '该商品按100个整包销售，数量须为100的整数倍' });
    expect(await member.browser.call('/cart/api/updateQuantity', { productId: mcu, quantity: 2 })).toMatchObject({ code: 404, msg: '购物车中没有该商品' });
    expect(await member.browser.call('/cart/api/updateQuantity', { productId: 999_999, quantity: 2 })).toMatchObject({ code: 404, msg: '商品不存在' });
    expect(await member.browser.call('/cart/api/remove', { productIds: [] })).toMatchObject({ code: 400, msg: '请选择商品' });
    expect(await member.browser.call('/cart/api/select', { isSelected: 'yes' })).toMatchObject({ code: 400, msg: '请选择是否勾选' });
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
    expect(await add(member, mcu, 1)).toMatchObject({ code: 400, msg: '购物车最多可放500种商品，请先清理购物车' });
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
    expect(settlement.body).toContain('订单结算即将上线');
  });
});
