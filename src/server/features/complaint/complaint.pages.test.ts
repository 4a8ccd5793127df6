import { describe, expect, it } from 'vitest';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import type { ComplaintDetail } from '../../../contract/complaint.ts';
import type { FeedbackPageData } from '../../../web/pages/feedback-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { replyAsStaff } from './complaint-staff.service.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { orderAtStage } from './testing/complaint-fixture.ts';

const description = '收到的电容容值与订单不符，请核实。';

describe('/user/feedback pages', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function memberWithOrders() {
    const member = await t.member();
    const k = t.db.kysely;
    const shipped = await orderAtStage(k, t, t.fixture.catalog, member.userId, { stage: 'shipped', lineCount: 2 });
    const unshipped = await orderAtStage(k, t, t.fixture.catalog, member.userId, { stage: 'unshipped' });
    return { ...member, shipped, unshipped };
  }

  it('sends visitors to login with the return path', async () => {
    const page = await t.browser().get('/user/feedback');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Ffeedback');
  });

  it('renders the list and offers only shipped or recently completed orders, marking lines with an open complaint', async () => {
    const { browser, shipped } = await memberWithOrders();
    const filed = await browser.callOk(complaintCalls.create, { orderLineId: shipped.lineIds[0] ?? 0, type: 'quality', description });
    const page = await browser.get('/user/feedback');
    expect(page.statusCode).toBe(200);
    const { data } = pageStateOf<FeedbackPageData>(page.body);
    expect(data.isFormOpen).toBe(false);
    expect(data.prefill).toBeNull();
    expect(data.list).toMatchObject({ total: 1, counts: { pending: 1 }, complaints: [{ id: filed.id, statusLabel: '待处理' }] });
    expect(data.orders.map((order) => order.orderNo)).toEqual([shipped.orderNo]);
    expect(data.orders[0]?.lines.map((line) => line.openComplaintId)).toEqual([filed.id, null]);
    expect(page.body).toContain('<title>售后投诉 - 芯品商城</title>');
    expect(page.body).toContain(filed.complaintNo);
    expect(page.body).toMatch(/href="\/user\/feedback"[^>]*aria-current="page"/);
  });

  it('opens the form on the line an order’s detail links to, and ignores an order that takes no complaints', async () => {
    const { browser, shipped, unshipped } = await memberWithOrders();
    const linked = await browser.get(`/user/feedback?orderNo=${shipped.orderNo}&lineId=${String(shipped.lineIds[1])}`);
    expect(pageStateOf<FeedbackPageData>(linked.body).data).toMatchObject({
      isFormOpen: true,
      prefill: { orderNo: shipped.orderNo, lineId: shipped.lineIds[1] },
    });
    expect(linked.body).toContain('新建投诉');
    const notEligible = await browser.get(`/user/feedback?orderNo=${unshipped.orderNo}`);
    expect(pageStateOf<FeedbackPageData>(notEligible.body).data).toMatchObject({ isFormOpen: false, prefill: null });
  });

  it('renders a complaint’s detail with the staff reply, and another member’s as not found', async () => {
    const { browser, shipped } = await memberWithOrders();
    const filed = await browser.callOk(complaintCalls.create, { orderLineId: shipped.lineIds[0] ?? 0, type: 'damaged', description });
    await replyAsStaff(t.db.kysely, { complaintId: filed.id, staffName: '王客服', text: '已为您安排补发。' });
    const page = await browser.get(`/user/feedback/${String(filed.id)}`);
    expect(page.statusCode).toBe(200);
    expect(pageStateOf<ComplaintDetail>(page.body).data).toMatchObject({ id: filed.id, status: 'processing' });
    expect(page.body).toContain('已为您安排补发。');
    expect(page.body).toContain('客服 王客服');
    const stranger = await t.member();
    expect((await stranger.browser.get(`/user/feedback/${String(filed.id)}`)).statusCode).toBe(404);
    expect((await browser.get('/user/feedback/abc')).statusCode).toBe(404);
  });
});
