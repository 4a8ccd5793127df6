import { describe, expect, it } from 'vitest';
import { complaintErrors, lineShareCents, type ComplaintStatus } from './complaint.ts';
import { complaintLifecycle, type ComplaintFacts, type ComplaintLifecycleEvent } from './complaint-lifecycle.ts';
import { ActorKind, allowedEvents, buyer, clock, decide, type Actor } from './lifecycle.ts';
import { abilityFor } from './staff-permissions.ts';
import type { StaffRole } from './staff.ts';

function staffOf(role: StaffRole): Actor {
  const ability = abilityFor(role);
  return { kind: ActorKind.staff, can: (action, subject) => ability.can(action, subject) };
}

const facts = (state: ComplaintStatus, change: Partial<ComplaintFacts> = {}): ComplaintFacts => ({
  state,
  isWithinWindow: true,
  isReturnOverdue: false,
  isRefundFailed: false,
  orderRefundableCents: 20_000,
  ...change,
});

describe('the after-sales lifecycle', () => {
  it.each<[ComplaintStatus, ComplaintLifecycleEvent[], ComplaintLifecycleEvent[], ComplaintLifecycleEvent[]]>([
    // state, the member's buttons, customer service's, an administrator's
    ['pending', ['withdraw'], ['takeUp', 'authoriseReturn', 'resolve', 'reject'], ['takeUp', 'authoriseReturn', 'resolve', 'reject']],
    ['processing', ['withdraw'], ['authoriseReturn', 'replace', 'resolve', 'reject'], ['authoriseReturn', 'refund', 'replace', 'resolve', 'reject']],
    ['returnAuthorised', ['shipReturn', 'withdraw'], ['receiveGoods', 'close'], ['receiveGoods', 'close']],
    ['returnShipped', [], ['receiveGoods'], ['receiveGoods']],
    ['goodsReceived', [], ['replace', 'resolve'], ['refund', 'replace', 'resolve']],
    ['refunded', [], ['close'], ['close']],
    ['replaced', ['reopen'], ['close', 'reopen'], ['close', 'reopen']],
    ['resolved', ['reopen'], ['close', 'reopen'], ['close', 'reopen']],
    ['rejected', ['reopen'], ['close', 'reopen'], ['close', 'reopen']],
    ['closed', [], [], []],
  ])('in %s gives the member %j, customer service %j and an administrator %j', (state, member, service, admin) => {
    expect(allowedEvents(complaintLifecycle, facts(state), buyer)).toEqual(member);
    expect(allowedEvents(complaintLifecycle, facts(state), staffOf('service'))).toEqual(service);
    expect(allowedEvents(complaintLifecycle, facts(state), staffOf('admin'))).toEqual(admin);
  });

  it('gives roles without the desk nothing, and finance only the refund', () => {
    for (const role of ['warehouse', 'content', 'catalog', 'sales'] as const)
      expect(allowedEvents(complaintLifecycle, facts('goodsReceived'), staffOf(role))).toEqual([]);
    expect(allowedEvents(complaintLifecycle, facts('goodsReceived'), staffOf('finance'))).toEqual(['refund']);
  });

  it('names the state or the guard in a refusal', () => {
    expect(decide(complaintLifecycle, 'withdraw', facts('returnShipped'), buyer)).toEqual({
      isAllowed: false,
      error: complaintErrors.notOpen,
      msg: '退货正在寄回途中，不能撤销',
    });
    expect(decide(complaintLifecycle, 'refund', facts('goodsReceived', { orderRefundableCents: 0 }), staffOf('admin'))).toMatchObject({
      isAllowed: false,
      msg: '订单已无可退金额',
    });
    expect(decide(complaintLifecycle, 'reopen', facts('resolved', { isWithinWindow: false }), buyer)).toMatchObject({
      isAllowed: false,
      msg: '该订单已超过售后期限，不能重新处理',
    });
    expect(decide(complaintLifecycle, 'close', facts('refunded', { isRefundFailed: true }), staffOf('service'))).toMatchObject({
      isAllowed: false,
      error: complaintErrors.transitionInvalid,
      msg: '退款尚未成功，请在订单中重新退款后再关闭',
    });
    expect(decide(complaintLifecycle, 'refund', facts('goodsReceived'), staffOf('service'))).toMatchObject({
      isAllowed: false,
      error: complaintErrors.forbidden,
    });
  });

  it('lets the clock close only an authorised return past its days', () => {
    expect(allowedEvents(complaintLifecycle, facts('returnAuthorised'), clock)).toEqual([]);
    expect(allowedEvents(complaintLifecycle, facts('returnAuthorised', { isReturnOverdue: true }), clock)).toEqual(['expireReturn']);
    expect(allowedEvents(complaintLifecycle, facts('returnShipped', { isReturnOverdue: true }), clock)).toEqual([]);
  });

  it.each([
    [10, 10, 20_000],
    [4, 10, 8_000],
    [1, 3, 6_667],
    [2, 3, 13_333],
    [12, 10, 20_000],
  ])('refunds %i of %i units of a ¥200.00 line as %i cents by default', (returned, quantity, cents) => {
    expect(lineShareCents({ amountCents: 20_000, quantity }, returned)).toBe(cents);
  });
});
