import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { orderApprovalCalls } from '../../../contract/order-approval-calls.ts';
import { paymentDevCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestCompany } from '../company-account/testing/company-fixture.ts';
import { createApprovalCompany, insertYuanPart, messagesOf, placeUnits } from './testing/approval-fixture.ts';
import { insertOrderCatalog, stockOf } from './testing/order-fixture.ts';
import { expireOverdueOrders } from './order-sweeper.ts';

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
const minute = 60_000;

describe('company approval of orders (decision 0029)', () => {
  it('holds a 采购’s order above the threshold until an approver approves it; then the buyer pays within a fresh window', async () => {
    const company = await createApprovalCompany(t, '100');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const placed = await placeUnits(company.buyer, productId, 150);
    expect(placed.status).toBe('awaitingApproval');
    expect(await stockOf(t.db.kysely, productId)).toBe(850);

    // Both sides are told; the cashier refuses with why.
    expect((await messagesOf(t.db.kysely, company.approver.userId, MessageType.company)).at(-1)).toContain(`订单${placed.orderNo}`);
    expect((await messagesOf(t.db.kysely, company.admin.userId, MessageType.company)).at(-1)).toContain('/user/company/orders?filter=awaitingApproval');
    expect(await messagesOf(t.db.kysely, company.finance.userId, MessageType.company)).not.toContainEqual(expect.stringContaining(placed.orderNo));
    expect((await messagesOf(t.db.kysely, company.buyer.userId)).at(-1)).toContain('已提交企业审批');
    expect(await company.buyer.browser.call(paymentDevCalls.devPay, { orderNo: placed.orderNo })).toMatchObject({
      errorCode: 'order.awaitingApproval',
      msg: '订单正在等待企业审批，审批通过后才能付款',
    });
    const waiting = await company.buyer.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo });
    expect(waiting).toMatchObject({ status: 'awaitingApproval', statusLabel: '待审批', canPay: false, canCancel: true });
    expect(waiting.approval).toMatchObject({ state: 'waiting', thresholdCents: 10_000, approverNames: ['王管理', '钱审批'], decidedByName: '' });

    const before = Date.now();
    const list = await company.approver.browser.callOk(orderApprovalCalls.approve, { orderNo: placed.orderNo, filter: 'awaitingApproval', page: 1 });
    expect(list).toMatchObject({ filter: 'awaitingApproval', awaitingCount: 0, orders: [] });
    const approved = await company.buyer.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo });
    expect(approved).toMatchObject({ status: 'unpaid', canPay: true });
    expect(approved.approval).toMatchObject({ state: 'approved', decidedByName: '钱审批', approverNames: [] });
    expect(approved.expiresAt).toBeGreaterThanOrEqual(before + 30 * minute);
    expect((await messagesOf(t.db.kysely, company.buyer.userId)).at(-1)).toContain('已通过企业审批（审批人：钱审批）');

    await company.buyer.browser.callOk(paymentDevCalls.devPay, { orderNo: placed.orderNo });
    expect((await company.buyer.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo })).status).toBe('unshipped');
    expect(await stockOf(t.db.kysely, productId)).toBe(850);
  });

  it('never holds an order at or below the threshold, nor an 管理员’s, an 审批’s or a 财务’s, nor a member without a company', async () => {
    const company = await createApprovalCompany(t, '100');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog, 5000);
    expect((await placeUnits(company.buyer, productId, 10)).status).toBe('unpaid');
    for (const member of [company.admin, company.approver, company.finance, await t.member()])
      expect((await placeUnits(member, productId, 500)).status).toBe('unpaid');
  });

  it('rejects with a reason: the order is cancelled, its stock released, the buyer told why; a reason is required', async () => {
    const company = await createApprovalCompany(t, '50');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const placed = await placeUnits(company.buyer, productId, 80);
    expect(await company.admin.browser.call(orderApprovalCalls.reject, { orderNo: placed.orderNo, reason: '  ' })).toMatchObject({
      code: 400,
      msg: '请填写驳回理由',
    });
    await company.admin.browser.callOk(orderApprovalCalls.reject, { orderNo: placed.orderNo, reason: '本月预算已用完' });
    const detail = await company.buyer.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo });
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: '企业审批驳回：本月预算已用完' });
    expect(detail.approval).toMatchObject({ state: 'rejected', decidedByName: '王管理', reason: '本月预算已用完' });
    expect(await stockOf(t.db.kysely, productId)).toBe(1000);
    expect((await messagesOf(t.db.kysely, company.buyer.userId)).at(-1)).toContain('理由：本月预算已用完');
    expect(await company.approver.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo })).toMatchObject({
      errorCode: 'order.notApprovable',
      msg: '订单已取消，不能批准',
    });
  });

  it('lets only an 审批 or 管理员 of the same company decide, and only the 管理员 set the threshold', async () => {
    const company = await createApprovalCompany(t, '50');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const placed = await placeUnits(company.buyer, productId, 80);
    for (const member of [company.buyer, company.finance])
      expect(await member.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo })).toMatchObject({ errorCode: 'company.forbidden' });
    const stranger = await t.member();
    await createTestCompany(stranger, '另一家电子有限公司');
    expect(await stranger.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo })).toMatchObject({ errorCode: 'orderApproval.notFound' });
    expect(await (await t.member()).browser.call(orderApprovalCalls.reject, { orderNo: placed.orderNo, reason: '不要' })).toMatchObject({
      errorCode: 'company.notInCompany',
    });
    expect((await company.buyer.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo })).status).toBe('awaitingApproval');

    expect(await company.approver.browser.call(companyCalls.setApprovalThreshold, { threshold: '10' })).toMatchObject({ errorCode: 'company.forbidden' });
    for (const threshold of ['0', '-5', '12.345', 'abc'])
      expect(await company.admin.browser.call(companyCalls.setApprovalThreshold, { threshold })).toMatchObject({
        code: 400,
        msg: '审批金额须为大于 0 的金额，最多两位小数',
      });
    const cleared = await company.admin.browser.callOk(companyCalls.setApprovalThreshold, { threshold: '' });
    expect(cleared.company?.approvalThresholdCents).toBeNull();
    expect((await placeUnits(company.buyer, productId, 80)).status).toBe('unpaid');
  });

  it('lapses an unapproved order at the payment window’s end like an unpaid one, and lets the buyer cancel while it waits', async () => {
    const company = await createApprovalCompany(t, '50');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const lapsing = await placeUnits(company.buyer, productId, 80);
    const withdrawn = await placeUnits(company.buyer, productId, 90);
    expect(await stockOf(t.db.kysely, productId)).toBe(830);

    await company.buyer.browser.callOk(orderCalls.cancel, { orderNo: withdrawn.orderNo });
    expect(await stockOf(t.db.kysely, productId)).toBe(920);

    const order = await t.db.kysely.selectFrom('orders').select(['id', 'expiresAt']).where('orderNo', '=', lapsing.orderNo).executeTakeFirstOrThrow();
    expect(await expireOverdueOrders(t.db.kysely, (order.expiresAt ?? 0) - 1000, { orderIds: [order.id] })).toBe(0);
    expect(await expireOverdueOrders(t.db.kysely, (order.expiresAt ?? 0) + 1000, { orderIds: [order.id] })).toBe(1);
    expect(await stockOf(t.db.kysely, productId)).toBe(1000);
    const detail = await company.buyer.browser.callOk(orderCalls.detail, { orderNo: lapsing.orderNo });
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: '超时未获企业审批，系统自动取消' });
    expect(detail.approval?.state).toBe('lapsed');
    expect((await messagesOf(t.db.kysely, company.buyer.userId)).at(-1)).toContain('未在期限内获得企业审批');
  });

  it('lists 公司订单 by filter, 待审批 with its deadline and count, and who may decide', async () => {
    const company = await createApprovalCompany(t, '50');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    const [waiting, small] = [await placeUnits(company.buyer, productId, 80), await placeUnits(company.buyer, productId, 5)];
    const page = await company.approver.browser.get('/user/company/orders?filter=awaitingApproval');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('待审批（1）');
    expect(page.body).toContain(waiting.orderNo);
    expect(page.body).not.toContain(small.orderNo);
    expect(page.body).toContain('批准');
    const financePage = await company.finance.browser.get('/user/company/orders');
    expect(financePage.body).toContain(small.orderNo);
    expect(financePage.body).not.toContain('>批准<');
  });
});
