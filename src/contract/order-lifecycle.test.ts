import { describe, expect, it } from 'vitest';
import { targetOf } from './lifecycle.ts';
import { orderLifecycle, type OrderLifecycleEvent } from './order-lifecycle.ts';
import { OrderStatus, orderStatuses, type OrderStatus as Status } from './order.ts';

const { awaitingApproval, unpaid, unshipped, partlyShipped, shipped, completed, cancelled, closed } = OrderStatus;

/** Whether any event leads from one status to another. */
function canMove(from: Status, to: Status): boolean {
  return orderLifecycle.eventNames.some((event) => orderLifecycle.events[event].from.includes(from) && targetOf(orderLifecycle, event, from) === to);
}

const fromStates = (event: OrderLifecycleEvent) => orderStatuses.filter((status) => orderLifecycle.events[event].from.includes(status));

describe('the order lifecycle table', () => {
  it.each([
    [unpaid, unshipped, true],
    [unpaid, cancelled, true],
    [unshipped, partlyShipped, true],
    [unshipped, shipped, true],
    [partlyShipped, shipped, true],
    [unshipped, cancelled, true],
    [shipped, completed, true],
    [unshipped, closed, true],
    [completed, closed, true],
    [awaitingApproval, unpaid, true],
    [awaitingApproval, cancelled, true],
    [awaitingApproval, unshipped, false],
    // requireApproval, fired inside the placing transaction (decision 0029): the lifecycle keeps one initial state.
    [unpaid, awaitingApproval, true],
    [unpaid, shipped, false],
    [unpaid, closed, false],
    [partlyShipped, cancelled, false],
    [shipped, cancelled, false],
    [completed, cancelled, false],
    [cancelled, unpaid, false],
    [cancelled, unshipped, false],
    [closed, shipped, false],
    [completed, unshipped, false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('lets nothing leave 已取消 or 已关闭', () => {
    for (const event of orderLifecycle.eventNames) {
      expect(orderLifecycle.events[event].from).not.toContain(cancelled);
      expect(orderLifecycle.events[event].from).not.toContain(closed);
    }
  });

  it('lets the buyer and the expiry cancel only unpaid orders (waiting for approval or payment), staff also paid ones nothing of which was sent', () => {
    expect(fromStates('cancelByBuyer')).toEqual([awaitingApproval, unpaid]);
    expect(fromStates('expire')).toEqual([awaitingApproval, unpaid]);
    expect(fromStates('cancelByStaff')).toEqual([awaitingApproval, unpaid, unshipped]);
    expect(fromStates('pay')).toEqual([unpaid]);
    expect(fromStates('approve')).toEqual([awaitingApproval]);
    expect(fromStates('reject')).toEqual([awaitingApproval]);
    expect(fromStates('shipLast')).toEqual([unshipped, partlyShipped]);
    expect(fromStates('refundInFull')).toEqual([unshipped, partlyShipped, shipped, completed]);
  });
});
