import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PaymentMethod } from '../../../contract/order.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { AttemptStatus, type PaymentAttemptRow, type PaymentAttemptsTable, type PaymentNotificationsTable } from './payment.tables.ts';

/** The payment attempts and notifications: the only SQL of payment_attempts and payment_notifications. */

export function findAttempt(db: Kysely<Database>, orderNo: string, method: PaymentMethod): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('paymentAttempts').selectAll().where('orderNo', '=', orderNo).where('method', '=', method).executeTakeFirst();
}

export function findAttemptById(db: Kysely<Database>, id: number): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('paymentAttempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The method the buyer chose last for an order, still waiting for its money. */
export function findLatestOpenAttempt(db: Kysely<Database>, orderNo: string): Promise<PaymentAttemptRow | undefined> {
  return db
    .selectFrom('paymentAttempts')
    .selectAll()
    .where('orderNo', '=', orderNo)
    .where('status', '=', AttemptStatus.created)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type NewAttempt = Omit<Insertable<PaymentAttemptsTable>, 'id' | 'status' | 'tradeNo' | 'paidCents' | 'paidAt' | 'checkCount'>;

/**
 * Records the method chosen (again): what it shows is replaced, unless its money already arrived.
 * The insert names no conflict target, so both unique indexes ((order_no, method) and (method,
 * out_trade_no)) are its arbiters: on PostgreSQL an upsert naming one of them checked the other the
 * ordinary way, and 25 racing choices of one order met a duplicate-key error or a deadlock there.
 * The row then changes by the lifecycle's conditional update (choose: 待支付 or 已关闭 → 待支付).
 */
export async function saveAttempt(db: Kysely<Database>, attempt: NewAttempt): Promise<PaymentAttemptRow> {
  const inserted = await db
    .insertInto('paymentAttempts')
    .values({ ...attempt, status: AttemptStatus.created })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    await db
      .updateTable('paymentAttempts')
      .set({
        status: AttemptStatus.created,
        instructionJson: attempt.instructionJson,
        amountCents: attempt.amountCents,
        updatedAt: attempt.updatedAt,
        nextCheckAt: attempt.nextCheckAt,
        checkCount: 0,
      })
      .where('orderNo', '=', attempt.orderNo)
      .where('method', '=', attempt.method)
      .where('status', 'in', claimFrom(paymentLifecycle, 'choose'))
      .execute();
  }
  const saved = await findAttempt(db, attempt.orderNo, attempt.method);
  if (!saved) throw new Error(`payment attempt ${attempt.orderNo}/${attempt.method} vanished`);
  return saved;
}

/** An attempt known to exist as it is (a late bank transfer's, when the buyer never chose 对公转账): nothing changes if it does. */
export async function insertAttemptIfAbsent(db: Kysely<Database>, attempt: NewAttempt): Promise<PaymentAttemptRow> {
  await db
    .insertInto('paymentAttempts')
    .values({ ...attempt, status: AttemptStatus.created })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const saved = await findAttempt(db, attempt.orderNo, attempt.method);
  if (!saved) throw new Error(`payment attempt ${attempt.orderNo}/${attempt.method} vanished`);
  return saved;
}

export type AttemptChange = Omit<Updateable<PaymentAttemptsTable>, 'id' | 'orderNo' | 'userId' | 'method' | 'outTradeNo'>;

/**
 * Moves an attempt by one conditional update from the states `from` (claimFrom of its lifecycle):
 * of racing notifications, queries and staff, one moves it; the others find it moved (false).
 */
export async function moveAttempt(db: Kysely<Database>, attemptId: number, from: readonly AttemptStatus[], change: AttemptChange): Promise<boolean> {
  const result = await db.updateTable('paymentAttempts').set(change).where('id', '=', attemptId).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attempts still 待支付 whose next check is due, of the methods the reconciliation can ask (Alipay, WeChat Pay). */
export function findAttemptsDue(db: Kysely<Database>, now: number, methods: readonly PaymentMethod[], limit: number): Promise<PaymentAttemptRow[]> {
  if (methods.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('paymentAttempts')
    .selectAll()
    .where('status', '=', AttemptStatus.created)
    .where('nextCheckAt', '<=', now)
    .where('method', 'in', methods)
    .orderBy('nextCheckAt')
    .limit(limit)
    .execute();
}

/**
 * Claims an attempt for one question to its provider: its next check moves from the one seen to
 * `nextCheckAt`, so of reconcilers in several processes exactly one asks.
 */
export async function claimAttemptCheck(db: Kysely<Database>, attempt: PaymentAttemptRow, nextCheckAt: number): Promise<boolean> {
  if (attempt.nextCheckAt === null) return false;
  const result = await db
    .updateTable('paymentAttempts')
    .set((eb) => ({ nextCheckAt, checkCount: eb('checkCount', '+', 1) }))
    .where('id', '=', attempt.id)
    .where('status', '=', attempt.status)
    .where('nextCheckAt', '=', attempt.nextCheckAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attempts 待退回 whose refund was never queued (from before late payments were refunded, or a crash between the two). */
export function findLateAttemptsWithoutRefund(db: Kysely<Database>, limit: number): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('paymentAttempts')
    .selectAll()
    .where('status', '=', AttemptStatus.lateRefunding)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('paymentRefunds').select('id').whereRef('paymentRefunds.attemptId', '=', 'paymentAttempts.id'))))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function insertNotification(db: Kysely<Database>, notification: Omit<Insertable<PaymentNotificationsTable>, 'id'>): Promise<void> {
  await db.insertInto('paymentNotifications').values(notification).execute();
}
