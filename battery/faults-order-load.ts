import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cartCalls } from '../src/contract/cart-calls.ts';
import type { PlacedOrder, SettlementPricing } from '../src/contract/order.ts';
import { orderCalls } from '../src/contract/order-calls.ts';
import type { Database } from '../src/server/db/database.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { judgeCall, networkFailure, type AnswerLog } from './faults-answers.ts';
import { randomAddress } from './faults-write-load.ts';
import { parseEnvelope, type Envelope } from './lib/answer-check.ts';
import { BatteryClient } from './lib/client.ts';
import { storeSession } from './lib/members.ts';
import type { RawResponse, Transport } from './lib/transport.ts';

/** Ten parts with plenty of stock: the buyers' orders never run out, so every placement should succeed. */
const partCount = 10;
const partStock = 1_000_000;

export interface OrderLoadOptions {
  transport: Transport;
  db: Kysely<Database>;
  buyers: number;
  log: AnswerLog;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A burst of orders beside a fault: members in a loop of "add a part, preview, place" (pickup, the
 * previewed payable). Every acknowledged order must be in the database afterwards, and the parts'
 * stock conserved: what is on the shelf plus what the orders hold is what there was before the run,
 * however the fault cut a placement (a transaction is all or nothing).
 */
export class OrderLoad {
  readonly acknowledged = new Set<string>();
  private isRunning = false;
  private workers: Promise<void>[] = [];

  private constructor(
    private readonly options: OrderLoadOptions,
    private readonly buyers: { client: BatteryClient; userId: number }[],
    private readonly parts: { id: number; packSize: number }[],
    private readonly before: number,
  ) {}

  static async prepare(options: OrderLoadOptions): Promise<OrderLoad> {
    const parts = await options.db
      .selectFrom('products')
      .select(['id', 'packSize'])
      .where('firstTierPriceE4', 'is not', null)
      .orderBy('id', 'desc')
      .limit(partCount)
      .execute();
    if (parts.length < partCount) throw new Error('the store has too few priced parts for the order burst: seed it');
    await options.db
      .updateTable('products')
      .set({ stock: partStock })
      .where(
        'id',
        'in',
        parts.map((part) => part.id),
      )
      .execute();
    const buyers: { client: BatteryClient; userId: number }[] = [];
    for (let i = 0; i < options.buyers; i++) {
      const phone = `141${String(randomInt(100_000_000)).padStart(8, '0')}`;
      const member = await createMember(options.db, { phone, userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
      const client = new BatteryClient(options.transport, `buyer ${i + 1}`, randomAddress());
      await storeSession(options.db, client, phone);
      buyers.push({ client, userId: member.userId });
    }
    const before = await shelfAndHeld(
      options.db,
      parts.map((part) => part.id),
    );
    return new OrderLoad(options, buyers, parts, before);
  }

  start(): void {
    this.isRunning = true;
    this.workers = this.buyers.map((buyer, i) => this.buyer(buyer, i));
  }

  async stop(): Promise<void> {
    this.isRunning = false;
    await Promise.all(this.workers);
  }

  private async send(path: string, request: () => Promise<RawResponse>): Promise<Envelope | null> {
    const startedAt = Date.now();
    let response: RawResponse | null = null;
    let judged;
    try {
      response = await request();
      judged = judgeCall(response);
    } catch (error) {
      judged = networkFailure(error);
    }
    this.options.log.add({ ...judged, startedAt, endedAt: Date.now(), path });
    if (judged.verdict !== 'ok') await pause(100);
    return response ? parseEnvelope(response.body) : null;
  }

  private async buyer(buyer: { client: BatteryClient; userId: number }, offset: number): Promise<void> {
    for (let i = offset; this.isRunning; i++) {
      const part = this.parts[i % this.parts.length];
      if (!part) return;
      const added = await this.send(cartCalls.add.path, () =>
        buyer.client.post(cartCalls.add.path, JSON.stringify({ productId: part.id, quantity: part.packSize })),
      );
      if (added?.code !== 1) continue;
      const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: 'shipAvailable', memberCouponIds: [] };
      const preview = await this.send(orderCalls.preview.path, () => buyer.client.post(orderCalls.preview.path, JSON.stringify(choice)));
      if (preview?.code !== 1) continue;
      const { payableCents } = preview.data as SettlementPricing;
      const body = { ...choice, idempotencyKey: `battery-${String(buyer.userId)}-${String(i)}-${String(randomInt(1e9))}`, quotedPayableCents: payableCents };
      const placed = await this.send(orderCalls.place.path, () => buyer.client.post(orderCalls.place.path, JSON.stringify(body)));
      if (placed?.code === 1) this.acknowledged.add((placed.data as PlacedOrder).orderNo);
    }
  }

  /** Acknowledged orders missing, and stock not conserved on the burst's parts. */
  async problems(): Promise<string[]> {
    const problems: string[] = [];
    const orderNos = [...this.acknowledged];
    for (let i = 0; i < orderNos.length; i += 500) {
      const batch = orderNos.slice(i, i + 500);
      const found = new Set((await this.options.db.selectFrom('orders').select('orderNo').where('orderNo', 'in', batch).execute()).map((row) => row.orderNo));
      for (const orderNo of batch) if (!found.has(orderNo)) problems.push(`order ${orderNo} missing`);
    }
    const ids = this.parts.map((part) => part.id);
    const after = await shelfAndHeld(this.options.db, ids);
    if (after !== this.before) problems.push(`stock + units held by orders was ${this.before} before the run, ${after} after`);
    const negative = await this.options.db.selectFrom('products').select('id').where('stock', '<', 0).execute();
    if (negative.length > 0) problems.push(`${negative.length} products below zero`);
    return problems;
  }

  describe(): string {
    return `${this.acknowledged.size} orders acknowledged`;
  }
}

/** The parts' stock plus what live (not cancelled) orders hold of them. */
async function shelfAndHeld(db: Kysely<Database>, ids: number[]): Promise<number> {
  const shelf = await db
    .selectFrom('products')
    .select((eb) => eb.fn.sum<number | null>('stock').as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', 'o.id', 'l.orderId')
    .select((eb) => eb.fn.sum<number | null>('l.reservedQuantity').as('n'))
    .where('l.productId', 'in', ids)
    .where('o.status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return (shelf.n ?? 0) + (held.n ?? 0);
}
