import fc from 'fast-check';
import { expect } from 'vitest';
import { companyOrdersPageSize } from '../../../../contract/company-account.ts';
import type { OrderStatus } from '../../../../contract/order.ts';
import { ShortfallChoice } from '../../../../contract/order.ts';
import { errorCodeOf } from '../../../testing/error-code.ts';
import { addToCart } from '../../cart/cart.service.ts';
import {
  cancelOrderByStaff,
  confirmOfflineRefundByStaff,
  confirmTransferByStaff,
  issueInvoiceForStaff,
  refundByStaff,
  reverseInvoiceForStaff,
  shipByStaff,
} from '../../order-desk/order-desk.service.ts';
import { specialInvoice } from '../../order-desk/testing/order-desk-fixture.ts';
import { payByDevelopment } from '../../payment/payment.service.ts';
import { previewCheckout } from '../checkout.service.ts';
import { approveOrder, rejectOrder } from '../order-approval-decision.service.ts';
import { placeOrder } from '../order-placement.service.ts';
import { markOrderPaid } from '../order-payment.service.ts';
import { completeLongShippedOrders, expireOverdueOrders } from '../order-sweeper.ts';
import { cancelOrder, confirmReceipt } from '../order.service.ts';
import { newKey } from './order-fixture.ts';
import { checkAgainstModel, type RealSystem } from './order-model-check.ts';
import { checkApprovalsAgainstModel } from './order-model-approval.ts';
import {
  expireIfOverdue,
  notify,
  paidCentsOf,
  paidStatuses,
  paymentMinutes,
  refundOutcome,
  releaseOrder,
  restockModel,
  shippableNowOf,
  takeOffModel,
  toShipOf,
  type Model,
  type ModelOrder,
} from './order-model.ts';

/**
 * The actions of buyers, staff, the payment provider and the clock on orders, each a fast-check
 * command: it acts on the real services, applies the reference model's rules (order-model.ts), and
 * checks the database against the model and the invariants after every step.
 */

type Command = fc.AsyncCommand<Model, RealSystem>;
const minute = 60_000;
const day = 86_400_000;
export const unitCents = 1_000;

/** Actions run so far by this process (the test reports them: CI must run at least 10,000 per engine). */
export const actionCount = { value: 0 };
export const timing = { actMs: 0, checkMs: 0 };
/** The order states the runs reached (the test checks every state was). */
export const reached = new Set<string>();
/** Approvals and rejections that went through (the test checks the runs made both, decision 0029). */
export const approvalDecisions = { approved: 0, rejected: 0 };

function command(label: string, act: (model: Model, real: RealSystem) => Promise<void>, check: (model: Readonly<Model>) => boolean = () => true): Command {
  return {
    check,
    async run(model, real) {
      actionCount.value += 1;
      const started = performance.now();
      await act(model, real);
      const acted = performance.now();
      await checkAgainstModel(model, real);
      await checkApprovalsAgainstModel(model, real);
      for (const order of model.orders) reached.add(order.status);
      timing.actMs += acted - started;
      timing.checkMs += performance.now() - acted;
    },
    toString: () => label,
  };
}

const hasOrders = (model: Readonly<Model>) => model.orders.length > 0;

function pick<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function staleStatusOf(status: OrderStatus): OrderStatus {
  return status === 'unshipped' ? 'partlyShipped' : 'unshipped';
}

async function expectOutcome(label: string, work: Promise<unknown>, isAllowed: boolean): Promise<void> {
  const code = await errorCodeOf(work);
  expect(code === 'none', `${label}: expected ${isAllowed ? 'success' : 'a refusal'}, got ${code}`).toBe(isAllowed);
}

