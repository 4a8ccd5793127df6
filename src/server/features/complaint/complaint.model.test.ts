import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineShareCents, openComplaintStatuses, type ComplaintStatus } from '../../../contract/complaint.ts';
import { MessageType } from '../../../contract/message.ts';
import { RefundStatus } from '../../../contract/payment.ts';
import { staffRoleLabels, type StaffIdentity, type StaffRole } from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import {
  authoriseReturnByStaff,
  fireComplaintEventByStaff,
  receiveReturnedGoods,
  refundComplaintByStaff,
  replaceReturnedGoods,
} from '../order-desk/complaint-desk.service.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { createTestStaff } from '../staff/testing/staff-browser.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { closeOverdueReturns } from './complaint-staff.service.ts';
import { closeByMember, createComplaint, reopenByMember, shipReturnByMember } from './complaint.service.ts';
import { orderAtStage } from './testing/complaint-fixture.ts';

/**
 * A plain in-memory model of after-sales cases beside the real services on a real database: random
 * sequences of the member's and staff's actions (file, take up, authorise a return, ship it back,
 * receive it, refund through the order, replace, resolve, reject, close, withdraw, reopen), the
 * clock closing returns not sent back, pages acting on a state they showed before, and two staff
 * acting at once. After every step the database must agree with the model: each case's status; at
 * most one open case per order line; no order refunded past what it was paid; one 退货消息 per
 * transition; one audit entry per staff transition. COMPLAINT_MODEL_RUNS sets how many sequences
 * (15 by default: about 300 actions).
 */

const day = 86_400_000;
const runs = Number(process.env.COMPLAINT_MODEL_RUNS ?? 15);

/** COMPLAINT_MODEL_REPLAY="seed:path" replays one failing sequence as fast-check printed it. */
function replayOf(replay: string | undefined): { seed?: number; path?: string } {
  if (!replay) return {};
  const [seed, ...path] = replay.split(':');
  return { seed: Number(seed), path: path.join(':') };
}
const maxCommands = 40;
const returnShipDays = 7;
/** Each line of the fixture's orders: 10 parts at ¥20.00. */
const lineQuantity = 10;
const lineAmountCents = 20_000;

type Act =
  | 'takeUp'
  | 'authoriseReturn'
  | 'shipReturn'
  | 'receiveGoods'
  | 'refund'
  | 'replace'
  | 'resolve'
  | 'reject'
  | 'close'
  | 'withdraw'
  | 'reopenByBuyer'
  | 'reopenByStaff';

/** The model's own table of what each act needs and leads to (written apart from the contract's, so the two are checked against each other). */
const acts: Record<Act, { from: readonly ComplaintStatus[]; to: ComplaintStatus; isStaff: boolean }> = {
  takeUp: { from: ['pending'], to: 'processing', isStaff: true },
  authoriseReturn: { from: ['pending', 'processing'], to: 'returnAuthorised', isStaff: true },
  shipReturn: { from: ['returnAuthorised'], to: 'returnShipped', isStaff: false },
  receiveGoods: { from: ['returnAuthorised', 'returnShipped'], to: 'goodsReceived', isStaff: true },
  refund: { from: ['processing', 'goodsReceived'], to: 'refunded', isStaff: true },
  replace: { from: ['processing', 'goodsReceived'], to: 'replaced', isStaff: true },
  resolve: { from: ['pending', 'processing', 'goodsReceived'], to: 'resolved', isStaff: true },
  reject: { from: ['pending', 'processing'], to: 'rejected', isStaff: true },
  close: { from: ['returnAuthorised', 'refunded', 'replaced', 'resolved', 'rejected'], to: 'closed', isStaff: true },
  withdraw: { from: ['pending', 'processing', 'returnAuthorised'], to: 'closed', isStaff: false },
  reopenByBuyer: { from: ['replaced', 'resolved', 'rejected'], to: 'processing', isStaff: false },
  reopenByStaff: { from: ['replaced', 'resolved', 'rejected'], to: 'processing', isStaff: true },
};
const actNames = Object.keys(acts) as Act[];

interface ModelOrder {
  orderNo: string;
  userId: number;
  lineIds: number[];
  paidCents: number;
  refundedCents: number;
}

