import type { ErrorDefinition } from './errors.ts';
import type { StaffAction, StaffSubject } from './staff-permissions.ts';

/**
 * One declared lifecycle per thing that has states (orders, payments, refunds, invoices,
 * quotations, after-sales cases, price-import jobs): its states, the events that move it, who may
 * fire each event, the guards beyond the state, and what it does. The server enforces the table
 * (a conditional update from the state the actor saw); the buyer's pages and the console derive
 * their buttons from it; docs/decisions/0018-lifecycles.md draws its diagrams from it.
 */

export const ActorKind = { buyer: 'buyer', staff: 'staff', provider: 'provider', clock: 'clock', approver: 'approver' } as const;
export type ActorKind = (typeof ActorKind)[keyof typeof ActorKind];

export const actorKindLabels: Readonly<Record<ActorKind, string>> = {
  buyer: '买家',
  staff: '员工',
  provider: '支付渠道',
  clock: '定时任务',
  approver: '企业审批人',
};

/**
 * Who may fire an event: a kind of actor, and for staff the console permission it needs. An
 * approver is a member of the buyer's company whose role may approve its orders
 * (company-account-permissions.ts): the server makes that actor only for such a member.
 */
export type ActorRule =
  | { readonly kind: typeof ActorKind.buyer | typeof ActorKind.provider | typeof ActorKind.clock | typeof ActorKind.approver }
  | { readonly kind: typeof ActorKind.staff; readonly action: StaffAction; readonly subject: StaffSubject };

/** The actor asking: staff carry what their role may do (the CASL ability's `can`). */
export type Actor =
  | { readonly kind: typeof ActorKind.buyer | typeof ActorKind.provider | typeof ActorKind.clock | typeof ActorKind.approver }
  | { readonly kind: typeof ActorKind.staff; readonly can: (action: StaffAction, subject: StaffSubject) => boolean };

export const buyer: Actor = { kind: ActorKind.buyer };
export const provider: Actor = { kind: ActorKind.provider };
export const clock: Actor = { kind: ActorKind.clock };
export const approver: Actor = { kind: ActorKind.approver };

export interface StateSpec {
  /** 待发货: what pages show. */
  readonly label: string;
  /** How a refusal names the state: 订单已退款 → 订单已退款，不能发货. */
  readonly refusalName: string;
  /** Nothing leaves it. */
  readonly isFinal?: boolean;
}

/** A rule beyond the state, read from the facts both the server and the page have. */
export interface Guard<Facts> {
  /** camelCase, for the table in the docs and for tests. */
  readonly name: string;
  /** What must hold, in Chinese (the docs' table). */
  readonly description: string;
  readonly holds: (facts: Facts) => boolean;
  /** The refusal shown when it does not. */
  readonly refusal: string;
  /** Its own errorCode, when it is not the event's (another job running is not the job's state). */
  readonly error?: ErrorDefinition;
}

export interface EventSpec<State extends string, Facts> {
  /** The button's verb: 发货, 取消订单. */
  readonly label: string;
  readonly from: readonly State[];
  /** The state after; `from` lists the states it stays in when it is the same (a partial refund). */
  readonly to: State | 'same';
  readonly actors: readonly ActorRule[];
  readonly guards?: readonly Guard<Facts>[];
  /** What it does besides moving the state, in Chinese (the docs' table). */
  readonly effects?: readonly string[];
  /** The errorCode and code of a refusal; the message is composed from the state or the guard. */
  readonly refusal: ErrorDefinition;
}

export interface LifecycleSpec<State extends string, Event extends string, Facts extends { state: State }> {
  /** camelCase name: order, refund. */
  readonly name: string;
  /** 订单, 退款: the docs' headings. */
  readonly title: string;
  readonly initial: State;
  readonly states: Readonly<Record<State, StateSpec>>;
  readonly events: Readonly<Record<Event, EventSpec<State, Facts>>>;
  /** Refused when the actor saw another state than the one the thing is in now (a stale page). */
  readonly changedMeanwhile: ErrorDefinition;
  /** Refused when the actor may not fire the event at all. */
  readonly forbidden: ErrorDefinition;
}

export type Lifecycle<State extends string, Event extends string, Facts extends { state: State }> = LifecycleSpec<State, Event, Facts> & {
  readonly stateNames: readonly State[];
  readonly eventNames: readonly Event[];
};