const place = (p: { memberIndex: number; lines: { productIndex: number; quantity: number }[]; withInvoice: boolean; withCoupon: boolean }) =>
  command(`place(${JSON.stringify(p)})`, async (model, real) => {
    const member = pick(real.members, p.memberIndex);
    const memberIndex = p.memberIndex % real.members.length;
    const lines = [...new Map(p.lines.map((line) => [line.productIndex % real.productIds.length, line.quantity])).entries()];
    for (const [productIndex, quantity] of lines) await addToCart(real.db, member.userId, pick(real.productIds, productIndex), quantity);
    const useCoupon = p.withCoupon && model.couponFree[memberIndex] === true;
    const choice = {
      carrierCode: 'pickup',
      addressId: null,
      shortfallChoice: ShortfallChoice.waitForAll,
      memberCouponIds: useCoupon ? [pick(real.couponIds, memberIndex)] : [],
    };
    const quote = await previewCheckout(real.db, member.userId, choice, model.now);
    const placed = await placeOrder(
      real.db,
      real.config.orders,
      member.userId,
      { ...choice, idempotencyKey: newKey(), invoice: p.withInvoice ? specialInvoice : { kind: 'none' }, remark: '', quotedPayableCents: quote.payableCents },
      model.now,
    );
    const modelLines = lines.map(([productIndex, quantity]) => {
      const reserved = Math.min(quantity, model.stock[productIndex] ?? 0);
      model.stock[productIndex] = (model.stock[productIndex] ?? 0) - reserved;
      return { productIndex, quantity, reserved, cancelled: 0, shipped: 0, unitCents };
    });
    const goods = modelLines.reduce((sum, line) => sum + line.quantity * unitCents, 0);
    expect(placed.payableCents).toBe(goods - (useCoupon ? real.couponFaceCents : 0));
    if (useCoupon) model.couponFree[memberIndex] = false;
    // Member 0 is the company's 采购: above the 审批金额 the order waits for approval (decision 0029).
    const wasHeld = memberIndex === 0 && placed.payableCents > real.approvalThresholdCents;
    expect(placed.status).toBe(wasHeld ? 'awaitingApproval' : 'unpaid');
    const order: ModelOrder = {
      orderNo: placed.orderNo,
      memberIndex,
      wasHeld,
      decidedBy: null,
      status: wasHeld ? 'awaitingApproval' : 'unpaid',
      payableCents: placed.payableCents,
      method: null,
      refundedCents: 0,
      expiresAt: model.now + paymentMinutes * minute,
      lines: modelLines,
      invoice: p.withInvoice ? 'requested' : 'none',
      hasCoupon: useCoupon,
      hasParcel: false,
      refunds: [],
    };
    model.orders.push(order);
    real.orderNos.push(placed.orderNo);
    notify(model, order);
  });

