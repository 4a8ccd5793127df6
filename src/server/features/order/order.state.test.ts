import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { isOverdue, isPayable, lineProgress, shippingProgressOf } from './order.state.ts';

describe('order facts', () => {
  const { unpaid, unshipped, cancelled } = OrderStatus;

  it('is payable until its time and overdue from it', () => {
    const order = { status: unpaid, expiresAt: 1000 };
    expect([isPayable(order, 999), isOverdue(order, 999)]).toEqual([true, false]);
    expect([isPayable(order, 1000), isOverdue(order, 1000)]).toEqual([false, true]);
    expect(isPayable({ status: unshipped, expiresAt: 5000 }, 0)).toBe(false);
    expect(isOverdue({ status: cancelled, expiresAt: 0 }, 1)).toBe(false);
  });

  it.each([
    ['all in stock, none sent', { quantity: 10, reservedQuantity: 10, cancelledQuantity: 0 }, 0, { toShip: 10, shippableNow: 10 }],
    ['a back order of 6', { quantity: 10, reservedQuantity: 4, cancelledQuantity: 0 }, 0, { toShip: 10, shippableNow: 4 }],
    ['4 sent, 6 waiting', { quantity: 10, reservedQuantity: 4, cancelledQuantity: 0 }, 4, { toShip: 6, shippableNow: 0 }],
    ['the waiting 6 refunded', { quantity: 10, reservedQuantity: 4, cancelledQuantity: 6 }, 0, { toShip: 4, shippableNow: 4 }],
    ['3 sent, 2 refunded of the reserved', { quantity: 10, reservedQuantity: 8, cancelledQuantity: 2 }, 3, { toShip: 5, shippableNow: 5 }],
    ['everything sent', { quantity: 10, reservedQuantity: 10, cancelledQuantity: 0 }, 10, { toShip: 0, shippableNow: 0 }],
  ])('a line: %s', (_name, line, shipped, expected) => {
    expect(lineProgress({ id: 1, ...line }, shipped)).toEqual(expected);
  });

  it('adds the lines up', () => {
    const lines = [
      { id: 1, quantity: 10, reservedQuantity: 4, cancelledQuantity: 0 },
      { id: 2, quantity: 5, reservedQuantity: 5, cancelledQuantity: 1 },
    ];
    expect(shippingProgressOf(lines, new Map([[2, 2]]))).toEqual({ unitsToShip: 12, unitsShippableNow: 6 });
  });
});
