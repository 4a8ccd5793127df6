import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { countOverdueOrders, findOldestOverdue, findOrderStatuses, findOverdueOrders, findShippedBefore } from './order.repository.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { applyTransition } from './order-transition.service.ts';

const unpaidTexts = {
  reason: '超时未支付，系统自动取消',
  event: '订单超时未支付，系统已自动取消，库存与优惠券已释放',
  message: (orderNo: string) => `您的订单${orderNo}因超时未支付已自动取消。`,
};
const unapprovedTexts = {
  reason: '超时未获企业审批，系统自动取消',
  event: '订单未在期限内获得企业审批，系统已自动取消，库存与优惠券已释放',
  message: (orderNo: string) => `您的订单${orderNo}未在期限内获得企业审批，已自动取消，库存与优惠券已释放。`,
};
const buyerReason = '买家取消订单';
const sweepBatch = 100;
const day = 86_400_000;

/** The buyer's cancel of an unpaid order; false when it was no longer unpaid (paid, or cancelled meanwhile). */
export async function cancelOrderOfBuyer(db: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  const order = await withTransaction(db, (trx) =>
    applyTransition(trx, {
      orderId,
      event: 'cancelByBuyer',
      now,
      changes: { cancelledAt: now, cancelReason: buyerReason },
      eventText: () => '买家取消了订单，库存与优惠券已释放',
      messageText: (row) => `您的订单${row.orderNo}已取消。`,
    }),
  );
  return order !== null;
}

/**
 * Cancels unpaid orders past their time, each in its own transaction with one conditional update,
 * so sweepers of several processes (and a member's read of the order) never release twice.
 * Returns how many this call cancelled.
 */
export async function expireOverdueOrders(db: Kysely<Database>, now: number, scope: { userId?: number; orderIds?: readonly number[] } = {}): Promise<number> {
  const overdue = scope.orderIds ? await findOrderStatuses(db, scope.orderIds) : await findOverdueOrders(db, now, sweepBatch, scope.userId);
  let cancelled = 0;
  for (const { id: orderId, status } of overdue) {
    // Read before the claim, for the wording only: an order still 待审批 then is one when the claim moves it (an approval would have moved its time on).
    const texts = status === OrderStatus.awaitingApproval ? unapprovedTexts : unpaidTexts;
    const order = await withTransaction(db, (trx) =>
      applyTransition(trx, {
        orderId,
        event: 'expire',
        now,
        expiredBy: now,
        changes: { cancelledAt: now, cancelReason: texts.reason },
        eventText: () => texts.event,
        messageText: (row) => texts.message(row.orderNo),
      }),
    );
    if (order) cancelled += 1;
  }
  return cancelled;
}

/** The buyer confirms receipt: one conditional update decides between racing confirmations (and the sweeper). */
export async function completeOrderByBuyer(db: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  const order = await withTransaction(db, (trx) =>
    applyTransition(trx, {
      orderId,
      event: 'confirmReceipt',
      now,
      changes: { completedAt: now },
      eventText: () => '买家确认收货，订单已完成',
      messageText: (row) => `您的订单${row.orderNo}已确认收货，感谢您的惠顾。`,
    }),
  );
  return order !== null;
}

/** Shipped orders the buyer has not confirmed within the configured days count as received (of `orderIds` only, when given). */
export async function completeLongShippedOrders(
  db: Kysely<Database>,
  now: number,
  autoCompleteDays: number,
  scope: { orderIds?: readonly number[] } = {},
): Promise<number> {
  const ids = await findShippedBefore(db, now - autoCompleteDays * day, sweepBatch, scope.orderIds);
  let completed = 0;
  for (const orderId of ids) {
    const order = await withTransaction(db, (trx) =>
      applyTransition(trx, {
        orderId,
        event: 'autoComplete',
        now,
        changes: { completedAt: now },
        eventText: () => `发货${String(autoCompleteDays)}天后系统自动确认收货`,
        messageText: (row) => `您的订单${row.orderNo}已自动确认收货，感谢您的惠顾。`,
      }),
    );
    if (order) completed += 1;
  }
  return completed;
}

/** The timed work waiting for a sweep: unpaid orders past their time, shipped orders past the auto-complete days. */
export function countOverdueWork(db: Kysely<Database>, now: number, autoCompleteDays: number): Promise<{ toExpire: number; toComplete: number }> {
  return countOverdueOrders(db, now, now - autoCompleteDays * day);
}

export const sweepIntervalMs = 30_000;

/** Each process sweeps every 30 s (started on listen, stopped on close); the database is the record (ops/periodic-work.ts). */
export interface SweepResult {
  expired: number;
  completed: number;
}

export class OrderSweeper {
  private readonly work: PeriodicWork<SweepResult>;

  constructor(
    private readonly db: Kysely<Database>,
    config: OrderConfig,
    logger: Logger,
    intervalMs = sweepIntervalMs,
  ) {
    this.work = new PeriodicWork({
      name: 'order sweep',
      intervalMs,
      logger,
      idle: { expired: 0, completed: 0 },
      pass: async (now) => {
        const expired = await expireOverdueOrders(db, now);
        const completed = await completeLongShippedOrders(db, now, config.autoCompleteDays);
        if (expired + completed > 0) logger.info({ expired, completed }, 'order sweep');
        return { expired, completed };
      },
    });
  }

  get lastSweepAt(): number | null {
    return this.work.lastRunAt;
  }

  start(): void {
    this.work.start();
  }

  /** One pass now (also what the timer runs); concurrent calls share the pass under way. */
  sweep(now = Date.now()): Promise<SweepResult> {
    return this.work.run(now);
  }

  /** Seconds the longest-overdue unpaid order has waited past its time; 0 when none. */
  async oldestOverdueSeconds(now = Date.now()): Promise<number> {
    const oldest = await findOldestOverdue(this.db, now);
    return oldest === null ? 0 : Math.max(0, Math.round((now - oldest) / 1000));
  }

  close(): Promise<void> {
    return this.work.close();
  }
}
