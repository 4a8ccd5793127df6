import { describe, expect, it } from 'vitest';
import { orderCalls } from '../../../contract/order-calls.ts';
import { orderApprovalCalls } from '../../../contract/order-approval-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { joinCompany } from '../company-account/testing/company-fixture.ts';
import { createApprovalCompany, insertYuanPart, messagesOf, placeUnits } from './testing/approval-fixture.ts';
import { insertOrderCatalog, stockOf } from './testing/order-fixture.ts';
import { expireOverdueOrders } from './order-sweeper.ts';

/** Real concurrent requests through the app; the assertions are about what the database holds afterwards. */
describe('company approval races (decision 0029)', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const rounds = 5;

  async function decisionsOf(orderNo: string) {
    return t.db.kysely
      .selectFrom('orderApprovals')
      .innerJoin('orders', 'orders.id', 'orderApprovals.orderId')
      .select(['orderApprovals.decision', 'orders.status'])
      .where('orders.orderNo', '=', orderNo)
      .execute();
  }

  it('lets one of two approvers (approving, or one approving and one rejecting) decide; the other is refused', async () => {
    const company = await createApprovalCompany(t, '50');
    const second = await t.member({ nickName: '周审批' });
    await joinCompany(company.admin, second, 'approver');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    for (let round = 0; round < rounds; round++) {
      const placed = await placeUnits(company.buyer, productId, 60);
      const rejects = round % 2 === 1;
      const answers = await Promise.all([
        company.approver.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo }),
        rejects
          ? second.browser.call(orderApprovalCalls.reject, { orderNo: placed.orderNo, reason: '重复采购' })
          : second.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo }),
      ]);
      expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
      const refused = answers.find((answer) => answer.code !== 1);
      expect(refused?.errorCode).toBe('order.notApprovable');
      const [row] = await decisionsOf(placed.orderNo);
      expect(row?.status).toBe(row?.decision === 'approved' ? 'unpaid' : 'cancelled');
      const held = row?.status === 'unpaid' ? 60 : 0;
      expect(await stockOf(t.db.kysely, productId)).toBe(1000 - held);
      if (held > 0) await company.buyer.browser.callOk(orderCalls.cancel, { orderNo: placed.orderNo });
      expect(await stockOf(t.db.kysely, productId)).toBe(1000);
    }
  });

  it('decides approve against the clock and against the buyer cancelling once: stock released at most once, never payable unapproved', async () => {
    const company = await createApprovalCompany(t, '50');
    const productId = await insertYuanPart(t.db.kysely, t.fixture.catalog);
    for (let round = 0; round < rounds * 2; round++) {
      const placed = await placeUnits(company.buyer, productId, 70);
      // The window ends now: the clock's sweep (a moment later) and the approver (the real clock) meet at its end.
      const order = await t.db.kysely.selectFrom('orders').select('id').where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
      const windowEnd = Date.now() + 20;
      await t.db.kysely.updateTable('orders').set({ expiresAt: windowEnd }).where('id', '=', order.id).execute();
      const againstClock = round % 2 === 0;
      const [approval, other] = await Promise.all([
        company.approver.browser.call(orderApprovalCalls.approve, { orderNo: placed.orderNo }),
        againstClock
          ? expireOverdueOrders(t.db.kysely, windowEnd + 1, { orderIds: [order.id] })
          : company.buyer.browser.call(orderCalls.cancel, { orderNo: placed.orderNo }),
      ]);
      const otherWon = typeof other === 'number' ? other === 1 : other.code === 1;
      const [row] = await decisionsOf(placed.orderNo);
      if (approval.code === 1 && otherWon) {
        // Approved first, then the buyer cancelled the unpaid order (the clock cannot: approval gave a new window).
        expect(againstClock).toBe(false);
        expect(row).toEqual({ decision: 'approved', status: 'cancelled' });
      } else if (approval.code === 1) {
        expect(row).toEqual({ decision: 'approved', status: 'unpaid' });
        expect(await stockOf(t.db.kysely, productId)).toBe(930);
        await company.buyer.browser.callOk(orderCalls.cancel, { orderNo: placed.orderNo });
      } else {
        // The buyer cancelled first, or the window ended first: swept by the clock or by the approver's own read of the order.
        expect(otherWon || againstClock).toBe(true);
        expect(approval.errorCode).toBe('order.notApprovable');
        expect(row).toEqual({ decision: null, status: 'cancelled' });
      }
      expect(await stockOf(t.db.kysely, productId)).toBe(1000);
    }
    // Every order ended with one message of its end to the buyer, never two.
    const ends = (await messagesOf(t.db.kysely, company.buyer.userId)).filter((text) => text.includes('已取消') || text.includes('已自动取消'));
    expect(ends).toHaveLength(rounds * 2);
  });
});
