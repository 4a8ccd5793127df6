import { describe, expect, it } from 'vitest';
import { OrderStatus, orderStatuses } from '../../../contract/order.ts';
import { canApply, canTransition, isOverdue, isPayable, OrderAction } from './order.state.ts';

describe('order state machine', () => {
  const { unpaid, unshipped, shipped, completed, cancelled } = OrderStatus;

  it.each([
    [unpaid, unshipped, true],
    [unpaid, cancelled, true],
    [unshipped, shipped, true],
    [unshipped, cancelled, true],
    [shipped, completed, true],
    [unpaid, shipped, false],
    [unpaid, completed, false],
    [shipped, cancelled, false],
    [completed, cancelled, false],
    [cancelled, unpaid, false],
    [cancelled, unshipped, false],
    [completed, unshipped, false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('lets nothing leave 已完成 or 已取消', () => {
    for (const action of Object.values(OrderAction)) {
      expect(canApply(action, completed)).toBe(false);
      expect(canApply(action, cancelled)).toBe(false);
    }
  });

  it('lets the buyer and the expiry cancel only unpaid orders; staff also paid unshipped ones', () => {
    const from = (action: OrderAction) => orderStatuses.filter((status) => canApply(action, status));
    expect(from(OrderAction.cancelByBuyer)).toEqual([unpaid]);
    expect(from(OrderAction.expire)).toEqual([unpaid]);
    expect(from(OrderAction.cancelByStaff)).toEqual([unpaid, unshipped]);
    expect(from(OrderAction.pay)).toEqual([unpaid]);
    expect(from(OrderAction.ship)).toEqual([unshipped]);
  });

  it('is payable until its time and overdue from it', () => {
    const order = { status: unpaid, expiresAt: 1000 };
    expect([isPayable(order, 999), isOverdue(order, 999)]).toEqual([true, false]);
    expect([isPayable(order, 1000), isOverdue(order, 1000)]).toEqual([false, true]);
    expect(isPayable({ status: unshipped, expiresAt: 5000 }, 0)).toBe(false);
    expect(isOverdue({ status: cancelled, expiresAt: 0 }, 1)).toBe(false);
  });
});
