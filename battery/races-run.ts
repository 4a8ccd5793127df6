import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { accountErrors, SendMsgType, smsErrors } from '../src/contract/account.ts';
import { accountCalls } from '../src/contract/account-calls.ts';
import { cartErrors, maxCartLines } from '../src/contract/cart.ts';
import { cartCalls } from '../src/contract/cart-calls.ts';
import { orderErrors } from '../src/contract/order.ts';
import { orderCalls } from '../src/contract/order-calls.ts';
import { lineAmountCents } from '../src/contract/pricing.ts';
import { contentErrors } from '../src/contract/content.ts';
import { contentCalls } from '../src/contract/content-calls.ts';
import type { Database } from '../src/server/db/database.ts';
import { hashPassword } from '../src/server/features/account/password.ts';
import { loginLimits } from '../src/server/features/account/login-guard.ts';
import { smsLimits } from '../src/server/features/account/sms/sms-limits.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { loopbackTransport, randomAddress } from './faults-write-load.ts';
import { parseEnvelope } from './lib/answer-check.ts';
import { BatteryClient } from './lib/client.ts';
import { storeSession } from './lib/members.ts';
import type { Transport } from './lib/transport.ts';

/** Where a race's requests go: each request to the next process in turn (a session started on one is used on the others). */
export function roundRobinTransport(baseUrls: readonly string[]): Transport {
  const transports = baseUrls.map(loopbackTransport);
  let next = 0;
  return (raw) => {
    const transport = transports[next % transports.length];
    next += 1;
    if (!transport) throw new Error('no store to send to');
    return transport(raw);
  };
}

export interface RaceResult {
  name: string;
  /** What the answers were, errorCode (or ok) → count. */
  tally: Map<string, number>;
  problems: string[];
  /** From the first request of the race leaving to the last answer. */
  ms: number;
}

function tallyOf(bodies: string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const body of bodies) {
    const envelope = parseEnvelope(body);
    const key = !envelope ? 'not the envelope' : envelope.code === 1 ? 'ok' : (envelope.errorCode ?? `code ${envelope.code}`);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return tally;
}

function expectTally(result: RaceResult, expected: Record<string, number>): void {
  const keys = new Set([...result.tally.keys(), ...Object.keys(expected)]);
  for (const key of keys) {
    const got = result.tally.get(key) ?? 0;
    const want = expected[key] ?? 0;
    if (got !== want) result.problems.push(`${key}: ${got}, expected ${want}`);
  }
}

export function formatTally(tally: Map<string, number>): string {
  return [...tally].map(([key, count]) => `${key} ${count}`).join(', ');
}

