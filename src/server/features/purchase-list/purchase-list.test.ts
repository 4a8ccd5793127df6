import { describe, expect, it } from 'vitest';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import type { PurchaseListDetail, PurchaseListsData } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { setTestPrices, setTestStock } from '../../testing/factories.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { handSheet, oneBoard } from '../bom/bom-test-kit.test-helpers.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from '../order/testing/order-fixture.ts';

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

const part = (fields: Parameters<typeof insertPart>[2] = {}) => insertPart(t.db.kysely, t.fixture.catalog, fields);

async function cartList(member: SignedInMember, lines: { productId: number; quantity: number }[], name = '电源板常用料') {
  await fillCart(member.browser, lines);
  return member.browser.callOk(purchaseListCalls.create, { name, origin: { kind: 'cart' } });
}

async function detailOf(member: SignedInMember, listId: number): Promise<PurchaseListDetail> {
  return member.browser.callOk(purchaseListCalls.detail, { listId });
}

describe('常购清单: lists and their lines', () => {
  it('sends visitors to the login page and answers 401 to their calls', async () => {
    const visitor = t.browser();
    const page = await visitor.get('/user/purchase-list');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Fpurchase-list');
    expect(await visitor.call(purchaseListCalls.list, {})).toMatchObject({ code: 401 });
    expect(await visitor.call(purchaseListCalls.create, { name: 'x', origin: { kind: 'manual' } })).toMatchObject({ code: 401 });
  });

  it('saves the cart’s ticked lines with their price and stock now, and lists, renames and deletes the list', async () => {
    const member = await t.member();
    const [a, b, c] = [await part({ stock: 500 }), await part({ packSize: 10, prices: [{ qtyStart: 10, priceE4: 2500 }] }), await part()];
    await fillCart(member.browser, [
      { productId: a, quantity: 30 },
      { productId: b, quantity: 20 },
      { productId: c, quantity: 1 },
    ]);
    await member.browser.callOk(cartCalls.select, { productIds: [c], isSelected: false });
    const created = await member.browser.call(purchaseListCalls.create, { name: '  电源板常用料 ', origin: { kind: 'cart' } });
    expect(created).toMatchObject({ code: 1, msg: '已存为常购清单', data: { name: '电源板常用料', lineCount: 2 } });
    const listId = created.data?.listId ?? 0;

    const detail = await detailOf(member, listId);
    expect(detail.list).toMatchObject({ listId, name: '电源板常用料', source: 'cart', sourceRef: null, lineCount: 2 });
    const byProduct = new Map(detail.lines.map((line) => [line.productId, line]));
    expect(byProduct.get(a)).toMatchObject({
      quantity: 30,
      savedUnitPriceE4: 100,
      currentUnitPriceE4: 100,
      savedStock: 500,
      currentStock: 500,
      availability: 'inStock',
    });
    expect(byProduct.get(a)?.priceChange).toEqual({ direction: 'same', permille: 0 });
    expect(byProduct.get(b)).toMatchObject({ quantity: 20, packSize: 10, savedUnitPriceE4: 2500, orderQuantity: 20 });
    expect(byProduct.has(c)).toBe(false);

    const page = await member.browser.get(`/user/purchase-list/${String(listId)}`);
    expect(page.statusCode).toBe(200);
    expect(pageStateOf<PurchaseListDetail>(page.body).data.lines).toHaveLength(2);
    const lists = pageStateOf<PurchaseListsData>((await member.browser.get('/user/purchase-list')).body).data.lists;
    expect(lists).toEqual([expect.objectContaining({ listId, name: '电源板常用料', lineCount: 2 })]);

    expect(await member.browser.call(purchaseListCalls.rename, { listId, name: '主板' })).toMatchObject({ code: 1, data: { name: '主板', lineCount: 2 } });
    expect(await member.browser.callOk(purchaseListCalls.remove, { listId })).toEqual({ lists: [] });
    expect((await member.browser.call(purchaseListCalls.detail, { listId })).errorCode).toBe('purchaseList.notFound');
    expect(await t.db.kysely.selectFrom('purchaseListLines').select('id').where('listId', '=', listId).execute()).toEqual([]);
  });

  it('answers 404 for another member’s list, to every call and on its page', async () => {
    const owner = await t.member();
    const other = await t.member();
    const productId = await part();
    const { listId } = await cartList(owner, [{ productId, quantity: 5 }]);
    const [line] = (await detailOf(owner, listId)).lines;
    const lineId = line?.lineId ?? 0;
    expect((await other.browser.get(`/user/purchase-list/${String(listId)}`)).statusCode).toBe(404);
    const refusals = await Promise.all([
      other.browser.call(purchaseListCalls.detail, { listId }),
      other.browser.call(purchaseListCalls.rename, { listId, name: '偷梁换柱' }),
      other.browser.call(purchaseListCalls.remove, { listId }),
      other.browser.call(purchaseListCalls.updateLine, { listId, lineId, quantity: 10, customerPartNo: '' }),
      other.browser.call(purchaseListCalls.removeLines, { listId, lineIds: [lineId] }),
      other.browser.call(purchaseListCalls.addToCart, { listId }),
      other.browser.call(purchaseListCalls.addLines, { listId, text: 'LM358DR, 1' }),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: ResultCode.notFound, errorCode: 'purchaseList.notFound' });
    expect((await other.browser.callOk(purchaseListCalls.list, {})).lists).toEqual([]);
    expect((await detailOf(owner, listId)).list.name).toBe('电源板常用料');
    expect((await detailOf(owner, listId)).lines[0]?.quantity).toBe(5);
  });

  it('refuses a cart with nothing ticked, a bad name and an unknown list id', async () => {
    const member = await t.member();
    expect((await member.browser.call(purchaseListCalls.create, { name: '空', origin: { kind: 'cart' } })).errorCode).toBe('purchaseList.cartNothingSelected');
    expect(await member.browser.call(purchaseListCalls.create, { name: '  ', origin: { kind: 'manual' } })).toMatchObject({ code: 400, msg: '请输入清单名称' });
    expect((await member.browser.call(purchaseListCalls.create, { name: 'x'.repeat(41), origin: { kind: 'manual' } })).msg).toBe('清单名称不能超过40个字');
    expect((await member.browser.get('/user/purchase-list/999999')).statusCode).toBe(404);
    expect((await member.browser.get('/user/purchase-list/abc')).statusCode).toBe(404);
  });

  it('saves an order’s lines and a saved BOM’s chosen parts', async () => {
    const member = await t.member();
    const [a, b] = [await part(), await part({ packSize: 5 })];
    await fillCart(member.browser, [
      { productId: a, quantity: 12 },
      { productId: b, quantity: 15 },
    ]);
    const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser) });
    const orderNo = answer.data?.orderNo ?? '';
    const fromOrder = await member.browser.callOk(purchaseListCalls.create, { name: `订单 ${orderNo}`, origin: { kind: 'order', orderNo } });
    const orderList = await detailOf(member, fromOrder.listId);
    expect(orderList.list).toMatchObject({ source: 'order', sourceRef: orderNo });
    expect(orderList.lines.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [a, 12],
        [b, 15],
      ].sort(),
    );

    const sheet = handSheet([
      ['PART-A', '3', ''],
      ['PART-B', '10', ''],
      ['PART-A again', '2', ''],
    ]);
    const choices = [
      { lineNo: 1, productId: a, quantity: 3 },
      { lineNo: 2, productId: b, quantity: 10 },
      { lineNo: 3, productId: a, quantity: 2 },
    ];
    const { bomId } = await member.browser.callOk(bomCalls.save, { name: '主板 V1', sheet, options: oneBoard, choices });
    const fromBom = await member.browser.callOk(purchaseListCalls.create, { name: '主板 V1', origin: { kind: 'bom', bomId } });
    const bomList = await detailOf(member, fromBom.listId);
    expect(bomList.list).toMatchObject({ source: 'bom', sourceRef: String(bomId), lineCount: 2 });
    expect(bomList.lines.find((line) => line.productId === a)?.quantity).toBe(5);

    const stranger = await t.member();
    expect((await stranger.browser.call(purchaseListCalls.create, { name: 'x', origin: { kind: 'order', orderNo } })).errorCode).toBe('order.notFound');
    expect((await stranger.browser.call(purchaseListCalls.create, { name: 'x', origin: { kind: 'bom', bomId } })).errorCode).toBe('bom.notFound');
  });

  it('shows a price rise and fall with its percentage, stock then and now, 缺货 and 下架', async () => {
    const member = await t.member();
    const [up, down, soldOut, gone, deleted] = [
      await part({ stock: 800, prices: [{ qtyStart: 1, priceE4: 10_000 }] }),
      await part({ prices: [{ qtyStart: 1, priceE4: 2_000 }] }),
      await part({ stock: 300 }),
      await part(),
      await part({ code: 'LIST-DELETED-1' }),
    ];
    const { listId } = await cartList(
      member,
      [up, down, soldOut, gone, deleted].map((productId) => ({ productId, quantity: 10 })),
    );
    await setTestPrices(t.db.kysely, up, [{ qtyStart: 1, priceE4: 11_250 }]);
    await setTestPrices(t.db.kysely, down, [{ qtyStart: 1, priceE4: 1_940 }]);
    await setTestStock(t.db.kysely, up, 5);
    await setTestStock(t.db.kysely, soldOut, 0);
    await setTestPrices(t.db.kysely, gone, []);
    await t.db.kysely.deleteFrom('products').where('id', '=', deleted).execute();

    const lines = new Map((await detailOf(member, listId)).lines.map((line) => [line.code, line]));
    const lineOf = async (productId: number) => {
      const row = await t.db.kysely.selectFrom('products').select('code').where('id', '=', productId).executeTakeFirstOrThrow();
      return lines.get(row.code);
    };
    expect(await lineOf(up)).toMatchObject({
      savedUnitPriceE4: 10_000,
      currentUnitPriceE4: 11_250,
      priceChange: { direction: 'up', permille: 125 },
      savedStock: 800,
      currentStock: 5,
      availability: 'short',
    });
    expect(await lineOf(down)).toMatchObject({ savedUnitPriceE4: 2_000, currentUnitPriceE4: 1_940, priceChange: { direction: 'down', permille: 30 } });
    expect(await lineOf(soldOut)).toMatchObject({ savedStock: 300, currentStock: 0, availability: 'outOfStock' });
    expect(await lineOf(gone)).toMatchObject({ currentUnitPriceE4: null, priceChange: null, availability: 'delisted' });
    expect(lines.get('LIST-DELETED-1')).toMatchObject({ productId: null, availability: 'delisted', savedUnitPriceE4: 100 });
  });

  it('edits a line’s quantity (pack multiples only) and 客户料号, the saved price following the saved ladder', async () => {
    const member = await t.member();
    const productId = await part({
      packSize: 10,
      prices: [
        { qtyStart: 10, priceE4: 500 },
        { qtyStart: 1000, priceE4: 400 },
      ],
    });
    const { listId } = await cartList(member, [{ productId, quantity: 20 }]);
    const lineId = (await detailOf(member, listId)).lines[0]?.lineId ?? 0;
    await setTestPrices(t.db.kysely, productId, [
      { qtyStart: 10, priceE4: 550 },
      { qtyStart: 1000, priceE4: 420 },
    ]);
    const refused = await member.browser.call(purchaseListCalls.updateLine, { listId, lineId, quantity: 25, customerPartNo: '' });
    expect(refused).toMatchObject({ errorCode: 'purchaseList.quantityInvalid', msg: '该商品按10个整包销售，数量须为10的整数倍' });
    const changed = await member.browser.call(purchaseListCalls.updateLine, { listId, lineId, quantity: 1000, customerPartNo: ' R-0603-10K ' });
    expect(changed.msg).toBe('已保存');
    expect(changed.data?.lines[0]).toMatchObject({
      quantity: 1000,
      customerPartNo: 'R-0603-10K',
      savedUnitPriceE4: 400,
      currentUnitPriceE4: 420,
      priceChange: { direction: 'up', permille: 50 },
    });
    expect((await member.browser.call(purchaseListCalls.updateLine, { listId, lineId: 999_999, quantity: 10, customerPartNo: '' })).errorCode).toBe(
      'purchaseList.lineNotFound',
    );
    const removed = await member.browser.callOk(purchaseListCalls.removeLines, { listId, lineIds: [lineId, 999_999] });
    expect(removed.lines).toEqual([]);
  });

  it('adds pasted lines to a list made by hand, to the quantity of a part already on it', async () => {
    const member = await t.member();
    await part({ code: 'LIST-ADD-A1', packSize: 5 });
    const { listId } = await member.browser.callOk(purchaseListCalls.create, { name: '手工清单', origin: { kind: 'manual' } });
    expect((await detailOf(member, listId)).lines).toEqual([]);
    const first = await member.browser.callOk(purchaseListCalls.addLines, { listId, text: 'list-add-a1, 7\nNO-SUCH-PART-X 3' });
    expect(first.addedCount).toBe(1);
    expect(first.problems).toEqual([{ lineNo: 2, text: 'NO-SUCH-PART-X 3', reason: '未找到该型号' }]);
    expect(first.detail.lines[0]).toMatchObject({ code: 'LIST-ADD-A1', quantity: 10 });
    const again = await member.browser.callOk(purchaseListCalls.addLines, { listId, text: 'LIST-ADD-A1\t5' });
    expect(again.detail.lines).toHaveLength(1);
    expect(again.detail.lines[0]?.quantity).toBe(15);
  });
});

