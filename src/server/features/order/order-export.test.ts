import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { orderPaths } from '../../../contract/order.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { orderExportColumns, orderExportSheetName, exportOrderHistory, wholeOrdersWithin } from './order-export.service.ts';
import { shipOrder } from './order-staff.service.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';

type Row = (string | number)[];

function sheetRows(workbook: Buffer): Row[] {
  const book = XLSX.read(workbook, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<Row>(book.Sheets[orderExportSheetName] ?? {}, { header: 1 });
}

/** 导出订单 (issue 28): GET /order/api/export?status=&keyword=, the member's own orders line by line. */
describe('order history export', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function orderOf(member: SignedInMember, poNumber: string, lines: { customerPartNo: string; quantity: number }[]) {
    const productIds: number[] = [];
    for (const line of lines) {
      const productId = await insertPart(t.db.kysely, t.fixture.catalog);
      productIds.push(productId);
      await fillCart(member.browser, [{ productId, quantity: line.quantity }]);
      if (line.customerPartNo) await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo: line.customerPartNo });
    }
    const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser), poNumber });
    if (!answer.data) throw new Error(answer.msg);
    return { orderNo: answer.data.orderNo, productIds };
  }

  const download = async (member: SignedInMember, query = '') => {
    const response = await member.browser.get(`${orderPaths.export}${query}`);
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('downloads the member’s orders as .xlsx: a row per line with its order, 采购订单号, 客户料号, prices and units sent; never another member’s', async () => {
    const buyer = await t.member();
    const stranger = await t.member();
    const older = await orderOf(buyer, 'PO-OLD-1', [{ customerPartNo: 'CPN-A', quantity: 10 }]);
    const newer = await orderOf(buyer, '=PO-NEW-2', [
      { customerPartNo: 'CPN-B', quantity: 1500 },
      { customerPartNo: '', quantity: 20 },
    ]);
    const theirs = await orderOf(stranger, 'PO-OLD-1', [{ customerPartNo: 'CPN-A', quantity: 10 }]);
    await t.db.kysely.updateTable('orders').set({ status: 'unshipped', paidAt: Date.now() }).where('orderNo', '=', older.orderNo).execute();
    await shipOrder(t.db.kysely, { orderNo: older.orderNo, carrierCode: 'sf', trackingNo: 'SF1234567890' });

    const response = await download(buyer);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''%E6%88%91%E7%9A%84%E8%AE%A2%E5%8D%95-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([...orderExportColumns]);
    const [line1, line2] = await t.db.kysely
      .selectFrom('orderLines')
      .innerJoin('orders', 'orders.id', 'orderLines.orderId')
      .select(['orderLines.productCode', 'orderLines.brandName'])
      .where('orders.orderNo', '=', newer.orderNo)
      .orderBy('orderLines.id')
      .execute();
    const newerPayable = (await t.db.kysely.selectFrom('orders').select('payableCents').where('orderNo', '=', newer.orderNo).executeTakeFirstOrThrow())
      .payableCents;
    // Newest order first, its lines in order (the cart's newest first); 20 × ¥0.0100 = ¥0.20, 1500 × ¥0.0080 = ¥12.00.
    expect(rows.slice(1).map((row) => row.slice(0, 1).concat(row.slice(2)))).toEqual([
      [newer.orderNo, '待付款', "'=PO-NEW-2", line1?.productCode, '', line1?.brandName, 20, 0.01, 0.2, newerPayable / 100, 0],
      [newer.orderNo, '待付款', "'=PO-NEW-2", line2?.productCode, 'CPN-B', line2?.brandName, 1500, 0.008, 12, newerPayable / 100, 0],
      expect.arrayContaining([older.orderNo, '已发货', 'PO-OLD-1', 'CPN-A', 10]),
    ]);
    expect(rows[3]?.at(-1)).toBe(10);
    expect(rows[1]?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.flat()).not.toContain(theirs.orderNo);
  });

  it('exports what the list’s filter shows: a status, a keyword of 采购订单号 or 客户料号', async () => {
    const buyer = await t.member();
    const first = await orderOf(buyer, 'PO-KEEP-9', [{ customerPartNo: 'KEEP-CPN', quantity: 10 }]);
    const second = await orderOf(buyer, 'PO-OTHER', [{ customerPartNo: 'OTHER', quantity: 10 }]);
    await t.db.kysely.updateTable('orders').set({ status: 'cancelled' }).where('orderNo', '=', second.orderNo).execute();
    const orderNos = (rows: Row[]) => [...new Set(rows.slice(1).map((row) => row[0]))];
    expect(orderNos(sheetRows((await download(buyer, '?keyword=keep-9')).rawPayload))).toEqual([first.orderNo]);
    expect(orderNos(sheetRows((await download(buyer, '?keyword=KEEP-CPN')).rawPayload))).toEqual([first.orderNo]);
    expect(orderNos(sheetRows((await download(buyer, '?status=cancelled')).rawPayload))).toEqual([second.orderNo]);
    // Read as leniently as the list's address: an unknown status is all orders, a repeated one is dropped.
    expect(orderNos(sheetRows((await download(buyer, '?status=nonsense&keyword=PO-&keyword=x')).rawPayload))).toEqual([second.orderNo, first.orderNo]);
    const empty = sheetRows((await download(buyer, '?keyword=NOTHING-LIKE-IT')).rawPayload);
    expect(empty).toEqual([[...orderExportColumns]]);
  });

  it('sends a visitor to log in, and then to 我的订单', async () => {
    const response = await t.browser().get(`${orderPaths.export}?keyword=x`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/account/login?return=${encodeURIComponent(orderPaths.list)}`);
  });

  it('keeps whole orders within the line limit, newest first, and says in the file that it was cut', async () => {
    const buyer = await t.member();
    const older = await orderOf(buyer, '', [
      { customerPartNo: '', quantity: 10 },
      { customerPartNo: '', quantity: 10 },
    ]);
    const newer = await orderOf(buyer, '', [
      { customerPartNo: '', quantity: 10 },
      { customerPartNo: '', quantity: 10 },
    ]);
    const cut = await exportOrderHistory(t.db.kysely, buyer.userId, { status: null, keyword: '' }, { lineLimit: 3 });
    expect(cut).toMatchObject({ isCut: true, lineCount: 2 });
    const rows = sheetRows(cut.workbook);
    expect(rows.slice(1, 3).map((row) => row[0])).toEqual([newer.orderNo, newer.orderNo]);
    expect(rows[3]).toEqual(['订单明细超过3行，本文件仅包含最近的1个订单（2行），请按订单状态或关键词筛选后分批导出其余订单。']);
    expect(rows.flat()).not.toContain(older.orderNo);
    const whole = await exportOrderHistory(t.db.kysely, buyer.userId, { status: null, keyword: '' }, { lineLimit: 4 });
    expect(whole).toMatchObject({ isCut: false, lineCount: 4 });
  });

  it.each([
    ['within the limit', [1, 1, 2], 3, [1, 1, 2], false],
    ['an order split at the limit is left out', [1, 1, 2, 2], 3, [1, 1], true],
    ['the limit falls between orders', [1, 1, 2, 3], 3, [1, 1, 2], true],
    ['one order past the limit is cut rather than dropped', [1, 1, 1, 1], 3, [1, 1, 1], true],
  ])('wholeOrdersWithin: %s', (_name, orderIds, limit, keptIds, isCut) => {
    const result = wholeOrdersWithin(
      orderIds.map((orderId) => ({ orderId })),
      limit,
    );
    expect({ ids: result.rows.map((row) => row.orderId), isCut: result.isCut }).toEqual({ ids: keptIds, isCut });
  });
});
