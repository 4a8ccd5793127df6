import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allLifecycles } from './all-lifecycles.ts';
import { ActorKind, allowedEvents, buyer, clock, deadEndStates, decide, defineLifecycle, unreachableStates, type Actor } from './lifecycle.ts';
import { withGeneratedSections } from './lifecycle-record.ts';
import { orderLifecycle, type OrderFacts } from './order-lifecycle.ts';
import { OrderStatus, orderErrors } from './order.ts';
import { abilityFor } from './staff-permissions.ts';

function staffOf(role: Parameters<typeof abilityFor>[0]): Actor {
  const ability = abilityFor(role);
  return { kind: ActorKind.staff, can: (action, subject) => ability.can(action, subject) };
}

const paidFacts: OrderFacts = { state: OrderStatus.unshipped, paidCents: 962, refundedCents: 0, isOverdue: false, unitsToShip: 10, unitsShippableNow: 10 };

describe('every declared lifecycle', () => {
  for (const lifecycle of allLifecycles) {
    it(`${lifecycle.name}: every state is reachable from the initial one, and every state that is not final can be left`, () => {
      expect(unreachableStates(lifecycle)).toEqual([]);
      expect(deadEndStates(lifecycle)).toEqual([]);
    });
  }

  it('docs/decisions/0018-lifecycles.md shows the tables as declared (npm run lifecycles writes it)', () => {
    const record = readFileSync(new URL('../../docs/decisions/0018-lifecycles.md', import.meta.url), 'utf8');
    expect(record).toBe(withGeneratedSections(record));
  });
});

describe('defineLifecycle', () => {
  it('refuses an event that leaves a final state or goes nowhere', () => {
    const states = { open: { label: '开', refusalName: '已开' }, done: { label: '完', refusalName: '已完', isFinal: true } };
    const base = { name: 't', title: 't', initial: 'open' as const, states, changedMeanwhile: orderErrors.notFound, forbidden: orderErrors.notFound };
    expect(() =>
      defineLifecycle({ ...base, events: { reopen: { label: '重开', from: ['done'], to: 'open', actors: [], refusal: orderErrors.notFound } } }),
    ).toThrow(/leaves final state done/);
  });

  it('refuses a state that cannot be reached, or that is not final and cannot be left', () => {
    const states = {
      open: { label: '开', refusalName: '已开' },
      stuck: { label: '卡', refusalName: '已卡' },
      done: { label: '完', refusalName: '已完', isFinal: true },
    };
    const base = { name: 't', title: 't', initial: 'open' as const, states, changedMeanwhile: orderErrors.notFound, forbidden: orderErrors.notFound };
    const events = { finish: { label: '完成', from: ['open' as const], to: 'done' as const, actors: [], refusal: orderErrors.notFound } };
    expect(() => defineLifecycle({ ...base, events })).toThrow(/stuck cannot be reached or left/);
  });
});

describe('the order lifecycle', () => {
  it('refuses to ship a fully refunded order, naming why', () => {
    const verdict = decide(orderLifecycle, 'shipLast', { ...paidFacts, state: OrderStatus.closed, refundedCents: 962 }, staffOf('warehouse'));
    expect(verdict).toEqual({ isAllowed: false, error: orderErrors.notShippable, msg: '订单已退款，不能发货' });
  });

  it('gives each actor only its own buttons', () => {
    expect(allowedEvents(orderLifecycle, { ...paidFacts, state: OrderStatus.unpaid, paidCents: 0 }, buyer)).toEqual(['cancelByBuyer']);
    expect(allowedEvents(orderLifecycle, paidFacts, staffOf('warehouse'))).toEqual(['shipParcel', 'shipLast']);
    expect(allowedEvents(orderLifecycle, paidFacts, staffOf('finance'))).toEqual(['cancelByStaff', 'refundPart', 'refundInFull']);
    expect(allowedEvents(orderLifecycle, paidFacts, staffOf('service'))).toEqual([]);
    expect(allowedEvents(orderLifecycle, { ...paidFacts, state: OrderStatus.shipped }, buyer)).toEqual(['confirmReceipt']);
  });

  it('ships only the last parcel when something waits on a back order, and refunds nothing once all is refunded', () => {
    const waiting = { ...paidFacts, unitsShippableNow: 4 };
    expect(allowedEvents(orderLifecycle, waiting, staffOf('warehouse'))).toEqual(['shipParcel']);
    expect(decide(orderLifecycle, 'shipLast', waiting).isAllowed).toBe(false);
    const refunded = { ...paidFacts, state: OrderStatus.completed, refundedCents: 962 };
    expect(decide(orderLifecycle, 'refundPart', refunded)).toMatchObject({ isAllowed: false, msg: '订单已无可退金额' });
  });

  it('lets the clock expire only an overdue order', () => {
    const unpaid = { ...paidFacts, state: OrderStatus.unpaid, paidCents: 0 };
    expect(decide(orderLifecycle, 'expire', unpaid, clock)).toMatchObject({ isAllowed: false, msg: '订单尚未超过支付期限' });
    expect(decide(orderLifecycle, 'expire', { ...unpaid, isOverdue: true }, clock).isAllowed).toBe(true);
    expect(decide(orderLifecycle, 'expire', { ...unpaid, isOverdue: true }, buyer)).toMatchObject({ isAllowed: false, msg: '您没有执行该操作的权限' });
  });
});