export function defineLifecycle<const State extends string, const Event extends string, Facts extends { state: State }>(
  spec: LifecycleSpec<State, Event, Facts>,
): Lifecycle<State, Event, Facts> {
  const stateNames = Object.keys(spec.states) as State[];
  const eventNames = Object.keys(spec.events) as Event[];
  for (const event of eventNames) {
    const { from, to } = spec.events[event];
    if (from.length === 0) throw new Error(`lifecycle ${spec.name}: event ${event} has no from state`);
    for (const state of from) if (spec.states[state].isFinal) throw new Error(`lifecycle ${spec.name}: event ${event} leaves final state ${state}`);
    if (to !== 'same' && !(to in spec.states)) throw new Error(`lifecycle ${spec.name}: event ${event} goes to unknown ${to}`);
  }
  const lifecycle = { ...spec, stateNames, eventNames };
  const stuck = [...unreachableStates(lifecycle), ...deadEndStates(lifecycle)];
  if (stuck.length > 0) throw new Error(`lifecycle ${spec.name}: ${stuck.join(', ')} cannot be reached or left`);
  return lifecycle;
}

/** States no sequence of events leads to from the initial one. */
export function unreachableStates<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
): State[] {
  const reached = new Set<State>([lifecycle.initial]);
  for (let grew = true; grew;) {
    grew = false;
    for (const event of lifecycle.eventNames) {
      const { from, to } = lifecycle.events[event];
      if (to === 'same' || reached.has(to) || !from.some((state) => reached.has(state))) continue;
      reached.add(to);
      grew = true;
    }
  }
  return lifecycle.stateNames.filter((state) => !reached.has(state));
}

/** States that are not final and that no event leaves. */
export function deadEndStates<State extends string, Event extends string, Facts extends { state: State }>(lifecycle: Lifecycle<State, Event, Facts>): State[] {
  const left = new Set(lifecycle.eventNames.flatMap((event) => (lifecycle.events[event].to === 'same' ? [] : lifecycle.events[event].from)));
  return lifecycle.stateNames.filter((state) => !left.has(state) && lifecycle.states[state].isFinal !== true);
}

/** A decision on one event: allowed, or refused with the error to answer. */
export type Verdict = { readonly isAllowed: true } | { readonly isAllowed: false; readonly error: ErrorDefinition; readonly msg: string };

const allowed: Verdict = { isAllowed: true };

export function mayAct(rules: readonly ActorRule[], actor: Actor): boolean {
  return rules.some((rule) => {
    if (rule.kind !== actor.kind) return false;
    if (rule.kind !== ActorKind.staff || actor.kind !== ActorKind.staff) return true;
    return actor.can(rule.action, rule.subject);
  });
}

/**
 * Whether `actor` may fire `event` on a thing whose facts are `facts`: the actor first, then the
 * state, then each guard in order. The refusal names the state (订单已退款，不能发货) or the guard.
 */
export function decide<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  facts: Facts,
  actor?: Actor,
): Verdict {
  const spec = lifecycle.events[event];
  if (actor !== undefined && !mayAct(spec.actors, actor)) return { isAllowed: false, error: lifecycle.forbidden, msg: lifecycle.forbidden.msg };
  if (!spec.from.includes(facts.state))
    return { isAllowed: false, error: spec.refusal, msg: `${lifecycle.states[facts.state].refusalName}，不能${spec.label}` };
  const failed = spec.guards?.find((guard) => !guard.holds(facts));
  return failed ? { isAllowed: false, error: failed.error ?? spec.refusal, msg: failed.refusal } : allowed;
}

export function isAllowed<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  facts: Facts,
  actor: Actor,
): boolean {
  return decide(lifecycle, event, facts, actor).isAllowed;
}

/** The events this actor may fire now: what a page shows as buttons. */
export function allowedEvents<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  facts: Facts,
  actor: Actor,
): Event[] {
  return lifecycle.eventNames.filter((event) => decide(lifecycle, event, facts, actor).isAllowed);
}

/** Where the event leads from `from`. */
export function targetOf<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
  event: Event,
  from: State,
): State {
  const to = lifecycle.events[event].to;
  return to === 'same' ? from : to;
}