describe('常购清单: 加入购物车', () => {
  it('puts every line in the cart through the cart’s add, raised to the minimum and whole packs as sold now', async () => {
    const member = await t.member();
    const [single, packed, minimum] = [
      await part(),
      await part({ packSize: 10, prices: [{ qtyStart: 10, priceE4: 300 }] }),
      await part({ packSize: 25, prices: [{ qtyStart: 100, priceE4: 50 }] }),
    ];
    const { listId } = await cartList(member, [
      { productId: single, quantity: 7 },
      { productId: packed, quantity: 20 },
      { productId: minimum, quantity: 100 },
    ]);
    await member.browser.callOk(cartCalls.remove, { productIds: [single, packed, minimum] });
    // Since saving, the packed part is sold in 8s and the other's minimum rose to 150.
    await t.db.kysely.updateTable('products').set({ packSize: 8 }).where('id', '=', packed).execute();
    await setTestPrices(t.db.kysely, minimum, [{ qtyStart: 150, priceE4: 50 }]);

    const detail = await detailOf(member, listId);
    expect(detail.lines.find((line) => line.productId === packed)?.orderQuantity).toBe(24);
    const result = await member.browser.callOk(purchaseListCalls.addToCart, { listId });
    expect(result.skipped).toEqual([]);
    expect(result.cartCount).toBe(3);
    const added = new Map(result.added.map((line) => [line.code, [line.quantity, line.requestedQuantity]]));
    const codes = new Map(detail.lines.map((line) => [line.productId, line.code]));
    expect(added.get(codes.get(single) ?? '')).toEqual([7, 7]);
    expect(added.get(codes.get(packed) ?? '')).toEqual([24, 20]);
    expect(added.get(codes.get(minimum) ?? '')).toEqual([150, 100]);
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(new Map(cart.lines.map((line) => [line.product.productId, line.quantity]))).toEqual(
      new Map([
        [single, 7],
        [packed, 24],
        [minimum, 150],
      ]),
    );
  });

  it('carries each line’s 客户料号 into the cart line it makes, and leaves a line already in the cart as it is', async () => {
    const member = await t.member();
    const [fresh, present] = [await part(), await part()];
    const { listId } = await cartList(member, [
      { productId: fresh, quantity: 3 },
      { productId: present, quantity: 3 },
    ]);
    const lines = (await detailOf(member, listId)).lines;
    for (const [productId, customerPartNo] of [
      [fresh, 'CPN-LIST-001'],
      [present, 'CPN-LIST-002'],
    ] as const) {
      const lineId = lines.find((line) => line.productId === productId)?.lineId ?? 0;
      await member.browser.callOk(purchaseListCalls.updateLine, { listId, lineId, quantity: 3, customerPartNo });
    }
    await member.browser.callOk(cartCalls.remove, { productIds: [fresh] });
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId: present, customerPartNo: 'CPN-CART-OWN' });
    await member.browser.callOk(purchaseListCalls.addToCart, { listId });
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(new Map(cart.lines.map((line) => [line.product.productId, line.customerPartNo]))).toEqual(
      new Map([
        [fresh, 'CPN-LIST-001'],
        [present, 'CPN-CART-OWN'],
      ]),
    );
  });

  it('adds only the chosen lines, and lists a part no longer sold with why', async () => {
    const member = await t.member();
    const [kept, gone, other] = [await part(), await part(), await part()];
    const { listId } = await cartList(member, [
      { productId: kept, quantity: 3 },
      { productId: gone, quantity: 3 },
      { productId: other, quantity: 3 },
    ]);
    await member.browser.callOk(cartCalls.remove, { productIds: [kept, gone, other] });
    await setTestPrices(t.db.kysely, gone, []);
    const lines = (await detailOf(member, listId)).lines;
    const lineIdOf = (productId: number) => lines.find((line) => line.productId === productId)?.lineId ?? 0;
    const result = await member.browser.callOk(purchaseListCalls.addToCart, { listId, lineIds: [lineIdOf(kept), lineIdOf(gone)] });
    expect(result.added.map((line) => line.lineId)).toEqual([lineIdOf(kept)]);
    expect(result.skipped).toEqual([{ lineId: lineIdOf(gone), code: expect.any(String) as string, reason: '该商品已下架' }]);
    expect(result.cartCount).toBe(1);
  });
});
