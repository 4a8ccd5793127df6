import { randomInt } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { Kysely } from 'kysely';
import { SendMsgType } from '../src/contract/account.ts';
import { accountCalls } from '../src/contract/account-calls.ts';
import type { CartAddResponse } from '../src/contract/cart.ts';
import { cartCalls } from '../src/contract/cart-calls.ts';
import type { Database } from '../src/server/db/database.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { judgeCall, judgePage, networkFailure, type Answer, type AnswerLog } from './faults-answers.ts';
import { BatteryClient } from './lib/client.ts';
import { parseEnvelope } from './lib/answer-check.ts';
import { storeSession } from './lib/members.ts';
import type { RawResponse, Transport } from './lib/transport.ts';

/**
 * An address of its own for each simulated client, so that per-address limits never decide a
 * fault run: a loopback address other than 127.0.0.1, which the client's sockets are bound to
 * (Linux routes all of 127.0.0.0/8 to lo). The store sees it whether it is reached directly or
 * through nginx (which sends $remote_addr on; the store trusts 127.0.0.1, nginx, only).
 */
export function randomAddress(): string {
  return `127.${1 + randomInt(254)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

function randomPhone(): string {
  return `145${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** HTTP to the store from the request's `remoteAddress` (a loopback address) as the socket's source; battery/lib's httpTransport otherwise. */
export function loopbackTransport(baseUrl: string): Transport {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return (raw) =>
    new Promise<RawResponse>((resolve, reject) => {
      const body = raw.body === undefined ? undefined : Buffer.from(raw.body);
      const headers: Record<string, string | number> = { ...raw.headers };
      if (body !== undefined) headers['content-length'] = body.length;
      const request = httpRequest(new URL(raw.path, base), { method: raw.method, headers, agent, localAddress: raw.remoteAddress }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.setTimeout(60_000, () => request.destroy(new Error(`no answer within 60 s from ${raw.method} ${raw.path}`)));
      request.on('error', reject);
      request.end(body);
    });
}

/** What the store acknowledged (code 1): each must be in the database afterwards. */
export interface Ledger {
  /** The cart line and the quantity the store said it now holds. */
  cartLines: Map<string, { userId: number; productId: number; quantity: number }>;
  /** Phones whose registration succeeded. */
  members: Set<string>;
}

export interface WriteLoadOptions {
  transport: Transport;
  /** The store's database, read beside it: parts to add, members to sign in, SMS codes from the outbox. */
  db: Kysely<Database>;
  cartWriters: number;
  registrationWriters: number;
  pageReaders: number;
  log: AnswerLog;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The load a fault run writes under: members adding parts to their carts, visitors registering
 * (SMS code from the outbox table, then messageRegister), visitors reading pages. Every answer
 * goes to the log; every acknowledged write goes to the ledger.
 */
export class WriteLoad {
  readonly ledger: Ledger = { cartLines: new Map(), members: new Set() };
  private isRunning = false;
  private workers: Promise<void>[] = [];

  private constructor(
    private readonly options: WriteLoadOptions,
    private readonly carts: { client: BatteryClient; userId: number }[],
    private readonly parts: { id: number; packSize: number }[],
  ) {}

  static async prepare(options: WriteLoadOptions): Promise<WriteLoad> {
    const parts = await options.db.selectFrom('products').select(['id', 'packSize']).orderBy('id').limit(400).execute();
    if (parts.length === 0) throw new Error('the store has no parts: seed it before a fault run');
    const carts: { client: BatteryClient; userId: number }[] = [];
    for (let i = 0; i < options.cartWriters; i++) {
      const member = await createMember(options.db, { phone: randomPhone(), userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
      const client = new BatteryClient(options.transport, `cart writer ${i + 1}`, randomAddress());
      await storeSession(options.db, client, member.phone);
      carts.push({ client, userId: member.userId });
    }
    return new WriteLoad(options, carts, parts);
  }

  start(): void {
    this.isRunning = true;
    this.workers = [
      ...this.carts.map((cart, i) => this.cartWriter(cart, i)),
      ...Array.from({ length: this.options.registrationWriters }, () => this.registrationWriter()),
      ...Array.from({ length: this.options.pageReaders }, (_, i) => this.pageReader(i)),
    ];
  }

  async stop(): Promise<void> {
    this.isRunning = false;
    await Promise.all(this.workers);
  }

  /** Sends one request and logs how it ended; the response when there was one. */
  private async send(path: string, request: () => Promise<RawResponse>, isPage = false): Promise<RawResponse | null> {
    const startedAt = Date.now();
    let judged: Pick<Answer, 'verdict' | 'label'>;
    let response: RawResponse | null = null;
    try {
      response = await request();
      judged = isPage ? judgePage(response) : judgeCall(response);
    } catch (error) {
      judged = networkFailure(error);
    }
    this.options.log.add({ ...judged, startedAt, endedAt: Date.now(), path });
    // A refused or failed request is not retried at once: a real client would wait a little too.
    if (judged.verdict !== 'ok') await pause(100);
    return response;
  }

  private async cartWriter(cart: { client: BatteryClient; userId: number }, offset: number): Promise<void> {
    for (let i = offset; this.isRunning; i++) {
      const part = this.parts[i % this.parts.length];
      if (!part) return;
      const response = await this.send(cartCalls.add.path, () =>
        cart.client.post(cartCalls.add.path, JSON.stringify({ productId: part.id, quantity: part.packSize })),
      );
      const envelope = response ? parseEnvelope(response.body) : null;
      if (envelope?.code === 1) {
        const { quantity } = envelope.data as CartAddResponse;
        this.ledger.cartLines.set(`${cart.userId}:${part.id}`, { userId: cart.userId, productId: part.id, quantity });
      }
    }
  }

  private async registrationWriter(): Promise<void> {
    while (this.isRunning) {
      const client = new BatteryClient(this.options.transport, 'registering visitor', randomAddress());
      const phone = randomPhone();
      const page = await this.send('/', () => client.get('/'), true);
      if (page?.status !== 200) continue;
      const sent = await this.send(accountCalls.sendVerificationCode.path, () =>
        client.post(accountCalls.sendVerificationCode.path, JSON.stringify({ userAccount: phone, sendMsgType: SendMsgType.register })),
      );
      if (!sent || parseEnvelope(sent.body)?.code !== 1) continue;
      const smsCode = await this.latestSmsCode(phone);
      if (!smsCode) continue;
      const registered = await this.send(accountCalls.messageRegister.path, () =>
        client.post(accountCalls.messageRegister.path, JSON.stringify({ phone, smsCode, password: `Ft${randomInt(1e9)}` })),
      );
      if (registered && parseEnvelope(registered.body)?.code === 1) this.ledger.members.add(phone);
    }
  }

  /** The code the store wrote to its outbox; the battery's own read may fail during a database fault, then this visitor gives up. */
  private async latestSmsCode(phone: string): Promise<string | null> {
    try {
      const row = await this.options.db.selectFrom('smsOutbox').select('code').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirst();
      return row?.code ?? null;
    } catch {
      return null;
    }
  }

  private async pageReader(offset: number): Promise<void> {
    const client = new BatteryClient(this.options.transport, 'reader', randomAddress());
    for (let i = offset; this.isRunning; i++) {
      const part = this.parts[(i * 7) % this.parts.length];
      const path = i % 2 === 0 ? '/' : `/product/detail/${part?.id ?? 1}`;
      await this.send(path, () => client.get(path), true);
    }
  }
}

/** Acknowledged writes the database does not hold: a cart line missing or with less than the acknowledged quantity, a member missing. */
export async function lostWrites(db: Kysely<Database>, ledger: Ledger): Promise<string[]> {
  const lost: string[] = [];
  const userIds = [...new Set([...ledger.cartLines.values()].map((line) => line.userId))];
  if (userIds.length > 0) {
    const rows = await db.selectFrom('cartItems').select(['userId', 'productId', 'quantity']).where('userId', 'in', userIds).execute();
    const stored = new Map(rows.map((row) => [`${row.userId}:${row.productId}`, row.quantity]));
    for (const [key, line] of ledger.cartLines) {
      const quantity = stored.get(key);
      if (quantity === undefined) lost.push(`cart line ${key} missing`);
      else if (quantity < line.quantity) lost.push(`cart line ${key} holds ${quantity}, acknowledged ${line.quantity}`);
    }
  }
  const phones = [...ledger.members];
  for (let i = 0; i < phones.length; i += 500) {
    const batch = phones.slice(i, i + 500);
    const found = new Set((await db.selectFrom('users').select('phone').where('phone', 'in', batch).execute()).map((row) => row.phone));
    for (const phone of batch) if (!found.has(phone)) lost.push(`member ${phone} missing`);
  }
  return lost;
}

export function describeLedger(ledger: Ledger): string {
  return `${ledger.cartLines.size} cart lines and ${ledger.members.size} registrations acknowledged`;
}