interface ModelCase {
  id: number;
  complaintNo: string;
  userId: number;
  orderNo: string;
  lineId: number;
  status: ComplaintStatus;
  returnQuantity: number | null;
  /** What pages have shown of it: a page still showing an older one acts on a stale state. */
  shown: ComplaintStatus[];
}

interface Model {
  now: number;
  orders: ModelOrder[];
  cases: ModelCase[];
  /** 退货消息 each member must have. */
  messages: Map<number, number>;
  /** Staff transitions that succeeded: each has its audit entry. */
  staffChanges: number;
}

type Command = fc.AsyncCommand<Model, object>;

const isOpen = (status: ComplaintStatus) => openComplaintStatuses.includes(status);
const isOrderClosed = (order: ModelOrder) => order.refundedCents >= order.paidCents;

/** The outcome the real service gave: done, or a Chinese refusal (anything else fails the run). */
async function outcomeOf(work: () => Promise<unknown>): Promise<{ isDone: boolean; errorCode: string }> {
  try {
    await work();
    return { isDone: true, errorCode: '' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.message).toMatch(/[\u4e00-\u9fff]/);
    return { isDone: false, errorCode: error.errorCode };
  }
}

describe('the after-sales lifecycle against its model', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      const actorOf = async (role: StaffRole): Promise<StaffActor> => {
        const staff = await createTestStaff(app.db.kysely, role, `${staffRoleLabels[role]}模型`);
        const identity: StaffIdentity = { id: staff.id, login: staff.login, displayName: staff.displayName, role, roleLabel: staffRoleLabels[role] };
        return { staff: identity, ip: '127.0.0.1' };
      };
      return { catalog, admin: await actorOf('admin'), service: await actorOf('service'), colleague: await actorOf('admin') };
    },
  });
  const deps = () => ({ db: t.db.kysely, config: t.deps.config, logger: t.deps.logger });
  /** The model's clock only moves forward, across sequences too (the database keeps their rows). */
  let clock = Date.now();

  function orderOf(model: Model, kase: ModelCase): ModelOrder {
    const order = model.orders.find((candidate) => candidate.orderNo === kase.orderNo);
    if (!order) throw new Error(`no order ${kase.orderNo}`);
    return order;
  }

  function refundCentsOf(kase: ModelCase): number {
    return lineShareCents({ amountCents: lineAmountCents, quantity: lineQuantity }, kase.returnQuantity ?? lineQuantity);
  }

  /** Whether the real service must do `act` (by `role` for staff) on the case as the model has it, seen as `seen`. */
  function isAllowed(model: Model, kase: ModelCase, act: Act, role: StaffRole, seen: ComplaintStatus): boolean {
    const spec = acts[act];
    if (seen !== kase.status || !spec.from.includes(kase.status)) return false;
    const order = orderOf(model, kase);
    if (act === 'refund') {
      const refundable = order.paidCents - order.refundedCents;
      return role === 'admin' && refundable > 0 && refundCentsOf(kase) <= refundable;
    }
    if (act === 'reopenByBuyer' || act === 'reopenByStaff') {
      const isLineTaken = model.cases.some((other) => other.id !== kase.id && other.lineId === kase.lineId && isOpen(other.status));
      return !isOrderClosed(order) && !isLineTaken;
    }
    return true;
  }

  function tell(model: Model, userId: number): void {
    model.messages.set(userId, (model.messages.get(userId) ?? 0) + 1);
  }

  /** The model after `act` succeeded. */
  function apply(model: Model, kase: ModelCase, act: Act, returnQuantity: number): void {
    if (act === 'authoriseReturn') kase.returnQuantity = returnQuantity;
    if (act === 'refund') orderOf(model, kase).refundedCents += refundCentsOf(kase);
    kase.status = acts[act].to;
    kase.shown.push(kase.status);
    tell(model, kase.userId);
    if (acts[act].isStaff) model.staffChanges += 1;
  }

  /** The real call for `act`, as the buyer's page or the console sends it (`seen`: the status the page showed). */
  function realAct(kase: ModelCase, act: Act, actor: StaffActor, seen: ComplaintStatus, returnQuantity: number): () => Promise<unknown> {
    const d = deps();
    const id = kase.id;
    switch (act) {
      case 'authoriseReturn':
        return () => authoriseReturnByStaff(d, actor, { id, from: seen, quantity: returnQuantity, address: '上海市闵行区 芯品商城仓库 售后组', note: '' });
      case 'receiveGoods':
        return () => receiveReturnedGoods(d, actor, { id, from: seen, note: '' });
      case 'refund':
        return () => refundComplaintByStaff(d, actor, { id, from: seen, note: '' });
      case 'replace':
        return () => replaceReturnedGoods(d, actor, { id, from: seen, carrierCode: 'sf', trackingNo: 'SF100200300' });
      case 'shipReturn':
        return () => shipReturnByMember(d, kase.userId, { id, carrierName: '顺丰速运', trackingNo: 'SF900800700', seen });
      case 'withdraw':
        return () => closeByMember(d, kase.userId, id, seen);
      case 'reopenByBuyer':
        return () => reopenByMember(d, kase.userId, id, seen);
      case 'reopenByStaff':
        return () => fireComplaintEventByStaff(d, actor, { id, event: 'reopen', from: seen, note: '' });
      case 'reject':
        return () => fireComplaintEventByStaff(d, actor, { id, event: 'reject', from: seen, note: '经检测为使用不当所致' });
      default:
        return () => fireComplaintEventByStaff(d, actor, { id, event: act, from: seen, note: '' });
    }
  }

  function pick<T>(items: readonly T[], index: number): T | undefined {
    return items.length === 0 ? undefined : items[index % items.length];
  }

  /** Mostly a case the act applies to (so sequences go deep), every fourth time any (so refusals are tried too). */
  function target(model: Model, index: number, applies: (kase: ModelCase) => boolean): ModelCase | undefined {
    const fitting = model.cases.filter(applies);
    return index % 4 !== 0 && fitting.length > 0 ? pick(fitting, Math.floor(index / 4)) : pick(model.cases, index);
  }

  function fileCommand(orderIndex: number, lineIndex: number): Command {
    return {
      check: (model) => model.orders.length > 0,
      async run(model) {
        const order = pick(model.orders, orderIndex);
        const lineId = order && pick(order.lineIds, lineIndex);
        if (!order || lineId === undefined) return;
        const isAllowedNow = !isOrderClosed(order) && !model.cases.some((kase) => kase.lineId === lineId && isOpen(kase.status));
        const outcome = await outcomeOf(async () => {
          const filed = await createComplaint(deps(), order.userId, {
            orderLineId: lineId,
            type: 'damaged',
            description: '收到的芯片引脚弯折，无法贴片。',
            photoKeys: [],
          });
          model.cases.push({
            id: filed.id,
            complaintNo: filed.complaintNo,
            userId: order.userId,
            orderNo: order.orderNo,
            lineId,
            status: 'pending',
            returnQuantity: null,
            shown: ['pending'],
          });
        });
        expect(outcome.isDone, `file on line ${String(lineId)}: ${outcome.errorCode}`).toBe(isAllowedNow);
      },
      toString: () => `file(${String(orderIndex)}, ${String(lineIndex)})`,
    };
  }

  function actCommand(act: Act, index: number, role: StaffRole, returnQuantity: number): Command {
    return {
      check: (model) => model.cases.length > 0,
      async run(model) {
        const kase = target(model, index, (candidate) => acts[act].from.includes(candidate.status));
        if (!kase) return;
        const actor = role === 'admin' ? t.fixture.admin : t.fixture.service;
        const expected = isAllowed(model, kase, act, role, kase.status);
        const outcome = await outcomeOf(realAct(kase, act, actor, kase.status, returnQuantity));
        expect(outcome.isDone, `${act} by ${role} on ${kase.status}: ${outcome.errorCode}`).toBe(expected);
        if (outcome.isDone) apply(model, kase, act, returnQuantity);
      },
      toString: () => `${act}(${String(index)}, ${role}, ${String(returnQuantity)})`,
    };
  }

  /** A page still showing an older state acts on it: refused, nothing changes. */
  function staleCommand(index: number, shownIndex: number, act: Act): Command {
    return {
      check: (model) => model.cases.some((kase) => kase.shown.some((status) => status !== kase.status)),
      async run(model) {
        const kase = pick(
          model.cases.filter((candidate) => candidate.shown.some((status) => status !== candidate.status)),
          index,
        );
        const seen =
          kase &&
          pick(
            kase.shown.filter((status) => status !== kase.status),
            shownIndex,
          );
        if (!kase || !seen) return;
        const outcome = await outcomeOf(realAct(kase, act, t.fixture.admin, seen, 3));
        expect(outcome.isDone, `${act} from a page showing ${seen} (now ${kase.status})`).toBe(false);
      },
      toString: () => `stale(${String(index)}, ${String(shownIndex)}, ${act})`,
    };
  }

  /** Two staff act on one case at once, both from the state their pages show: at most one wins. */
  function twoStaffCommand(index: number, first: Act, second: Act): Command {
    return {
      check: (model) => model.cases.length > 0,
      async run(model) {
        // A case the first act applies to, when there is one (the point is the race).
        const kase =
          pick(
            model.cases.filter((candidate) => acts[first].from.includes(candidate.status)),
            index,
          ) ?? pick(model.cases, index);
        if (!kase) return;
        const seen = kase.status;
        const expected = [first, second].filter((act) => isAllowed(model, kase, act, 'admin', seen));
        const outcomes = await Promise.all([
          outcomeOf(realAct(kase, first, t.fixture.admin, seen, 2)),
          outcomeOf(realAct(kase, second, t.fixture.colleague, seen, 5)),
        ]);
        // By position, not by act: with the same act twice, the quantity tells the two apart.
        const contenders = [
          { act: first, returnQuantity: 2 },
          { act: second, returnQuantity: 5 },
        ] as const;
        const winners = contenders.filter((_, position) => outcomes[position]?.isDone);
        expect(winners.length, `${first} and ${second} at once on ${seen}`).toBe(Math.min(1, expected.length));
        const winner = winners[0];
        if (winner) {
          expect(expected).toContain(winner.act);
          apply(model, kase, winner.act, winner.returnQuantity);
        }
      },
      toString: () => `twoStaff(${String(index)}, ${first}, ${second})`,
    };
  }

  /** Time passes; the clock closes authorised returns not sent back within 7 days. */
  function clockCommand(step: number): Command {
    return {
      check: () => true,
      async run(model) {
        model.now += step;
        clock = Math.max(clock, model.now);
        const rows = await t.db.kysely
          .selectFrom('complaints')
          .select(['id', 'returnAuthorisedAt'])
          .where(
            'id',
            'in',
            model.cases.map((kase) => kase.id),
          )
          .execute();
        // Older sequences' returns may be due too: run until none is left.
        while ((await closeOverdueReturns(t.db.kysely, model.now, 500)) > 0);
        for (const kase of model.cases) {
          const authorisedAt = rows.find((row) => row.id === kase.id)?.returnAuthorisedAt ?? null;
          if (kase.status !== 'returnAuthorised' || authorisedAt === null || authorisedAt > model.now - returnShipDays * day) continue;
          kase.status = 'closed';
          kase.shown.push('closed');
          tell(model, kase.userId);
        }
      },
      toString: () => `clock(+${String(step / day)}d)`,
    };
  }

  async function checkAgreement(model: Model): Promise<void> {
    const db = t.db.kysely;
    const ids = model.cases.map((kase) => kase.id);
    const orderNos = model.orders.map((order) => order.orderNo);
    const userIds = model.orders.map((order) => order.userId);
    const [cases, orders, refunds, messages, audit, openPerLine] = await Promise.all([
      ids.length === 0 ? [] : db.selectFrom('complaints').select(['id', 'status', 'refundCents']).where('id', 'in', ids).execute(),
      db.selectFrom('orders').select(['orderNo', 'payableCents', 'refundedCents']).where('orderNo', 'in', orderNos).execute(),
      db.selectFrom('paymentRefunds').select(['orderNo', 'amountCents', 'status']).where('orderNo', 'in', orderNos).execute(),
      db
        .selectFrom('messages')
        .select(['userId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('userId', 'in', userIds)
        .where('messageType', '=', MessageType.returned)
        .groupBy('userId')
        .execute(),
      ids.length === 0
        ? { n: 0 }
        : db
            .selectFrom('auditLog')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('subject', '=', 'Complaint')
            .where(
              'subjectId',
              'in',
              model.cases.map((kase) => kase.complaintNo),
            )
            .executeTakeFirstOrThrow(),
      db
        .selectFrom('complaints')
        .select(['orderLineId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('orderId', 'in', (eb) => eb.selectFrom('orders').select('id').where('orderNo', 'in', orderNos))
        .where('status', 'in', openComplaintStatuses)
        .groupBy('orderLineId')
        .execute(),
    ]);
    for (const kase of model.cases) expect(cases.find((row) => row.id === kase.id)?.status, `case ${kase.complaintNo}`).toBe(kase.status);
    for (const row of openPerLine) expect(Number(row.n), `open cases of line ${String(row.orderLineId)}`).toBeLessThanOrEqual(1);
    for (const order of model.orders) {
      const row = orders.find((candidate) => candidate.orderNo === order.orderNo);
      expect(row?.refundedCents, `refunded of ${order.orderNo}`).toBe(order.refundedCents);
      expect(row?.refundedCents ?? 0).toBeLessThanOrEqual(row?.payableCents ?? 0);
      const held = refunds.filter((refund) => refund.orderNo === order.orderNo && refund.status !== RefundStatus.failed);
      expect(held.reduce((sum, refund) => sum + refund.amountCents, 0)).toBeLessThanOrEqual(order.paidCents);
      const count = Number(messages.find((message) => message.userId === order.userId)?.n ?? 0);
      expect(count, `退货消息 of member ${String(order.userId)}`).toBe(model.messages.get(order.userId) ?? 0);
    }
    expect(Number(audit.n), 'audit entries').toBe(model.staffChanges);
  }

  function checked(command: Command): Command {
    return {
      check: (model) => command.check(model),
      async run(model, real) {
        await command.run(model, real);
        await checkAgreement(model);
      },
      toString: () => command.toString(),
    };
  }

  const index = fc.nat({ max: 40 });
  const staffActs = actNames.filter((act) => acts[act].isStaff);
  /** The return's path more often than the rest, so sequences reach refunds and replacements. */
  const returnPath: readonly Act[] = ['takeUp', 'authoriseReturn', 'shipReturn', 'receiveGoods', 'refund', 'replace'];
  const anyAct = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...returnPath) },
    { weight: 2, arbitrary: fc.constantFrom(...actNames.filter((act) => !returnPath.includes(act))) },
  );
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 2, arbitrary: fc.tuple(index, index).map(([order, line]) => checked(fileCommand(order, line))) },
    {
      weight: 14,
      arbitrary: fc
        .tuple(anyAct, index, fc.constantFrom<StaffRole>('admin', 'admin', 'admin', 'service'), fc.integer({ min: 1, max: lineQuantity }))
        .map(([act, at, role, quantity]) => checked(actCommand(act, at, role, quantity))),
    },
    { weight: 2, arbitrary: fc.tuple(index, index, anyAct).map(([at, shown, act]) => checked(staleCommand(at, shown, act))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(index, fc.constantFrom(...staffActs), fc.constantFrom(...staffActs))
        .map(([at, first, second]) => checked(twoStaffCommand(at, first, second))),
    },
    { weight: 1, arbitrary: fc.constantFrom(day, 3 * day, 8 * day).map((step) => checked(clockCommand(step))) },
  );

  async function orderOfMember(): Promise<ModelOrder> {
    const member = await createMember(t.db.kysely);
    const placed = await orderAtStage(t.db.kysely, t, t.fixture.catalog, member.userId, { stage: 'shipped', lineCount: 2 });
    const row = await t.db.kysely.selectFrom('orders').select('payableCents').where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
    return { orderNo: placed.orderNo, userId: member.userId, lineIds: placed.lineIds, paidCents: row.payableCents, refundedCents: 0 };
  }

  it('agrees with the model after every step of random sequences of buyer, staff and clock actions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands, size: 'max' }), async (sequence) => {
        clock += 60_000;
        // Two members' shipped orders of two lines each, a case filed on three of the lines to begin with.
        const model: Model = { now: clock, orders: [await orderOfMember(), await orderOfMember()], cases: [], messages: new Map(), staffChanges: 0 };
        const filings = [fileCommand(0, 0), fileCommand(0, 1), fileCommand(1, 0)].map(checked);
        await fc.asyncModelRun(() => ({ model, real: {} }), [...filings, ...sequence]);
      }),
      { numRuns: runs, ...replayOf(process.env.COMPLAINT_MODEL_REPLAY) },
    );
  }, 900_000);
});
