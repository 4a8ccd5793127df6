import { describe, expect, it } from 'vitest';
import { ActorKind, allowedEvents, clock, decide, type Actor } from './lifecycle.ts';
import { hasUndoOf, priceImportJobLifecycle, type PriceImportJobFacts } from './price-import-lifecycle.ts';
import { priceImportErrors, priceImportMessages, type PriceImportJobStatus } from './price-import.ts';
import { abilityFor } from './staff-permissions.ts';
import type { StaffRole } from './staff.ts';

function staffOf(role: StaffRole): Actor {
  const ability = abilityFor(role);
  return { kind: ActorKind.staff, can: (action, subject) => ability.can(action, subject) };
}

/** A job as the console page knows it: its own state and retention, other jobs unknown. */
const onPage = (state: PriceImportJobStatus, hasUndo = hasUndoOf(state, state === 'done' ? Date.now() + 1000 : null, Date.now())): PriceImportJobFacts => ({
  state,
  hasUndo,
});

describe('the price-import job lifecycle', () => {
  it.each([
    ['queued', []],
    ['running', []],
    ['done', ['rollback']],
    ['failed', ['resume', 'rollback']],
    ['rolling_back', []],
    ['rolled_back', []],
    ['rollback_failed', ['rollback']],
  ] as const)('gives a catalogue staff member on a %s job the buttons %j', (state, events) => {
    expect(allowedEvents(priceImportJobLifecycle, onPage(state), staffOf('catalog'))).toEqual(events);
  });

  it('gives roles without the price-import desk no buttons, and the clock no staff move', () => {
    for (const role of ['sales', 'warehouse', 'finance', 'content', 'service'] as const) {
      expect(allowedEvents(priceImportJobLifecycle, onPage('failed'), staffOf(role))).toEqual([]);
    }
    expect(decide(priceImportJobLifecycle, 'rollback', onPage('failed'), clock)).toMatchObject({ isAllowed: false, msg: '您没有执行该操作的权限' });
    expect(allowedEvents(priceImportJobLifecycle, onPage('queued'), clock)).toEqual(['start', 'requeue']);
  });

  it('refuses 回滚 while another job is queued or under way, then past the retention, naming why', () => {
    const done = onPage('done');
    for (const busy of [{ isOtherJobQueued: true }, { isOtherJobRunning: true }]) {
      expect(decide(priceImportJobLifecycle, 'rollback', { ...done, ...busy }, staffOf('catalog'))).toEqual({
        isAllowed: false,
        error: priceImportErrors.jobNotRollbackable,
        msg: priceImportMessages.anotherJobRunning,
      });
    }
    const expired = { ...onPage('done', false), isOtherJobQueued: false, isOtherJobRunning: false };
    expect(decide(priceImportJobLifecycle, 'rollback', expired, staffOf('catalog'))).toMatchObject({ isAllowed: false, msg: priceImportMessages.undoExpired });
    expect(decide(priceImportJobLifecycle, 'rollback', onPage('rolled_back'), staffOf('admin'))).toMatchObject({
      isAllowed: false,
      msg: '导入任务已回滚，不能回滚',
    });
  });

  it('starts a queued job only while no other job runs or rolls back; a queued one does not hold it back', () => {
    expect(decide(priceImportJobLifecycle, 'start', { ...onPage('queued'), isOtherJobRunning: true }, clock).isAllowed).toBe(false);
    expect(decide(priceImportJobLifecycle, 'start', { ...onPage('queued'), isOtherJobRunning: false, isOtherJobQueued: true }, clock).isAllowed).toBe(true);
  });

  it('keeps the "before" values of an interrupted job always, and of a finished one until its retention ends', () => {
    const now = 1_800_000_000_000;
    expect(hasUndoOf('failed', null, now)).toBe(true);
    expect(hasUndoOf('rollback_failed', null, now)).toBe(true);
    expect(hasUndoOf('done', now + 1, now)).toBe(true);
    expect(hasUndoOf('done', now, now)).toBe(false);
    expect(hasUndoOf('done', null, now)).toBe(false);
    expect(hasUndoOf('rolled_back', null, now)).toBe(false);
  });
});
