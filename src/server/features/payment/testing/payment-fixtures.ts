import { generateKeyPairSync, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OrderStatus, type PaymentMethod } from '../../../../contract/order.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { createCacheVersions } from '../../../cache/cache-versions.ts';
import type { Database } from '../../../db/database.ts';
import { createPaymentProviders, type PaymentContext } from '../payment.service.ts';

/** An RSA key pair as PEM text, as merchants paste them into the settings. */
export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaKeyPair(): PemKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The payment services' context over a test app's dependencies, as the payment feature builds it for its routes. */
export function testPaymentContext(deps: AppDeps): PaymentContext {
  const db = deps.db.kysely;
  return {
    db,
    config: deps.config,
    logger: deps.logger,
    counters: deps.counters,
    sms: deps.sms,
    cacheVersions: createCacheVersions(db, { logger: deps.logger }),
    providers: createPaymentProviders(deps.config.payments),
  };
}

export function testOrderNo(): string {
  return `251123${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/**
 * An unpaid order as placement leaves it (待付款, its expiry ahead), without lines: payment needs
 * only the order itself. The orders feature's own tests cover what placement holds and releases.
 */
export async function insertUnpaidOrder(
  db: Kysely<Database>,
  userId: number,
  { payableCents = 12_345, expiresAt = Date.now() + 30 * 60_000 }: { payableCents?: number; expiresAt?: number } = {},
): Promise<string> {
  const orderNo = testOrderNo();
  const now = Date.now();
  await db
    .insertInto('orders')
    .values({
      orderNo,
      userId,
      status: OrderStatus.unpaid,
      productCount: 10,
      idempotencyKey: orderNo,
      goodsCents: payableCents,
      payableCents,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return orderNo;
}

export async function orderOf(db: Kysely<Database>, orderNo: string) {
  return db.selectFrom('orders').select(['status', 'paidAt', 'paymentMethod', 'paymentTradeNo', 'id']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
}

/** The order's timeline kinds (placed is not written by this fixture): paid once means one `paid`. */
export async function eventKindsOf(db: Kysely<Database>, orderNo: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orderEvents')
    .innerJoin('orders', 'orders.id', 'orderEvents.orderId')
    .select('orderEvents.kind')
    .where('orders.orderNo', '=', orderNo)
    .orderBy('orderEvents.id')
    .execute();
  return rows.map((row) => row.kind);
}

export async function notificationOutcomesOf(db: Kysely<Database>, orderNo: string | null): Promise<string[]> {
  let query = db.selectFrom('paymentNotifications').select('outcome').orderBy('id');
  query = orderNo === null ? query.where('orderNo', 'is', null) : query.where('orderNo', '=', orderNo);
  return (await query.execute()).map((row) => row.outcome);
}

export async function attemptOf(db: Kysely<Database>, orderNo: string, method: PaymentMethod) {
  return db.selectFrom('paymentAttempts').selectAll().where('orderNo', '=', orderNo).where('method', '=', method).executeTakeFirst();
}

/** An order as a provider's payment leaves it (待发货, paid by `method` with the provider's trade number): refunds start here. */
export async function insertPaidOrder(
  db: Kysely<Database>,
  userId: number,
  { payableCents = 10_000, method, tradeNo = null }: { payableCents?: number; method: PaymentMethod; tradeNo?: string | null },
): Promise<string> {
  const orderNo = await insertUnpaidOrder(db, userId, { payableCents });
  const now = Date.now();
  await db
    .updateTable('orders')
    .set({ status: OrderStatus.unshipped, paidAt: now, paymentMethod: method, paymentTradeNo: tradeNo, updatedAt: now })
    .where('orderNo', '=', orderNo)
    .execute();
  return orderNo;
}

export async function refundsOf(db: Kysely<Database>, orderNo: string) {
  return db.selectFrom('paymentRefunds').selectAll().where('orderNo', '=', orderNo).orderBy('id').execute();
}

export async function refundedCentsOf(db: Kysely<Database>, orderNo: string): Promise<number> {
  return (await db.selectFrom('orders').select('refundedCents').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).refundedCents;
}