function randomPhone(): string {
  return `144${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** Clients with sessions of their own, started before the race so that the race's requests leave together. */
async function clientsWithSessions(transport: Transport, count: number, addressOf: (i: number) => string): Promise<BatteryClient[]> {
  const clients = Array.from({ length: count }, (_, i) => new BatteryClient(transport, `racer ${i + 1}`, addressOf(i)));
  for (const client of clients) await client.ensureSession();
  return clients;
}

/**
 * The limits count in fixed windows aligned to the epoch (a minute for ad closes): a race that
 * straddled a window's end would be two races. Start well inside one.
 */
async function awayFromWindowEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

async function together(clients: BatteryClient[], path: string, bodyOf: (i: number) => unknown): Promise<{ bodies: string[]; ms: number }> {
  await awayFromWindowEdge();
  const started = Date.now();
  const responses = await Promise.all(clients.map((client, i) => client.post(path, JSON.stringify(bodyOf(i)))));
  return { bodies: responses.map((response) => response.body), ms: Date.now() - started };
}

export interface RaceContext {
  transport: Transport;
  db: Kysely<Database>;
}

/** 20 concurrent wrong passwords for one account, each from its own address and session: exactly 5 are checked, the rest locked. */
export async function loginAccountRace({ transport, db }: RaceContext): Promise<RaceResult> {
  const guesses = 20;
  const phone = randomPhone();
  const member = await createMember(db, { phone, userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
  await db
    .updateTable('users')
    .set({ passwordHash: await hashPassword('right1234') })
    .where('id', '=', member.userId)
    .execute();
  const clients = await clientsWithSessions(transport, guesses, () => randomAddress());
  const { bodies, ms } = await together(clients, accountCalls.doLogin.path, (i) => ({ loginType: 'password', userAccount: phone, password: `wrong-${i}` }));
  const result: RaceResult = { name: `${guesses} concurrent wrong passwords for one account`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { [accountErrors.badCredentials.errorCode]: loginLimits.perAccount, [accountErrors.locked.errorCode]: guesses - loginLimits.perAccount });
  const [late] = await clientsWithSessions(transport, 1, () => randomAddress());
  const right = late
    ? parseEnvelope((await late.post(accountCalls.doLogin.path, JSON.stringify({ loginType: 'password', userAccount: phone, password: 'right1234' }))).body)
    : null;
  if (right?.errorCode !== accountErrors.locked.errorCode)
    result.problems.push(`the right password afterwards answered ${right?.errorCode ?? String(right?.code)}, not account.locked`);
  return result;
}

/** 30 concurrent wrong logins for 30 accounts from one address: exactly 20 are checked, the rest locked. */
export async function loginAddressRace({ transport }: RaceContext): Promise<RaceResult> {
  const guesses = 30;
  const address = randomAddress();
  const clients = await clientsWithSessions(transport, guesses, () => address);
  const { bodies, ms } = await together(clients, accountCalls.doLogin.path, () => ({
    loginType: 'password',
    userAccount: randomPhone(),
    password: 'wrong1234',
  }));
  const result: RaceResult = { name: `${guesses} concurrent wrong logins from one address`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { [accountErrors.badCredentials.errorCode]: loginLimits.perIp, [accountErrors.locked.errorCode]: guesses - loginLimits.perIp });
  return result;
}

/** A member at 499 lines adds 10 new parts at once: exactly one fits; the cart holds 500 lines. */
export async function cartCapRace({ transport, db }: RaceContext): Promise<RaceResult> {
  const adds = 10;
  const parts = await db
    .selectFrom('products')
    .select(['id', 'packSize'])
    .orderBy('id', 'desc')
    .limit(maxCartLines - 1 + adds)
    .execute();
  if (parts.length < maxCartLines - 1 + adds) throw new Error(`the cart race needs ${maxCartLines - 1 + adds} parts; the store has ${parts.length}`);
  const member = await createMember(db, { phone: randomPhone(), userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
  const now = Date.now();
  const filled = parts.slice(0, maxCartLines - 1);
  await db
    .insertInto('cartItems')
    .values(filled.map((part) => ({ userId: member.userId, productId: part.id, quantity: part.packSize, isSelected: 1, createdAt: now, updatedAt: now })))
    .execute();
  const clients = Array.from({ length: adds }, () => new BatteryClient(transport, 'cart racer', randomAddress()));
  for (const client of clients) await storeSession(db, client, member.phone);
  const racing = parts.slice(maxCartLines - 1);
  const { bodies, ms } = await together(clients, cartCalls.add.path, (i) => ({ productId: racing[i]?.id, quantity: racing[i]?.packSize }));
  const result: RaceResult = { name: `${adds} concurrent new parts at ${maxCartLines - 1} cart lines`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { ok: 1, [cartErrors.full.errorCode]: adds - 1 });
  const lines = await db
    .selectFrom('cartItems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', member.userId)
    .executeTakeFirstOrThrow();
  if (lines.n !== maxCartLines) result.problems.push(`the cart holds ${lines.n} lines, not ${maxCartLines}`);
  return result;
}

/** 25 concurrent SMS sends to 25 new phones from one address: exactly 20 are sent. */
export async function smsAddressRace({ transport }: RaceContext): Promise<RaceResult> {
  const sends = smsLimits.perIpPerHour + 5;
  const address = randomAddress();
  const clients = await clientsWithSessions(transport, sends, () => address);
  const { bodies, ms } = await together(clients, accountCalls.sendVerificationCode.path, () => ({
    userAccount: randomPhone(),
    sendMsgType: SendMsgType.register,
  }));
  const result: RaceResult = { name: `${sends} concurrent SMS sends from one address`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { ok: smsLimits.perIpPerHour, [smsErrors.tooFrequent.errorCode]: sends - smsLimits.perIpPerHour });
  return result;
}

/** 35 concurrent ad closes by one visitor: exactly 30 are taken (the per-minute limit). */
export async function adCloseRace({ transport, db }: RaceContext): Promise<RaceResult> {
  const closes = 35;
  /** content.service.ts's limit per visitor and minute. */
  const closesPerMinute = 30;
  const ad = await db.selectFrom('ads').select('adPosId').orderBy('adPosId').executeTakeFirst();
  if (!ad) throw new Error('the store has no ads to close: seed it');
  const [visitor] = await clientsWithSessions(transport, 1, () => randomAddress());
  if (!visitor) throw new Error('no visitor');
  const { bodies, ms } = await together(
    Array.from({ length: closes }, () => visitor),
    contentCalls.updateAdvertisingStatus.path,
    () => ({ adId: ad.adPosId }),
  );
  const result: RaceResult = { name: `${closes} concurrent ad closes by one visitor`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { ok: closesPerMinute, [contentErrors.tooManyCloses.errorCode]: closes - closesPerMinute });
  return result;
}

/** 40 members with the same part in their carts order it at once, with 10 packs left: exactly 10 orders, the stock at 0. */
export async function lastUnitsRace({ transport, db }: RaceContext): Promise<RaceResult> {
  const buyers = 40;
  const left = 10;
  const part = await db
    .selectFrom('products')
    .select(['id', 'packSize'])
    .where('firstTierPriceE4', 'is not', null)
    // An end-of-life part sold down to nothing is withdrawn (order.lineNotSold), not just out of stock.
    .where('lifecycle', '!=', 'eol')
    .orderBy('id')
    .offset(randomInt(200))
    .limit(1)
    .executeTakeFirstOrThrow();
  const tiers = await db
    .selectFrom('productPrices')
    .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', '=', part.id)
    .orderBy('qtyStart')
    .execute();
  await db
    .updateTable('products')
    .set({ stock: left * part.packSize })
    .where('id', '=', part.id)
    .execute();
  const clients: BatteryClient[] = [];
  const now = Date.now();
  for (let i = 0; i < buyers; i++) {
    const member = await createMember(db, { phone: randomPhone(), userNumber: `T${String(randomInt(1e10)).padStart(10, '0')}` });
    await db
      .insertInto('cartItems')
      .values({ userId: member.userId, productId: part.id, quantity: part.packSize, isSelected: 1, createdAt: now, updatedAt: now })
      .execute();
    const client = new BatteryClient(transport, `buyer ${i + 1}`, randomAddress());
    await storeSession(db, client, member.phone);
    clients.push(client);
  }
  const { bodies, ms } = await together(clients, orderCalls.place.path, (i) => ({
    idempotencyKey: `race-${String(part.id)}-${String(now)}-${String(i)}`,
    carrierCode: 'pickup',
    addressId: null,
    shortfallChoice: 'shipAvailable',
    memberCouponIds: [],
    quotedPayableCents: lineAmountCents(tiers, part.packSize),
  }));
  const result: RaceResult = { name: `${buyers} concurrent orders for the last ${left} packs of a part`, tally: tallyOf(bodies), problems: [], ms };
  expectTally(result, { ok: left, [orderErrors.nothingInStock.errorCode]: buyers - left });
  const { stock } = await db.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow();
  if (stock !== 0) result.problems.push(`the part's stock is ${stock}, not 0`);
  return result;
}

/** Every race, `rounds` times, printed as it ends; whether all ended as they must. */
export async function runRaces(context: RaceContext, rounds: number): Promise<boolean> {
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const race of [loginAccountRace, loginAddressRace, cartCapRace, smsAddressRace, adCloseRace, lastUnitsRace]) {
      const result = await race(context);
      if (result.problems.length > 0) failures += 1;
      const problems = result.problems.length > 0 ? ` (${result.problems.join('; ')})` : '';
      console.log(
        `  ${result.problems.length === 0 ? 'ok  ' : 'FAIL'} round ${round}: ${result.name} — ${formatTally(result.tally)} in ${result.ms} ms${problems}`,
      );
    }
  }
  console.log(`races: ${failures === 0 ? 'passed' : `FAILED (${failures})`}`);
  return failures === 0;
}
