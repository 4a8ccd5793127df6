import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { fillCart, insertOrderCatalog, insertPart, newKey, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';

/** 采购订单号 and 客户料号 (issue 28): placing copies them into the order, which shows, searches and hands them on. */
describe('orders: 采购订单号 and 客户料号', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  /** An order of two new parts, the first with a 客户料号; answers its number and the parts. */
  async function orderOf(member: SignedInMember, poNumber: string, customerPartNo: string) {
    const [first, second] = [await insertPart(t.db.kysely, t.fixture.catalog), await insertPart(t.db.kysely, t.fixture.catalog)];
    await fillCart(member.browser, [
      { productId: first, quantity: 10 },
      { productId: second, quantity: 20 },
    ]);
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId: first, customerPartNo });
    const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser), poNumber });
    if (!answer.data) throw new Error(answer.msg);
    return { orderNo: answer.data.orderNo, first, second };
  }

  const listed = async (member: SignedInMember, keyword: string) =>
    (await member.browser.callOk(orderCalls.list, { keyword })).orders.map((order) => order.orderNo);

  it('copies the 采购订单号 into the order and each line’s 客户料号 into its line, and shows both on the detail and the list', async () => {
    const member = await t.member();
    const { orderNo, first, second } = await orderOf(member, '  PO-2026-0001  ', 'ACME-R-0001');
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.poNumber).toBe('PO-2026-0001');
    const lines = await t.db.kysely.selectFrom('orderLines').select(['productId', 'customerPartNo']).where('orderId', '=', order.id).execute();
    expect(new Map(lines.map((line) => [line.productId, line.customerPartNo]))).toEqual(
      new Map([
        [first, 'ACME-R-0001'],
        [second, ''],
      ]),
    );
    const detail = await member.browser.callOk(orderCalls.detail, { orderNo });
    expect(detail.poNumber).toBe('PO-2026-0001');
    expect(detail.lines.find((line) => line.productId === first)?.customerPartNo).toBe('ACME-R-0001');
    const list = await member.browser.callOk(orderCalls.list, {});
    expect(list.orders.find((entry) => entry.orderNo === orderNo)).toMatchObject({ poNumber: 'PO-2026-0001' });
  });

  it('再次购买 puts each line back in the cart with the 客户料号 that order had, not the one used since', async () => {
    const member = await t.member();
    const { orderNo, first } = await orderOf(member, 'PO-AGAIN-1', 'ACME-FIRST');
    await fillCart(member.browser, [{ productId: first, quantity: 10 }]);
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId: first, customerPartNo: 'ACME-LATER' });
    await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser), poNumber: 'PO-AGAIN-2' });
    await member.browser.callOk(orderCalls.buyAgain, { orderNo });
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(cart.lines.find((line) => line.product.productId === first)?.customerPartNo).toBe('ACME-FIRST');
  });

  it('places an order without a 采购订单号, and refuses one too long or with a line break before anything is ordered', async () => {
    const member = await t.member();
    const addressId = await saveShanghaiAddress(member.browser);
    const productId = await insertPart(t.db.kysely, t.fixture.catalog);
    await fillCart(member.browser, [{ productId, quantity: 10 }]);
    const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId });
    const place = (poNumber: string) =>
      member.browser.call(orderCalls.place, {
        idempotencyKey: newKey(),
        carrierCode: 'zto',
        addressId,
        shortfallChoice: 'shipAvailable',
        quotedPayableCents: preview.payableCents,
        poNumber,
      });
    expect(await place('P'.repeat(41))).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '采购订单号不能超过40个字符' });
    expect(await place('PO\n1')).toMatchObject({ code: 400, msg: '采购订单号只能包含可见字符，不能含换行、制表符等' });
    expect(await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
    const placed = await place('');
    expect(placed.code, placed.msg).toBe(1);
    expect((await member.browser.callOk(orderCalls.detail, { orderNo: placed.data?.orderNo ?? '' })).poNumber).toBe('');
  });

  it('finds the member’s orders by 采购订单号 and by 客户料号 (any case, part of it), as well as by number and part number, and never another member’s', async () => {
    const buyer = await t.member();
    const other = await t.member();
    const mine = await orderOf(buyer, 'PO-Acme-7788', 'ACME-R-0603-10K');
    const plain = await orderOf(buyer, '', '');
    const theirs = await orderOf(other, 'PO-Acme-7788', 'ACME-R-0603-10K');
    expect(await listed(buyer, 'po-acme-7788')).toEqual([mine.orderNo]);
    expect(await listed(buyer, '7788')).toEqual([mine.orderNo]);
    expect(await listed(buyer, 'acme-r-0603')).toEqual([mine.orderNo]);
    expect(await listed(other, 'ACME-R-0603-10K')).toEqual([theirs.orderNo]);
    expect(await listed(buyer, mine.orderNo.slice(-8))).toEqual([mine.orderNo]);
    const partCode = (await t.db.kysely.selectFrom('products').select('code').where('id', '=', plain.second).executeTakeFirstOrThrow()).code;
    expect(await listed(buyer, partCode)).toEqual([plain.orderNo]);
    // LIKE's wildcards typed by the buyer match themselves.
    expect(await listed(buyer, '%')).toEqual([]);
    expect(await listed(buyer, '_')).toEqual([]);
    const page = await buyer.browser.callOk(orderCalls.list, { keyword: 'ACME', status: 'unpaid' });
    expect(page).toMatchObject({ total: 1, keyword: 'ACME' });
  });

  it('shows the 采购订单号 and 客户料号 on the console’s order detail and its grid, and the 采购订单号 in its export', async () => {
    const member = await t.member();
    const { orderNo, first } = await orderOf(member, '=PO-DESK-1', 'DESK-CPN-1');
    const { browser: finance } = await signedInStaff(t.app, t.db.kysely, 'finance');
    const detail = await finance.call(adminOrderCalls.detail, { orderNo });
    expect(detail.data?.poNumber).toBe('=PO-DESK-1');
    expect(detail.data?.lines.find((line) => line.productId === first)?.customerPartNo).toBe('DESK-CPN-1');
    const grid = await finance.call(adminOrderCalls.list, { filters: { orderNo } });
    expect(grid.data?.rows[0]?.poNumber).toBe('=PO-DESK-1');
    const response = await finance.get(`/admin/api/orders/export?q=${encodeURIComponent(JSON.stringify({ filters: { orderNo } }))}`);
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['订单列表'] ?? {}, { header: 1 });
    expect(rows[0]?.slice(0, 2)).toEqual(['订单号', '采购订单号']);
    // Typed by the buyer: a spreadsheet shows it as text, never as a formula.
    expect(rows[1]?.slice(0, 2)).toEqual([orderNo, "'=PO-DESK-1"]);
  });
});
