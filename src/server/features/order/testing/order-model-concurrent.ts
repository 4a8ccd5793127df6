import { AppError } from '../../../http/app-error.ts';
import { addToCart } from '../../cart/cart.service.ts';
import { cancelOrderByStaff, confirmTransferByStaff, refundByStaff, shipByStaff } from '../../order-desk/order-desk.service.ts';
import { payByDevelopment } from '../../payment/payment.service.ts';
import { approveOrder, rejectOrder } from '../order-approval-decision.service.ts';
import { expireOverdueOrders } from '../order-sweeper.ts';
import { cancelOrder, confirmReceipt } from '../order.service.ts';
import type { RealSystem } from './order-model-check.ts';
import type { Model } from './order-model.ts';
import { placeCartWaitingForAll } from './order-fixture.ts';

/**
 * One round of the concurrent runs: a new order, or several actors at once on one of the run's
 * orders (buyer, provider, warehouse, finance, the clock), each acting on the state it read. Any
 * of them may be refused; none may break an invariant (order-model-check.ts checks after the round).
 */

type Actor = (orderNo: string, userId: number, seq: number) => Promise<unknown>;

async function refusedIsFine(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

async function placeNew(model: Model, real: RealSystem, pick: number): Promise<void> {
  const member = real.members[pick % real.members.length];
  if (!member) return;
  await addToCart(real.db, member.userId, real.productIds[pick % real.productIds.length] ?? 0, 1 + (pick % 9));
  if (pick % 2 === 0) await addToCart(real.db, member.userId, real.productIds[(pick + 1) % real.productIds.length] ?? 0, 1 + (pick % 5));
  const placed = await placeCartWaitingForAll(real.db, real.config.orders, member.userId, model.now);
  real.orderNos.push(placed.orderNo);
}

function actorsOf(model: Model, real: RealSystem): Actor[] {
  return [
    (orderNo, userId) => payByDevelopment(real.payment, userId, orderNo, model.now),
    async (orderNo) => {
      const order = await real.db.selectFrom('orders').select('payableCents').where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
      return confirmTransferByStaff(real.db, real.finance, { orderNo, amount: order.payableCents, note: '' });
    },
    (orderNo, userId) => cancelOrder(real.db, userId, orderNo, model.now),
    (orderNo) => approveOrder(real.db, real.config.orders, real.approverId, { orderNo, filter: 'all', page: 1 }, model.now),
    (orderNo) => rejectOrder(real.db, real.approverId, { orderNo, filter: 'all', page: 1, reason: '并发驳回' }, model.now),
    (orderNo) => cancelOrderByStaff(real.deps, real.finance, { orderNo, reason: '并发取消' }),
    (orderNo) => shipByStaff(real.db, real.warehouse, { orderNo, carrierCode: 'sf', trackingNo: 'SF-RACE' }),
    async (orderNo) => {
      const line = await real.db
        .selectFrom('orderLines')
        .innerJoin('orders', 'orders.id', 'orderLines.orderId')
        .select('orderLines.id')
        .where('orders.orderNo', '=', orderNo)
        .executeTakeFirstOrThrow();
      return shipByStaff(real.db, real.warehouse, { orderNo, carrierCode: 'sf', trackingNo: 'SF-PART', lines: [{ orderLineId: line.id, quantity: 1 }] });
    },
    async (orderNo, _userId, seq) => {
      const order = await real.db.selectFrom('orders').select(['payableCents', 'refundedCents']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
      return refundByStaff(real.deps, real.finance, {
        orderNo,
        refundNo: `X${real.runId}f${String(seq)}`,
        amount: order.payableCents - order.refundedCents,
        reason: '',
      });
    },
    (orderNo, _userId, seq) =>
      refundByStaff(real.deps, real.finance, { orderNo, refundNo: `X${real.runId}p${String(seq)}`, amount: 1 + (seq % 300), reason: '' }),
    async (orderNo, _userId, seq) => {
      const line = await real.db
        .selectFrom('orderLines')
        .innerJoin('orders', 'orders.id', 'orderLines.orderId')
        .select('orderLines.id')
        .where('orders.orderNo', '=', orderNo)
        .executeTakeFirstOrThrow();
      return refundByStaff(real.deps, real.finance, {
        orderNo,
        refundNo: `X${real.runId}l${String(seq)}`,
        amount: 100,
        reason: '',
        lines: [{ orderLineId: line.id, quantity: 1 }],
      });
    },
    (orderNo, userId) => confirmReceipt(real.db, userId, orderNo, model.now),
    (_orderNo, _userId, seq) => real.restock(real.productIds[seq % real.productIds.length] ?? 0, 1 + (seq % 4), model.now),
    async () => {
      const ids = await real.db.selectFrom('orders').select('id').where('orderNo', 'in', real.orderNos).execute();
      return expireOverdueOrders(real.db, model.now + 31 * 60_000, { orderIds: ids.map((row) => row.id) });
    },
  ];
}

let sequence = 0;

/** One round; answers how many actions it ran. */
export async function runConcurrentRound(model: Model, real: RealSystem, picks: readonly number[]): Promise<number> {
  const [first = 0, ...others] = picks;
  if (real.orderNos.length === 0 || first % 5 === 0) {
    await placeNew(model, real, first);
    return 1;
  }
  const orderNo = real.orderNos[first % real.orderNos.length] ?? '';
  const order = await real.db.selectFrom('orders').select('userId').where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  const actors = actorsOf(model, real);
  await Promise.all(
    others.map((pick) => {
      sequence += 1;
      const act = actors[pick % actors.length];
      return act ? refusedIsFine(act(orderNo, order.userId, sequence)) : Promise.resolve();
    }),
  );
  return others.length;
}
