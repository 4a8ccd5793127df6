import { describe, expect, it } from 'vitest';
import { ActorKind, allowedEvents, buyer, clock, decide, type Actor } from './lifecycle.ts';
import { quotationErrors, QuotationStatus } from './quotation.ts';
import { effectiveQuotationStatus, quotationFactsOf, quotationLifecycle, quotationLifecycleErrors, type QuotationFacts } from './quotation-lifecycle.ts';
import { abilityFor } from './staff-permissions.ts';
import { staffRoles } from './staff.ts';

function staffOf(role: Parameters<typeof abilityFor>[0]): Actor {
  const ability = abilityFor(role);
  return { kind: ActorKind.staff, can: (action, subject) => ability.can(action, subject) };
}

const valid = (state: QuotationStatus): QuotationFacts => ({ state, isValid: true });

describe('the quotation lifecycle', () => {
  it('gives the member the buttons of each state: 接受报价 and 取消 when quoted, 去结算 and 取消 when accepted, nothing once ordered, expired or ended', () => {
    const shown = (state: QuotationStatus, isValid = true) =>
      allowedEvents(quotationLifecycle, { state, isValid }, buyer).filter((event) => ['accept', 'order', 'cancel'].includes(event));
    expect(shown(QuotationStatus.pending, false)).toEqual(['cancel']);
    expect(shown(QuotationStatus.quoted)).toEqual(['accept', 'cancel']);
    expect(shown(QuotationStatus.accepted)).toEqual(['order', 'cancel']);
    expect(shown(QuotationStatus.ordered)).toEqual([]);
    expect(shown(QuotationStatus.expired, false)).toEqual([]);
    expect(shown(QuotationStatus.cancelled)).toEqual([]);
    expect(shown(QuotationStatus.closed)).toEqual([]);
  });

  it('lets a role that may update quotations price, price again and close; one that may not does nothing', () => {
    const sales = staffOf('sales');
    expect(allowedEvents(quotationLifecycle, { state: QuotationStatus.pending, isValid: false }, sales)).toEqual(['quote', 'close']);
    for (const state of [QuotationStatus.quoted, QuotationStatus.accepted])
      expect(allowedEvents(quotationLifecycle, valid(state), sales)).toEqual(['requote', 'close']);
    expect(allowedEvents(quotationLifecycle, { state: QuotationStatus.expired, isValid: false }, sales)).toEqual(['requote', 'close']);
    expect(allowedEvents(quotationLifecycle, valid(QuotationStatus.ordered), sales)).toEqual([]);
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('update', 'Quotation'))) {
      const events = allowedEvents(quotationLifecycle, valid(QuotationStatus.quoted), staffOf(role));
      expect(events, role).toEqual([]);
    }
  });

  it('gives an ordered offer back by its validity when its order lapses: 已报价 while valid, 已过期 after', () => {
    expect(decide(quotationLifecycle, 'orderLapsed', valid(QuotationStatus.ordered)).isAllowed).toBe(true);
    expect(decide(quotationLifecycle, 'orderLapsedExpired', valid(QuotationStatus.ordered))).toMatchObject({ isAllowed: false, msg: '报价仍在有效期内' });
    expect(decide(quotationLifecycle, 'orderLapsedExpired', { state: QuotationStatus.ordered, isValid: false }).isAllowed).toBe(true);
    expect(decide(quotationLifecycle, 'orderLapsed', { state: QuotationStatus.ordered, isValid: false })).toMatchObject({
      isAllowed: false,
      msg: '报价已过有效期，请重新询价',
    });
    expect(decide(quotationLifecycle, 'orderLapsed', valid(QuotationStatus.quoted))).toMatchObject({
      isAllowed: false,
      error: quotationLifecycleErrors.notOrdered,
      msg: '询价单已报价，不能订单取消，报价恢复',
    });
  });

  it('refuses with the state it is in, and lets only the clock expire an offer, only past its validity', () => {
    expect(decide(quotationLifecycle, 'quote', valid(QuotationStatus.quoted))).toEqual({
      isAllowed: false,
      error: quotationErrors.notPending,
      msg: '询价单已报价，不能报价',
    });
    expect(decide(quotationLifecycle, 'requote', valid(QuotationStatus.ordered))).toMatchObject({ isAllowed: false, msg: '报价已下单，不能重新报价' });
    expect(decide(quotationLifecycle, 'cancel', valid(QuotationStatus.ordered), buyer)).toMatchObject({ error: quotationErrors.notCancellable });
    expect(decide(quotationLifecycle, 'expire', valid(QuotationStatus.quoted), clock)).toMatchObject({ isAllowed: false, msg: '报价仍在有效期内' });
    expect(decide(quotationLifecycle, 'expire', { state: QuotationStatus.accepted, isValid: false }, clock).isAllowed).toBe(true);
    expect(decide(quotationLifecycle, 'expire', { state: QuotationStatus.accepted, isValid: false }, buyer)).toMatchObject({
      isAllowed: false,
      error: quotationLifecycleErrors.forbidden,
    });
    expect(decide(quotationLifecycle, 'accept', valid(QuotationStatus.quoted), staffOf('admin'))).toMatchObject({
      isAllowed: false,
      error: quotationLifecycleErrors.forbidden,
    });
  });

  it('shows a quoted or accepted offer past its validity as 已过期 before the clock claims it', () => {
    const now = 1_800_000_000_000;
    expect(effectiveQuotationStatus({ status: QuotationStatus.accepted, validUntil: now - 1 }, now)).toBe(QuotationStatus.expired);
    expect(effectiveQuotationStatus({ status: QuotationStatus.accepted, validUntil: now }, now)).toBe(QuotationStatus.accepted);
    expect(effectiveQuotationStatus({ status: QuotationStatus.ordered, validUntil: now - 1 }, now)).toBe(QuotationStatus.ordered);
    expect(quotationFactsOf({ status: QuotationStatus.quoted, validUntil: now - 1 }, now)).toEqual({ state: QuotationStatus.expired, isValid: false });
    expect(quotationFactsOf({ status: QuotationStatus.pending, validUntil: null }, now)).toEqual({ state: QuotationStatus.pending, isValid: false });
  });
});