const payByProvider = (p: { order: number }) =>
  command(
    `pay(${String(p.order)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const isAllowed = order.status === 'unpaid' && model.now < order.expiresAt;
      await expectOutcome('pay', payByDevelopment(real.payment, pick(real.members, order.memberIndex).userId, order.orderNo, model.now), isAllowed);
      if (!isAllowed) return;
      order.status = 'unshipped';
      order.method = 'development';
      notify(model, order);
    },
    hasOrders,
  );

/** The provider's notice of a development payment again (a replay): never a second payment. */
const replayNotice = (p: { order: number }) =>
  command(
    `replayNotice(${String(p.order)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const outcome = await markOrderPaid(real.db, {
        orderNo: order.orderNo,
        amountCents: order.payableCents,
        method: 'development',
        tradeNo: `DEV${order.orderNo}`,
        paidAt: model.now,
      });
      expect(outcome).toBe(order.method === 'development' ? 'alreadyPaid' : order.status === 'unpaid' ? 'paid' : 'rejected');
      if (outcome === 'paid') {
        order.status = 'unshipped';
        order.method = 'development';
        notify(model, order);
      }
    },
    hasOrders,
  );

const confirmTransfer = (p: { order: number; isStale: boolean }) =>
  command(
    `confirmTransfer(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const isAllowed = order.status === 'unpaid' && !p.isStale;
      const request = { orderNo: order.orderNo, amount: order.payableCents, note: '', from: p.isStale ? staleStatusOf(order.status) : order.status };
      await expectOutcome('confirmTransfer', confirmTransferByStaff(real.db, real.finance, request), isAllowed);
      if (!isAllowed) return;
      order.status = 'unshipped';
      order.method = 'bankTransfer';
      model.staffActions += 1;
      notify(model, order);
    },
    hasOrders,
  );

const cancelByBuyer = (p: { order: number }) =>
  command(
    `cancelByBuyer(${String(p.order)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      expireIfOverdue(model, order);
      const isAllowed = order.status === 'unpaid' || order.status === 'awaitingApproval';
      await expectOutcome('cancelByBuyer', cancelOrder(real.db, pick(real.members, order.memberIndex).userId, order.orderNo, model.now), isAllowed);
      if (!isAllowed) return;
      order.status = 'cancelled';
      releaseOrder(model, order);
      notify(model, order);
    },
    hasOrders,
  );

const expireClock = command(
  'expireClock',
  async (model, real) => {
    model.now += (paymentMinutes + 1) * minute;
    const ids = await real.db.selectFrom('orders').select('id').where('orderNo', 'in', real.orderNos).execute();
    await expireOverdueOrders(real.db, model.now, { orderIds: ids.map((row) => row.id) });
    for (const order of model.orders) expireIfOverdue(model, order);
  },
  hasOrders,
);

const cancelByStaff = (p: { order: number; isStale: boolean }) =>
  command(
    `cancelByStaff(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const isAllowed = (order.status === 'awaitingApproval' || order.status === 'unpaid' || order.status === 'unshipped') && !p.isStale;
      const from = p.isStale ? staleStatusOf(order.status) : order.status;
      await expectOutcome('cancelByStaff', cancelOrderByStaff(real.deps, real.finance, { orderNo: order.orderNo, reason: '客户要求取消', from }), isAllowed);
      if (!isAllowed) return;
      order.status = 'cancelled';
      model.staffActions += 1;
      notify(model, order);
      releaseOrder(model, order);
      const rest = paidCentsOf(order) - order.refundedCents;
      if (rest > 0) addRefund(model, order, `C${order.orderNo}`, rest);
    },
    hasOrders,
  );

/** A refund the provider took: 模拟支付 at once (the buyer is told), 对公转账 waits for staff (线下退款). */
function addRefund(model: Model, order: ModelOrder, refundNo: string, amountCents: number): void {
  order.refundedCents += amountCents;
  const isInstant = order.method === 'development';
  order.refunds.push({ refundNo, amountCents, status: isInstant ? 'succeeded' : 'processing' });
  if (isInstant) notify(model, order);
}

const ship = (p: { order: number; line: number; quantity: number; isAll: boolean; isStale: boolean }) =>
  command(
    `ship(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const lineIndex = p.line % order.lines.length;
      const line = pick(order.lines, lineIndex);
      const isShippable = (order.status === 'unshipped' || order.status === 'partlyShipped') && !p.isStale;
      const isAllowed = isShippable && (p.isAll ? order.lines.every((each) => shippableNowOf(each) === toShipOf(each)) : p.quantity <= shippableNowOf(line));
      const request = {
        orderNo: order.orderNo,
        carrierCode: 'sf',
        trackingNo: `SF${String(model.orders.indexOf(order))}${String(model.staffActions)}`,
        from: p.isStale ? staleStatusOf(order.status) : order.status,
        ...(p.isAll ? {} : { lines: [{ orderLineId: await real.lineIdOf(order.orderNo, line.productIndex), quantity: p.quantity }] }),
      };
      await expectOutcome('ship', shipByStaff(real.db, real.warehouse, request), isAllowed);
      if (!isAllowed) return;
      if (p.isAll) for (const each of order.lines) each.shipped += toShipOf(each);
      else line.shipped += p.quantity;
      order.hasParcel = true;
      order.status = order.lines.every((each) => toShipOf(each) === 0) ? 'shipped' : 'partlyShipped';
      model.staffActions += 1;
      notify(model, order);
    },
    hasOrders,
  );

const restockPart = (p: { product: number; quantity: number }) =>
  command(`restock(${JSON.stringify(p)})`, async (model, real) => {
    const productIndex = p.product % real.productIds.length;
    await real.restock(pick(real.productIds, productIndex), p.quantity, model.now);
    restockModel(model, productIndex, p.quantity);
  });

const confirmReceiptByBuyer = (p: { order: number }) =>
  command(
    `confirmReceipt(${String(p.order)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      expireIfOverdue(model, order);
      const isAllowed = order.status === 'shipped';
      await expectOutcome('confirmReceipt', confirmReceipt(real.db, pick(real.members, order.memberIndex).userId, order.orderNo, model.now), isAllowed);
      if (!isAllowed) return;
      order.status = 'completed';
      notify(model, order);
    },
    hasOrders,
  );

/** Ten days and more after shipping: the sweep confirms receipt (the coupons' 30 days allow two such jumps). */
const autoCompleteClock = command(
  'autoCompleteClock',
  async (model, real) => {
    model.now = Math.max(model.now, Date.now()) + 11 * day;
    model.clockJumps += 1;
    const ids = await real.db.selectFrom('orders').select('id').where('orderNo', 'in', real.orderNos).execute();
    await completeLongShippedOrders(real.db, model.now, real.config.orders.autoCompleteDays, { orderIds: ids.map((row) => row.id) });
    for (const order of model.orders) {
      if (order.status !== 'shipped') continue;
      order.status = 'completed';
      notify(model, order);
    }
  },
  (model) => hasOrders(model) && model.clockJumps < 2,
);

const refund = (p: { order: number; kind: 'part' | 'full' | 'lines'; amount: number; line: number; quantity: number; isStale: boolean }) =>
  command(
    `refund(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const refundable = paidCentsOf(order) - order.refundedCents;
      const lineIndex = p.line % order.lines.length;
      const takeOff = p.kind === 'lines' ? { lineIndex, quantity: p.quantity } : null;
      const amountCents =
        p.kind === 'full' ? refundable : p.kind === 'lines' ? Math.min(refundable, p.quantity * unitCents) : 1 + (p.amount % Math.max(1, refundable - 1));
      const outcome = p.isStale ? null : refundOutcome(order, amountCents, takeOff);
      const refundNo = `M${real.runId}o${String(model.orders.indexOf(order))}n${String(order.refunds.length)}`;
      const request = {
        orderNo: order.orderNo,
        refundNo,
        amount: amountCents,
        reason: '模型退款',
        from: p.isStale ? staleStatusOf(order.status) : order.status,
        ...(takeOff
          ? { lines: [{ orderLineId: await real.lineIdOf(order.orderNo, pick(order.lines, lineIndex).productIndex), quantity: takeOff.quantity }] }
          : {}),
      };
      await expectOutcome(`refund ${String(amountCents)} of ${String(refundable)}`, refundByStaff(real.deps, real.finance, request), outcome !== null);
      if (outcome === null) return;
      model.staffActions += 1;
      if (outcome === 'full') {
        order.status = 'closed';
        notify(model, order);
        releaseOrder(model, order);
      } else if (takeOff) {
        const line = pick(order.lines, takeOff.lineIndex);
        if (outcome === 'remaining') for (const each of order.lines) takeOffModel(model, each, toShipOf(each));
        else takeOffModel(model, line, takeOff.quantity);
        if (outcome === 'remaining') order.status = 'shipped';
        notify(model, order);
      }
      addRefund(model, order, refundNo, amountCents);
    },
    hasOrders,
  );

const confirmOfflineRefund = (p: { order: number }) =>
  command(
    `confirmOfflineRefund(${String(p.order)})`,
    async (model, real) => {
      const withPending = model.orders.filter((order) => order.refunds.some((each) => each.status === 'processing'));
      const order = pick(withPending, p.order);
      const pending = order.refunds.find((each) => each.status === 'processing');
      if (!pending) return;
      await expectOutcome(
        'confirmOfflineRefund',
        confirmOfflineRefundByStaff(real.deps, real.finance, { orderNo: order.orderNo, refundNo: pending.refundNo, note: '' }),
        true,
      );
      pending.status = 'succeeded';
      model.staffActions += 1;
      notify(model, order);
    },
    (model) => model.orders.some((order) => order.refunds.some((each) => each.status === 'processing')),
  );

const issueInvoice = (p: { order: number; isDigitalWithoutFile: boolean }) =>
  command(
    `issueInvoice(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const isAllowed = order.invoice === 'requested' && paidStatuses.includes(order.status) && !p.isDigitalWithoutFile;
      const invoiceNumber = p.isDigitalWithoutFile ? '25442000000012345678' : '12345678';
      const request = { orderNo: order.orderNo, invoiceNumber, fileUrl: '', from: order.status };
      const outcome = await errorCodeOf(issueInvoiceForStaff(real.db, real.finance, request));
      // No invoice asked for is its own refusal; every other refusal changes nothing.
      expect(outcome === 'none', `issueInvoice: ${outcome}`).toBe(isAllowed);
      if (!isAllowed) return;
      order.invoice = 'issued';
      model.staffActions += 1;
      notify(model, order);
    },
    hasOrders,
  );

const reverseInvoice = (p: { order: number }) =>
  command(
    `reverseInvoice(${String(p.order)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      const isAllowed = order.invoice === 'reversalPending';
      await expectOutcome('reverseInvoice', reverseInvoiceForStaff(real.db, real.finance, { orderNo: order.orderNo, reversalNumber: '87654321' }), isAllowed);
      if (!isAllowed) return;
      order.invoice = 'reversed';
      model.staffActions += 1;
      notify(model, order);
    },
    hasOrders,
  );

const index = fc.nat({ max: 50 });
/** True about once in `odds + 1`. */
const rarely = (odds: number) => fc.nat({ max: odds }).map((value) => value === 0);

/**
 * 批准 or 驳回 (decision 0029) by the company's 管理员 (actors 0 to 3), by the 采购 who placed it (4: the company refuses), or by a
 * member without a company (5). Reading the order lapses it first when past its time, whoever asks.
 */
const decideApproval = (p: { order: number; actor: number; rejects: boolean }) =>
  command(
    `decideApproval(${JSON.stringify(p)})`,
    async (model, real) => {
      const order = pick(model.orders, p.order);
      if (order.wasHeld) expireIfOverdue(model, order);
      const isApprover = p.actor < 4;
      const userId = isApprover ? real.approverId : pick(real.members, p.actor - 4).userId;
      const isAllowed = order.status === 'awaitingApproval' && isApprover;
      const request = { orderNo: order.orderNo, filter: 'all' as const, page: 1 };
      const work = p.rejects
        ? rejectOrder(real.db, userId, { ...request, reason: '模型驳回' }, model.now)
        : approveOrder(real.db, real.config.orders, userId, request, model.now);
      await expectOutcome('decideApproval', work, isAllowed);
      if (!isAllowed) return;
      order.decidedBy = userId;
      approvalDecisions[p.rejects ? 'rejected' : 'approved'] += 1;
      notify(model, order);
      if (p.rejects) {
        order.status = 'cancelled';
        releaseOrder(model, order);
      } else {
        order.status = 'unpaid';
        order.expiresAt = model.now + paymentMinutes * minute;
      }
      // The decision answers with the company's first page of orders, and reading them lapses the overdue ones.
      const companyPage = model.orders.filter((candidate) => candidate.memberIndex === 0).slice(-companyOrdersPageSize);
      for (const listed of companyPage) expireIfOverdue(model, listed);
    },
    hasOrders,
  );

/** Every command, weighted towards the ones that move orders. */
export const orderCommands: fc.Arbitrary<Command>[] = [
  fc.record({ order: index, actor: fc.nat({ max: 5 }), rejects: rarely(3) }).map(decideApproval),
  fc.record({ order: index, actor: fc.nat({ max: 5 }), rejects: rarely(3) }).map(decideApproval),
  fc
    .record({
      memberIndex: fc.nat({ max: 1 }),
      lines: fc.array(fc.record({ productIndex: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 2 }),
      withInvoice: fc.boolean(),
      withCoupon: fc.boolean(),
    })
    .map(place),
  fc.record({ order: index }).map(payByProvider),
  fc.record({ order: index }).map(replayNotice),
  fc.record({ order: index, isStale: rarely(5) }).map(confirmTransfer),
  fc.record({ order: index }).map(cancelByBuyer),
  fc.constant(expireClock),
  fc.record({ order: index, isStale: rarely(5) }).map(cancelByStaff),
  fc.record({ order: index, line: index, quantity: fc.integer({ min: 1, max: 8 }), isAll: fc.boolean(), isStale: rarely(6) }).map(ship),
  fc.record({ order: index, line: index, quantity: fc.integer({ min: 1, max: 8 }), isAll: fc.boolean(), isStale: rarely(6) }).map(ship),
  fc.record({ product: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 10 }) }).map(restockPart),
  fc.record({ order: index }).map(confirmReceiptByBuyer),
  fc.constant(autoCompleteClock),
  fc
    .record({
      order: index,
      kind: fc.constantFrom('part' as const, 'full' as const, 'lines' as const),
      amount: fc.nat({ max: 100_000 }),
      line: index,
      quantity: fc.integer({ min: 1, max: 8 }),
      isStale: rarely(6),
    })
    .map(refund),
  fc.record({ order: index }).map(confirmOfflineRefund),
  fc.record({ order: index, isDigitalWithoutFile: rarely(4) }).map(issueInvoice),
  fc.record({ order: index }).map(reverseInvoice),
];
