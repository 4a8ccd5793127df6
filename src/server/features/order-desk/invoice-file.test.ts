import { describe, expect, it } from 'vitest';
import { adminInvoiceFilePath } from '../../../contract/console/orders.ts';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../../contract/staff.ts';
import type { UploadedImage } from '../../../contract/upload.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { signedInStaff, type StaffBrowser } from '../staff/testing/staff-browser.ts';
import { multipartBody, pdfDocument, pngImage } from '../upload/testing/upload-test-kit.ts';
import { placedOrder, specialInvoice } from './testing/order-desk-fixture.ts';

describe('the invoice PDF of 开票', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function postFile(browser: StaffBrowser, orderNo: string, file: { filename: string; data: Buffer }) {
    const body = multipartBody([{ name: 'file', filename: file.filename, contentType: 'application/pdf', data: file.data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `${adminInvoiceFilePath}?orderNo=${orderNo}`,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        cookie: browser.cookieHeader(),
        [staffCsrfHeaderName]: browser.cookies.get(staffCsrfCookieName) ?? '',
      },
    });
    return response.json<Envelope<UploadedImage>>();
  }

  it('takes a PDF (read by its content) for finance, refuses a picture named .pdf and a role without invoices; the member downloads it after 开票', async () => {
    const finance = await signedInStaff(t.app, t.db.kysely, 'finance');
    const warehouse = await signedInStaff(t.app, t.db.kysely, 'warehouse');
    const order = await placedOrder(t, { invoice: specialInvoice });
    expect(await postFile(finance.browser, order.orderNo, { filename: 'fake.pdf', data: pngImage(2, 2) })).toMatchObject({
      code: 400,
      msg: '文件格式仅支持 pdf',
    });
    expect(await postFile(warehouse.browser, order.orderNo, { filename: 'invoice.pdf', data: pdfDocument })).toMatchObject({
      code: 403,
      msg: '您没有权限执行此操作',
    });
    const uploaded = await postFile(finance.browser, order.orderNo, { filename: 'invoice.pdf', data: pdfDocument });
    expect(uploaded.code).toBe(1);
    expect(uploaded.data?.key).toMatch(new RegExp(`^invoice/${String(order.userId)}/[0-9a-f]{32}\\.pdf$`));
    const fileUrl = uploaded.data?.url ?? '';
    const issued = await finance.browser.call(adminOrderCalls.issueInvoice, { orderNo: order.orderNo, invoiceNumber: '01234567890123456789', fileUrl });
    expect(issued).toMatchObject({ code: 1, data: { issuedInvoice: { fileUrl } } });
    const memberView = await order.member.browser.callOk(orderCalls.detail, { orderNo: order.orderNo });
    expect(memberView.issuedInvoice).toMatchObject({ invoiceNumber: '01234567890123456789', fileUrl });
    const file = await t.app.inject({ method: 'GET', url: new URL(fileUrl, 'http://localhost').pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
  });
});
