import { expect } from 'vitest';
import type { RealSystem } from './order-model-check.ts';
import type { Model } from './order-model.ts';

/**
 * Company approval's invariants (decision 0029), read from the database: a waiting order is never paid and
 * its approval undecided; an approved or rejected order was decided once, by the company's approver only.
 */
export async function checkApprovalInvariants(real: Pick<RealSystem, 'db' | 'orderNos' | 'approverId'>): Promise<void> {
  if (real.orderNos.length === 0) return;
  const rows = await real.db
    .selectFrom('orders')
    .leftJoin('orderApprovals', 'orderApprovals.orderId', 'orders.id')
    .select(['orders.orderNo', 'orders.status', 'orders.paidAt', 'orderApprovals.orderId as heldId', 'orderApprovals.decision', 'orderApprovals.decidedBy'])
    .where('orders.orderNo', 'in', real.orderNos)
    .execute();
  for (const row of rows) {
    const label = `${row.orderNo} (${row.status})`;
    if (row.status === 'awaitingApproval') {
      expect(row.heldId, `${label} held`).not.toBeNull();
      expect({ paidAt: row.paidAt, decision: row.decision }, label).toEqual({ paidAt: null, decision: null });
    }
    if (row.decision !== null) expect(row.decidedBy, `${label} decided by`).toBe(real.approverId);
    if (row.decision === 'rejected') expect(row.status, label).toBe('cancelled');
    if (row.heldId !== null && row.decision === null) expect(row.paidAt, `${label} paid without approval`).toBeNull();
  }
}

/** The sequential runs: the database's approvals are the model's (which orders waited, who decided), and the invariants hold. */
export async function checkApprovalsAgainstModel(model: Model, real: RealSystem): Promise<void> {
  await checkApprovalInvariants(real);
  if (model.orders.length === 0) return;
  const rows = await real.db
    .selectFrom('orderApprovals')
    .innerJoin('orders', 'orders.id', 'orderApprovals.orderId')
    .select(['orders.orderNo', 'orderApprovals.decidedBy'])
    .where(
      'orders.orderNo',
      'in',
      model.orders.map((order) => order.orderNo),
    )
    .execute();
  const held = new Map(rows.map((row) => [row.orderNo, row.decidedBy]));
  for (const order of model.orders) {
    expect(held.has(order.orderNo), `${order.orderNo} held for approval`).toBe(order.wasHeld);
    if (order.wasHeld) expect(held.get(order.orderNo), `${order.orderNo} decided by`).toBe(order.decidedBy);
  }
}
