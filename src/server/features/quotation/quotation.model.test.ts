import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MessageType } from '../../../contract/message.ts';
import { OrderStatus, ShortfallChoice } from '../../../contract/order.ts';
import { orderRequests } from '../../../contract/order-requests.ts';
import { QuotationStatus } from '../../../contract/quotation.ts';
import { staffRoleLabels, type StaffIdentity } from '../../../contract/staff.ts';
import { endOfBeijingDay, formatBeijingDate } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { previewCheckout } from '../order/checkout.service.ts';
import { placeOrder } from '../order/order-placement.service.ts';
import { markOrderPaid } from '../order/order-payment.service.ts';
import { cancelOrder } from '../order/order.service.ts';
import { expireOverdueOrders } from '../order/order.service.ts';
import { insertOrderCatalog, insertPart, newKey } from '../order/testing/order-fixture.ts';
import { closeQuotationByStaff, requoteQuotationOffer, sendQuotationOffer, type StaffActor } from '../quotation-desk/quotation-desk.service.ts';
import { SearchService } from '../search/search.service.ts';
import { createTestStaff } from '../staff/testing/staff-browser.ts';
import { acceptQuotation, cancelQuotation, requestQuotation } from './quotation.service.ts';
import { expireQuotations } from './quotation-staff.service.ts';

/**
 * A model of quotations and their orders, in memory, beside the real services on a real database:
 * random sequences of the member's, the staff's, the payment provider's and the clock's actions
 * (and of pages showing an older state), after each of which the database must agree with the
 * model. QUOTATION_MODEL_RUNS sets how many sequences (20 by default: 400 to 500 actions).
 */

const minute = 60_000;
const day = 86_400_000;
const runs = Number(process.env.QUOTATION_MODEL_RUNS ?? 20);
const maxCommands = 50;

interface OfferLine {
  lineNo: number;
  productId: number;
  unitPriceE4: number;
  quantity: number;
  leadTime: string;
}

/** What staff choose when pricing: how many lines, and each line's price, quantity and lead time; the validity in days. */
interface OfferChoice {
  lines: number;
  prices: number[];
  quantities: number[];
  leadTimes: string[];
  validDays: number;
}

interface ModelQuotation {
  id: number;
  userId: number;
  /** The requested lines' numbers. */
  lineNos: number[];
  status: QuotationStatus;
  revision: number;
  validUntil: number | null;
  offer: OfferLine[];
  orderNo: string | null;
  /** What pages have shown of it: a page still showing one of these acts on an older state. */
  shown: { from: QuotationStatus; revision: number }[];
}

interface ModelOrder {
  orderNo: string;
  quotationId: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  expiresAt: number;
  payableCents: number;
  lines: { productId: number; quantity: number; unitPriceE4: number }[];
}

interface Model {
  now: number;
  quotations: ModelQuotation[];
  orders: ModelOrder[];
  /** Staff changes that succeeded: each must have its audit entry. */
  staffChanges: number;
  /** Quotation messages (BOM and offer messages) each member must have. */
  messages: Map<number, number>;
}

interface Real {
  quotationIds: number[];
}

type Command = fc.AsyncCommand<Model, Real>;

/** The same outcome on both sides: success, or a refusal the member or staff can read (no state change). */
async function refusedOrDone(work: () => Promise<unknown>, isAllowed: boolean, label: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(isAllowed, `${label} refused: ${error.errorCode} ${error.msg}`).toBe(false);
    expect(error.msg).toMatch(/[\u4e00-\u9fff]/);
    return;
  }
  expect(isAllowed, `${label} succeeded`).toBe(true);
}

function tell(model: Model, userId: number): void {
  model.messages.set(userId, (model.messages.get(userId) ?? 0) + 1);
}

function isLive(quotation: ModelQuotation): boolean {
  return quotation.status === QuotationStatus.quoted || quotation.status === QuotationStatus.accepted;
}

function show(quotation: ModelQuotation): void {
  quotation.shown.push({ from: quotation.status, revision: quotation.revision });
}

