import { randomBytes } from 'node:crypto';
import { cartCalls } from '../src/contract/cart-calls.ts';
import { orderCalls } from '../src/contract/order-calls.ts';
import { lineAmountCents, type PriceTier } from '../src/contract/pricing.ts';
import { searchCalls } from '../src/contract/search-calls.ts';
import type { Db } from '../src/server/db/create-db.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { BatteryClient } from '../battery/lib/client.ts';
import { storeSession } from '../battery/lib/members.ts';
import { httpTransport } from '../battery/lib/transport.ts';
import type { MixOperation, MixRequest } from './mix-load.ts';

/**
 * The shop's traffic as the mix bench offers it: page views 70 % (home, a category's parametric
 * list, product pages; three visitors to one member), search 20 % (the results page and the
 * suggestion call, half each), cart 8 % (members add a part or list their cart), orders 2 % (a
 * member adds one part and places the order, paying nothing: it stays 待付款 and expires).
 */

interface Session {
  cookie: string;
  token: string;
}

interface Part {
  id: number;
  packSize: number;
  code: string;
  tiers: PriceTier[];
}

export interface MixFixture {
  parts: Part[];
  categoryPath: string;
  searchKeys: string[];
  visitor: Session;
  members: Session[];
  buyers: Session[];
}

const memberCount = 30;
const buyerCount = 40;
const partCount = 300;
/** Cart members add from these only, so a cart grows to at most this many lines over a whole run. */
const cartPartCount = 50;

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

function sessionOf(client: BatteryClient): Session {
  const { sid, csrfToken } = client;
  if (!sid || !csrfToken) throw new Error(`${client.label} has no session`);
  return { cookie: `sid=${sid}; csrfToken=${csrfToken}`, token: csrfToken };
}

async function signedIn(db: Db, baseUrl: string, count: number, prefix: string): Promise<Session[]> {
  const sessions: Session[] = [];
  const run = randomBytes(2).readUInt16BE(0) % 1000;
  for (let i = 0; i < count; i++) {
    const serial = `${String(run).padStart(3, '0')}${String(i).padStart(4, '0')}`;
    const member = await createMember(db.kysely, { phone: `14${prefix}${serial}`, userNumber: `TM${prefix}${serial}` });
    const client = new BatteryClient(httpTransport(baseUrl), `${prefix} ${i}`);
    await storeSession(db.kysely, client, member.phone);
    sessions.push(sessionOf(client));
  }
  return sessions;
}

export async function prepareMixFixture(db: Db, baseUrl: string): Promise<MixFixture> {
  const rows = await db.kysely
    .selectFrom('products')
    .select(['id', 'packSize', 'code'])
    .where('firstTierPriceE4', 'is not', null)
    .orderBy('id')
    .limit(partCount)
    .execute();
  const ids = rows.map((row) => row.id);
  const tiers = await db.kysely
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', 'in', ids)
    .orderBy('qtyStart')
    .execute();
  // The orders measure placing, not refusals for want of stock.
  await db.kysely.updateTable('products').set({ stock: 10_000_000 }).where('id', 'in', ids).execute();
  const category = await db.kysely
    .selectFrom('products')
    .select(['categoryFirstId', 'categorySecondId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['categoryFirstId', 'categorySecondId'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const visitorClient = new BatteryClient(httpTransport(baseUrl), 'visitor');
  await visitorClient.ensureSession();
  return {
    parts: rows.map((row) => ({ ...row, tiers: tiers.filter((tier) => tier.productId === row.id) })),
    categoryPath: `/choose/${String(category.categoryFirstId)}-${String(category.categorySecondId)}`,
    searchKeys: [...new Set(rows.map((row) => row.code.slice(0, 4)))].slice(0, 50),
    visitor: sessionOf(visitorClient),
    members: await signedIn(db, baseUrl, memberCount, '71'),
    buyers: await signedIn(db, baseUrl, buyerCount, '72'),
  };
}

const callHeaders = (session: Session) => ({ cookie: session.cookie, 'x-csrf-token': session.token });

function pageView(fixture: MixFixture): MixRequest {
  const roll = Math.random();
  const path = roll < 0.3 ? '/' : roll < 0.5 ? fixture.categoryPath : `/product/detail/${String(pick(fixture.parts).id)}`;
  return Math.random() < 0.75 ? { method: 'GET', path } : { method: 'GET', path, headers: { cookie: pick(fixture.members).cookie } };
}

function search(fixture: MixFixture): MixRequest {
  const key = pick(fixture.searchKeys);
  if (Math.random() < 0.5) return { method: 'GET', path: `/search?key=${encodeURIComponent(key)}` };
  return { method: 'POST', path: searchCalls.searchAssociateWord.path, headers: callHeaders(fixture.visitor), body: { key: key.slice(0, 3) } };
}

function cart(fixture: MixFixture): MixRequest {
  const member = pick(fixture.members);
  if (Math.random() < 0.5) return { method: 'POST', path: cartCalls.queryList.path, headers: callHeaders(member), body: {} };
  const part = pick(fixture.parts.slice(0, cartPartCount));
  return { method: 'POST', path: cartCalls.add.path, headers: callHeaders(member), body: { productId: part.id, quantity: part.packSize } };
}

let orderSequence = 0;

/** A free buyer adds a part (its cart holds only that line) and places it; null when every buyer is busy with an order. */
function order(fixture: MixFixture, busy: Set<Session>): MixOperation | null {
  const buyer = fixture.buyers.find((candidate) => !busy.has(candidate));
  if (!buyer) return null;
  busy.add(buyer);
  const part = pick(fixture.parts.slice(cartPartCount));
  const place = {
    idempotencyKey: `mix-${process.pid}-${String((orderSequence += 1))}-${randomBytes(4).toString('hex')}`,
    carrierCode: 'pickup',
    addressId: null,
    shortfallChoice: 'shipAvailable',
    memberCouponIds: [],
    quotedPayableCents: lineAmountCents(part.tiers, part.packSize),
  };
  return {
    kind: 'order',
    requests: () => [
      { method: 'POST', path: cartCalls.add.path, headers: callHeaders(buyer), body: { productId: part.id, quantity: part.packSize } },
      { method: 'POST', path: orderCalls.place.path, headers: callHeaders(buyer), body: place },
    ],
    done: () => busy.delete(buyer),
  };
}

const single = (kind: string, mixRequest: MixRequest): MixOperation => ({ kind, requests: () => [mixRequest] });

/** The next operation of the mix, drawn by its share. */
export function mixPicker(fixture: MixFixture): () => MixOperation {
  const busyBuyers = new Set<Session>();
  return () => {
    const roll = Math.random();
    if (roll < 0.7) return single('page', pageView(fixture));
    if (roll < 0.9) return single('search', search(fixture));
    if (roll < 0.98) return single('cart', cart(fixture));
    return order(fixture, busyBuyers) ?? single('page', pageView(fixture));
  };
}
