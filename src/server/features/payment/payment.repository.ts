import type { Insertable, Kysely } from 'kysely';
import type { PaymentMethod } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { AttemptStatus, type PaymentAttemptRow, type PaymentAttemptsTable, type PaymentNotificationsTable } from './payment.tables.ts';

export function findAttempt(db: Kysely<Database>, orderNo: string, method: PaymentMethod): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('paymentAttempts').selectAll().where('orderNo', '=', orderNo).where('method', '=', method).executeTakeFirst();
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

export type NewAttempt = Omit<Insertable<PaymentAttemptsTable>, 'id' | 'status' | 'tradeNo' | 'paidCents' | 'paidAt'>;

/** Records the method chosen (again): what it shows is replaced, unless its money already arrived. */
export async function saveAttempt(db: Kysely<Database>, attempt: NewAttempt): Promise<PaymentAttemptRow> {
  await db
    .insertInto('paymentAttempts')
    .values({ ...attempt, status: AttemptStatus.created })
    .onConflict((conflict) =>
      conflict
        .columns(['orderNo', 'method'])
        .doUpdateSet({ instructionJson: attempt.instructionJson, amountCents: attempt.amountCents, updatedAt: attempt.updatedAt })
        .where('paymentAttempts.status', '=', AttemptStatus.created),
    )
    .execute();
  const saved = await findAttempt(db, attempt.orderNo, attempt.method);
  if (!saved) throw new Error(`payment attempt ${attempt.orderNo}/${attempt.method} vanished`);
  return saved;
}

export interface AttemptSettlement {
  status: typeof AttemptStatus.paid | typeof AttemptStatus.refundNeeded;
  tradeNo: string | null;
  paidCents: number;
  paidAt: number;
  updatedAt: number;
}

/** An attempt's money arrived (or must go back): once; a replay finds it settled and changes nothing. */
export async function settleAttempt(db: Kysely<Database>, attemptId: number, settlement: AttemptSettlement): Promise<boolean> {
  const result = await db
    .updateTable('paymentAttempts')
    .set(settlement)
    .where('id', '=', attemptId)
    .where('status', '=', AttemptStatus.created)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertNotification(db: Kysely<Database>, notification: Omit<Insertable<PaymentNotificationsTable>, 'id'>): Promise<void> {
  await db.insertInto('paymentNotifications').values(notification).execute();
}