describe('the quotation lifecycle against its model', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      // Plenty in stock for every run, a part with none (quoted with a lead time: back ordered), one with a little.
      const parts = [
        await insertPart(app.db.kysely, catalog, { stock: 100_000_000 }),
        await insertPart(app.db.kysely, catalog, { stock: 100_000_000 }),
        await insertPart(app.db.kysely, catalog, { stock: 0 }),
        await insertPart(app.db.kysely, catalog, { stock: 40 }),
      ];
      const staff = await createTestStaff(app.db.kysely, 'sales');
      const identity: StaffIdentity = { id: staff.id, login: staff.login, displayName: staff.displayName, role: staff.role, roleLabel: staffRoleLabels.sales };
      return {
        parts,
        actor: { staff: identity, ip: '127.0.0.1' } satisfies StaffActor,
        // The services' own dependencies: the desk matches lines with the search index (as the app's does).
        deps: { db: app.db.kysely, counters: app.deps.counters, search: new SearchService(app.db, pino({ level: 'silent' })) },
      };
    },
  });
  /** The model's clock only moves forward, across sequences too (the database keeps their rows). */
  let clock = Date.now();

  function pick<T>(items: readonly T[], index: number): T | undefined {
    return items.length === 0 ? undefined : items[index % items.length];
  }

  /** Mostly a quotation the action applies to (so sequences go deep), every fourth time any (so refusals are tried too). */
  function target(model: Model, index: number, applies: (quotation: ModelQuotation) => boolean): ModelQuotation | undefined {
    const fitting = model.quotations.filter(applies);
    return index % 4 !== 0 && fitting.length > 0 ? pick(fitting, Math.floor(index / 4)) : pick(model.quotations, index);
  }

  function offerOf(quotation: ModelQuotation, choice: Omit<OfferChoice, 'validDays'>, parts: readonly number[]): OfferLine[] {
    const count = Math.max(1, Math.min(quotation.lineNos.length, choice.lines));
    return quotation.lineNos.slice(0, count).map((lineNo, index) => ({
      lineNo,
      productId: parts[index % parts.length] ?? 0,
      unitPriceE4: choice.prices[index] ?? 100,
      quantity: choice.quantities[index] ?? 10,
      leadTime: choice.leadTimes[index] ?? '',
    }));
  }

  async function lineIdsOf(quotationId: number): Promise<Map<number, number>> {
    const rows = await t.db.kysely.selectFrom('quotationLines').select(['id', 'lineNo']).where('quotationId', '=', quotationId).execute();
    return new Map(rows.map((row) => [row.lineNo, row.id]));
  }

  /** The lines staff send, in the desk's shape. */
  async function deskLines(quotationId: number, offer: readonly OfferLine[]) {
    const ids = await lineIdsOf(quotationId);
    return offer.map((line) => ({
      lineId: ids.get(line.lineNo) ?? 0,
      productId: line.productId,
      unitPriceE4: line.unitPriceE4,
      quantity: line.quantity,
      leadTime: line.leadTime,
    }));
  }

  const offerChoice: fc.Arbitrary<OfferChoice> = fc.record({
    lines: fc.integer({ min: 1, max: 3 }),
    prices: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 3, maxLength: 3 }),
    quantities: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 3, maxLength: 3 }),
    leadTimes: fc.array(fc.constantFrom('', '现货', '2周', '3-4周'), { minLength: 3, maxLength: 3 }),
    validDays: fc.integer({ min: 1, max: 5 }),
  });

  function requestCommand(lineCount: number): Command {
    return {
      check: () => true,
      async run(model, real) {
        const member = await createMember(t.db.kysely);
        const lines = Array.from({ length: lineCount }, (_, index) => ({
          lineNo: index + 1,
          partNumber: `MODEL-${String(index)}`,
          brand: '',
          package: '',
          remark: '',
          quantity: 10,
        }));
        const { quotationId } = await requestQuotation(t.fixture.deps, member.userId, { note: '', lines }, model.now);
        real.quotationIds.push(quotationId);
        const quotation: ModelQuotation = {
          id: quotationId,
          userId: member.userId,
          lineNos: lines.map((line) => line.lineNo),
          status: QuotationStatus.pending,
          revision: 0,
          validUntil: null,
          offer: [],
          orderNo: null,
          shown: [],
        };
        show(quotation);
        model.quotations.push(quotation);
        tell(model, member.userId);
      },
      toString: () => `request(${String(lineCount)})`,
    };
  }

  function priceCommand(kind: 'quote' | 'requote', index: number, choice: OfferChoice): Command {
    return {
      check: (model) => model.quotations.length > 0,
      async run(model) {
        const applies = (candidate: ModelQuotation) =>
          kind === 'quote' ? candidate.status === QuotationStatus.pending : isLive(candidate) || candidate.status === QuotationStatus.expired;
        const quotation = target(model, index, applies);
        if (!quotation) return;
        const offer = offerOf(quotation, choice, t.fixture.parts);
        const validDate = formatBeijingDate(model.now + choice.validDays * day);
        const body = {
          quotationId: quotation.id,
          validDate,
          staffNote: '',
          lines: await deskLines(quotation.id, offer),
          from: quotation.status,
          revision: quotation.revision,
        };
        const isAllowed = applies(quotation);
        await refusedOrDone(
          () =>
            kind === 'quote'
              ? sendQuotationOffer(t.fixture.deps, t.fixture.actor, body, model.now)
              : requoteQuotationOffer(t.fixture.deps, t.fixture.actor, body, model.now),
          isAllowed,
          `${kind} ${quotation.status}`,
        );
        if (!isAllowed) return;
        quotation.status = QuotationStatus.quoted;
        quotation.revision += 1;
        quotation.validUntil = endOfBeijingDay(validDate);
        quotation.offer = offer;
        show(quotation);
        model.staffChanges += 1;
        tell(model, quotation.userId);
      },
      toString: () => `${kind}(${String(index)}, ${JSON.stringify(choice)})`,
    };
  }

  function acceptCommand(index: number): Command {
    return {
      check: (model) => model.quotations.length > 0,
      async run(model) {
        const quotation = target(model, index, (candidate) => candidate.status === QuotationStatus.quoted);
        if (!quotation) return;
        // 去结算 of an accepted offer is the same call (a second click): it answers the settlement page and changes nothing.
        const isAllowed = isLive(quotation);
        await refusedOrDone(
          () => acceptQuotation(t.db.kysely, quotation.userId, quotation.id, model.now, { from: quotation.status, revision: quotation.revision }),
          isAllowed,
          `accept ${quotation.status}`,
        );
        if (isAllowed && quotation.status === QuotationStatus.quoted) {
          quotation.status = QuotationStatus.accepted;
          show(quotation);
        }
      },
      toString: () => `accept(${String(index)})`,
    };
  }

  function cancelCommand(index: number): Command {
    return {
      check: (model) => model.quotations.length > 0,
      async run(model) {
        const quotation = target(model, index, (candidate) => candidate.status === QuotationStatus.pending || isLive(candidate));
        if (!quotation) return;
        const isAllowed = quotation.status === QuotationStatus.pending || isLive(quotation);
        await refusedOrDone(
          () => cancelQuotation(t.db.kysely, quotation.userId, quotation.id, model.now, { from: quotation.status, revision: quotation.revision }),
          isAllowed,
          `cancel ${quotation.status}`,
        );
        if (!isAllowed) return;
        quotation.status = QuotationStatus.cancelled;
        show(quotation);
      },
      toString: () => `cancel(${String(index)})`,
    };
  }

  function closeCommand(index: number): Command {
    return {
      check: (model) => model.quotations.length > 0,
      async run(model) {
        const applies = (candidate: ModelQuotation) =>
          candidate.status === QuotationStatus.pending || isLive(candidate) || candidate.status === QuotationStatus.expired;
        const quotation = target(model, index, applies);
        if (!quotation) return;
        const isAllowed = applies(quotation);
        await refusedOrDone(
          () =>
            closeQuotationByStaff(
              t.fixture.deps,
              t.fixture.actor,
              { quotationId: quotation.id, reason: '暂无货源', from: quotation.status, revision: quotation.revision },
              model.now,
            ),
          isAllowed,
          `close ${quotation.status}`,
        );
        if (!isAllowed) return;
        quotation.status = QuotationStatus.closed;
        show(quotation);
        model.staffChanges += 1;
        tell(model, quotation.userId);
      },
      toString: () => `close(${String(index)})`,
    };
  }

  function placeCommand(index: number, shortfallChoice: ShortfallChoice): Command {
    return {
      check: (model) => model.quotations.length > 0,
      async run(model) {
        const quotation = target(model, index, (candidate) => candidate.status === QuotationStatus.accepted);
        if (!quotation) return;
        const isAllowed = quotation.status === QuotationStatus.accepted;
        const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice, memberCouponIds: [], quotationId: quotation.id };
        let placed: { orderNo: string; payableCents: number; expiresAt: number | null } | undefined;
        await refusedOrDone(
          async () => {
            const preview = await previewCheckout(t.db.kysely, quotation.userId, choice, model.now);
            const request = orderRequests.place.parse({ ...choice, idempotencyKey: newKey(), quotedPayableCents: preview.payableCents });
            placed = await placeOrder(t.db.kysely, t.deps.config.orders, quotation.userId, request, model.now);
          },
          isAllowed,
          `order ${quotation.status}`,
        );
        if (!isAllowed || !placed) return;
        quotation.status = QuotationStatus.ordered;
        quotation.orderNo = placed.orderNo;
        show(quotation);
        model.orders.push({
          orderNo: placed.orderNo,
          quotationId: quotation.id,
          status: 'unpaid',
          expiresAt: placed.expiresAt ?? 0,
          payableCents: placed.payableCents,
          lines: quotation.offer.map((line) => ({ productId: line.productId, quantity: line.quantity, unitPriceE4: line.unitPriceE4 })),
        });
      },
      toString: () => `order(${String(index)}, ${shortfallChoice})`,
    };
  }

  /** The order's lapse gives its quotation back: 已报价 while valid at `now`, else 已过期; the member is told. */
  function lapse(model: Model, order: ModelOrder): void {
    order.status = 'cancelled';
    const quotation = model.quotations.find((candidate) => candidate.id === order.quotationId);
    if (!quotation) return;
    if (quotation.orderNo !== order.orderNo) return;
    quotation.status = quotation.validUntil !== null && quotation.validUntil >= model.now ? QuotationStatus.quoted : QuotationStatus.expired;
    quotation.orderNo = null;
    show(quotation);
    tell(model, quotation.userId);
  }

  function unpaidOrders(model: Model): ModelOrder[] {
    return model.orders.filter((order) => order.status === 'unpaid');
  }

  function cancelOrderCommand(index: number): Command {
    return {
      check: (model) => unpaidOrders(model).length > 0,
      async run(model) {
        const order = pick(unpaidOrders(model), index);
        const quotation = model.quotations.find((candidate) => candidate.id === order?.quotationId);
        if (!order || !quotation) return;
        await cancelOrder(t.db.kysely, quotation.userId, order.orderNo, model.now);
        lapse(model, order);
      },
      toString: () => `cancelOrder(${String(index)})`,
    };
  }

  function payCommand(index: number): Command {
    return {
      check: (model) => unpaidOrders(model).length > 0,
      async run(model) {
        const order = pick(unpaidOrders(model), index);
        if (!order) return;
        const outcome = await markOrderPaid(t.db.kysely, {
          orderNo: order.orderNo,
          amountCents: order.payableCents,
          method: 'development',
          tradeNo: `MODEL-${order.orderNo}`,
          paidAt: model.now,
        });
        expect(outcome).toBe('paid');
        order.status = 'paid';
      },
      toString: () => `pay(${String(index)})`,
    };
  }

  /** Time passes; the store's sweepers run: unpaid orders past their time are cancelled, offers past their validity expire. */
  function clockCommand(stepMs: number): Command {
    return {
      check: () => true,
      async run(model) {
        clock = Math.max(clock, model.now) + stepMs;
        model.now = clock;
        while ((await expireOverdueOrders(t.db.kysely, model.now)) > 0);
        await expireQuotations(t.db.kysely, model.now);
        for (const order of unpaidOrders(model)) if (order.expiresAt <= model.now) lapse(model, order);
        for (const quotation of model.quotations) {
          if (isLive(quotation) && quotation.validUntil !== null && quotation.validUntil < model.now) {
            quotation.status = QuotationStatus.expired;
            show(quotation);
          }
        }
      },
      toString: () => `clock(+${String(stepMs / minute)}min)`,
    };
  }

  /** A page still showing an older state (another tab, a colleague's desk) acts: refused, nothing changes. */
  function stalePageCommand(index: number, shownIndex: number, action: 'accept' | 'cancel' | 'requote' | 'close'): Command {
    return {
      check: (model) => model.quotations.some((quotation) => quotation.shown.length > 1),
      async run(model) {
        const quotation = pick(
          model.quotations.filter((candidate) => candidate.shown.length > 1),
          index,
        );
        const seen = quotation ? pick(quotation.shown, shownIndex) : undefined;
        if (!quotation || !seen || (seen.from === quotation.status && seen.revision === quotation.revision)) return;
        const auditBefore = await auditCount(model);
        try {
          if (action === 'accept') await acceptQuotation(t.db.kysely, quotation.userId, quotation.id, model.now, seen);
          if (action === 'cancel') await cancelQuotation(t.db.kysely, quotation.userId, quotation.id, model.now, seen);
          if (action === 'close')
            await closeQuotationByStaff(t.fixture.deps, t.fixture.actor, { quotationId: quotation.id, reason: '旧页面', ...seen }, model.now);
          if (action === 'requote') {
            const lines = await deskLines(quotation.id, offerOf(quotation, { lines: 1, prices: [7], quantities: [7], leadTimes: [''] }, t.fixture.parts));
            await requoteQuotationOffer(
              t.fixture.deps,
              t.fixture.actor,
              { quotationId: quotation.id, validDate: formatBeijingDate(model.now + day), staffNote: '', lines, ...seen },
              model.now,
            );
          }
          // Only a second click of 接受报价 on the same offer, now accepted, answers without a change.
          expect(action, `stale ${action} from ${JSON.stringify(seen)} on ${quotation.status}/${String(quotation.revision)}`).toBe('accept');
          expect([quotation.status, seen.revision]).toEqual([QuotationStatus.accepted, quotation.revision]);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          expect(error.errorCode).toMatch(/^quotation\./);
        }
        expect(await auditCount(model)).toBe(auditBefore);
      },
      toString: () => `stale(${String(index)}, ${String(shownIndex)}, ${action})`,
    };
  }

  async function auditCount(model: Model): Promise<number> {
    const ids = model.quotations.map((quotation) => String(quotation.id));
    if (ids.length === 0) return 0;
    const row = await t.db.kysely
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('subject', '=', 'Quotation')
      .where('subjectId', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** After every step: the database says what the model says. */
  async function checkAgreement(model: Model): Promise<void> {
    const ids = model.quotations.map((quotation) => quotation.id);
    if (ids.length === 0) return;
    const db = t.db.kysely;
    const [rows, lines, orders, orderLines, messages] = await Promise.all([
      db.selectFrom('quotations').selectAll().where('id', 'in', ids).execute(),
      db.selectFrom('quotationLines').selectAll().where('quotationId', 'in', ids).execute(),
      db.selectFrom('orders').select(['id', 'orderNo', 'quotationId', 'status', 'paidAt']).where('quotationId', 'in', ids).execute(),
      db
        .selectFrom('orderLines as l')
        .innerJoin('orders as o', 'o.id', 'l.orderId')
        .select(['o.orderNo', 'l.productId', 'l.quantity', 'l.unitPriceE4'])
        .where('o.quotationId', 'in', ids)
        .execute(),
      db
        .selectFrom('messages')
        .select(['userId', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where(
          'userId',
          'in',
          model.quotations.map((quotation) => quotation.userId),
        )
        .where('messageType', 'in', [MessageType.bom, MessageType.offer])
        .groupBy('userId')
        .execute(),
    ]);
    const linesOfOrder = (orderNo: string) =>
      orderLines
        .filter((line) => line.orderNo === orderNo)
        .map(({ productId, quantity, unitPriceE4 }) => ({ productId, quantity, unitPriceE4 }))
        .sort((a, b) => a.productId - b.productId);
    for (const quotation of model.quotations) {
      const row = rows.find((candidate) => candidate.id === quotation.id);
      expect(row, `quotation ${String(quotation.id)}`).toMatchObject({
        status: quotation.status,
        offerRevision: quotation.revision,
        orderNo: quotation.orderNo,
      });
      if (quotation.validUntil !== null) expect(Number(row?.validUntil)).toBe(quotation.validUntil);
      const offered = lines
        .filter((line) => line.quotationId === quotation.id && line.offerProductId !== null)
        .map((line) => ({
          lineNo: line.lineNo,
          productId: line.offerProductId,
          unitPriceE4: Number(line.offerUnitPriceE4),
          quantity: line.offerQuantity,
          leadTime: line.offerLeadTime,
        }))
        .sort((a, b) => a.lineNo - b.lineNo);
      expect(offered).toEqual(quotation.offer);
      // Quotation and order agree: ordered means exactly one live order of exactly the quoted lines; otherwise none.
      const live = orders.filter((order) => order.quotationId === quotation.id && order.status !== OrderStatus.cancelled);
      if (quotation.status === QuotationStatus.ordered) {
        expect(live.map((order) => order.orderNo)).toEqual([quotation.orderNo]);
        expect(linesOfOrder(quotation.orderNo ?? '')).toEqual(
          quotation.offer.map(({ productId, quantity, unitPriceE4 }) => ({ productId, quantity, unitPriceE4 })).sort((a, b) => a.productId - b.productId),
        );
      } else {
        expect(live, `live orders of a ${quotation.status} quotation`).toEqual([]);
      }
    }
    for (const order of model.orders) {
      const row = orders.find((candidate) => candidate.orderNo === order.orderNo);
      const expected = { unpaid: OrderStatus.unpaid, paid: OrderStatus.unshipped, cancelled: OrderStatus.cancelled }[order.status];
      expect(row?.status, `order ${order.orderNo}`).toBe(expected);
      expect(linesOfOrder(order.orderNo)).toEqual([...order.lines].sort((a, b) => a.productId - b.productId));
    }
    expect(await auditCount(model)).toBe(model.staffChanges);
    for (const quotation of model.quotations) {
      const count = Number(messages.find((row) => row.userId === quotation.userId)?.n ?? 0);
      expect(count, `messages of quotation ${String(quotation.id)}`).toBe(model.messages.get(quotation.userId) ?? 0);
    }
  }

  /** Each command, then the agreement check. */
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

  const index = fc.nat({ max: 50 });
  /** Weighted so that sequences reach orders, payments and lapses, not only requests closed at once. */
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((count) => checked(requestCommand(count))) },
    { weight: 4, arbitrary: fc.tuple(index, offerChoice).map(([at, choice]) => checked(priceCommand('quote', at, choice))) },
    { weight: 2, arbitrary: fc.tuple(index, offerChoice).map(([at, choice]) => checked(priceCommand('requote', at, choice))) },
    { weight: 4, arbitrary: index.map((at) => checked(acceptCommand(at))) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(index, fc.constantFrom(ShortfallChoice.shipAvailable, ShortfallChoice.waitForAll))
        .map(([at, choice]) => checked(placeCommand(at, choice))),
    },
    { weight: 4, arbitrary: index.map((at) => checked(cancelOrderCommand(at))) },
    { weight: 4, arbitrary: index.map((at) => checked(payCommand(at))) },
    { weight: 1, arbitrary: index.map((at) => checked(cancelCommand(at))) },
    { weight: 1, arbitrary: index.map((at) => checked(closeCommand(at))) },
    { weight: 3, arbitrary: fc.constantFrom(minute, 5 * minute, 31 * minute, day, 3 * day).map((step) => checked(clockCommand(step))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(index, index, fc.constantFrom('accept' as const, 'cancel' as const, 'requote' as const, 'close' as const))
        .map(([at, shown, action]) => checked(stalePageCommand(at, shown, action))),
    },
  );

  it(`keeps quotations, their orders, audit and messages as the model says, over ${String(runs)} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands, size: 'max' }), async (sequence) => {
        clock += minute;
        const model: Model = { now: clock, quotations: [], orders: [], staffChanges: 0, messages: new Map() };
        // Two members' requests to begin with, so the sequence's actions have something to act on.
        await fc.asyncModelRun(() => ({ model, real: { quotationIds: [] } }), [checked(requestCommand(2)), checked(requestCommand(1)), ...sequence]);
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
