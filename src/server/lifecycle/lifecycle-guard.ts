import { decide, type Actor, type Lifecycle } from '../../contract/lifecycle.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The server's side of a declared lifecycle (contract/lifecycle.ts). Every state write is a
 * conditional update from the state the actor saw: `claimFrom` gives its `where state in (…)`,
 * `assertAllowed` refuses before any write, and `refusalNow` words the answer when the update
 * moved nothing because a concurrent actor got there first.
 */

/** Throws the lifecycle's refusal (订单已退款，不能发货) unless `actor` may fire `event` on these facts. */
export function assertAllowed<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  facts: Facts,
  actor?: Actor,
): void {
  const verdict = decide(lifecycle, event, facts, actor);
  if (!verdict.isAllowed) throw new AppError(verdict.error, verdict.msg);
}

/**
 * The states the update may move from: the one the actor saw, when given (a page's view), else any
 * the event leaves (the clock, a provider). A seen state the event does not leave is refused at once.
 */
export function claimFrom<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  seen?: State,
): readonly State[] {
  const from = lifecycle.events[event].from;
  if (seen === undefined) return from;
  if (!from.includes(seen)) throw new AppError(lifecycle.events[event].refusal, `${lifecycle.states[seen].refusalName}，不能${lifecycle.events[event].label}`);
  return [seen];
}

/**
 * Why a conditional update moved nothing, read from the thing as it is now: the state's refusal
 * when the event no longer applies (订单已退款，不能发货), else 已被他人更改 (the actor saw an older state).
 */
export function refusalNow<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  factsNow: Facts,
  seen?: State,
): AppError {
  const verdict = decide(lifecycle, event, factsNow);
  if (!verdict.isAllowed) return new AppError(verdict.error, verdict.msg);
  return new AppError(lifecycle.changedMeanwhile, seen !== undefined && seen !== factsNow.state ? undefined : lifecycle.changedMeanwhile.msg);
}
