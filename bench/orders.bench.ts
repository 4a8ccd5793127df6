/**
 * Order placement over HTTP: 50 buyers at once, each in a loop of "add a part to the cart, place
 * the order" (pickup, no coupon), against the production build on SQLite and on PostgreSQL, with
 * pgbench's TPC-B-like run on the same PostgreSQL server, same machine, same run, as the reference
 * for what the database alone does. After each engine's run: no product below zero, every
 * acknowledged order in the database, stock conserved (what was taken = what the orders hold),
 * and a burst of the 50 buyers for the last 25 units of one part places exactly 25.
 * Writes bench/results/orders.md.
 *
 *   npm run bench -- orders            (builds first)
 *   BUILD_DIR=data/x-dist node --import tsx bench/orders.bench.ts
 *
 * BENCH_SECONDS per engine (20), BENCH_BUYERS (50), BENCH_ORDERS_SKUS (2,000 seeded on first start);
 * BATTERY_POSTGRES_URL names the server (a database is created for the run and dropped after it).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { lineAmountCents, type PriceTier } from '../src/contract/pricing.ts';
import { cartCalls } from '../src/contract/cart-calls.ts';
import { orderCalls } from '../src/contract/order-calls.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { dropDatabase } from '../battery/faults-cluster.ts';
import { builtServerOf, freePort, spawnStore, waitUntilReady, type StoreProcess } from '../battery/faults-store-process.ts';
import { BatteryClient } from '../battery/lib/client.ts';
import { storeSession } from '../battery/lib/members.ts';
import { httpTransport } from '../battery/lib/transport.ts';
import { timingOf, type Timing } from './bench-kit.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 50);
const seedSkus = Number(process.env.BENCH_ORDERS_SKUS ?? 2000);
const postgresServer = new URL(process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
const workDir = resolve('data/bench/orders');
const hotPartCount = 20;
const lastUnits = 25;

interface Part {
  id: number;
  packSize: number;
  priceTiers: PriceTier[];
}

interface Buyer {
  client: BatteryClient;
  userId: number;
}

interface EngineResult {
  engine: string;
  orders: number;
  refused: Map<string, number>;
  ordersPerSecond: number;
  place: Timing;
  cycle: Timing;
  checks: string[];
  problems: string[];
}

interface PgbenchResult {
  tps: number;
  latency: Timing;
  transactions: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function hotParts(db: Db): Promise<Part[]> {
  const rows = await db.kysely
    .selectFrom('products')
    .select(['id', 'packSize'])
    .where('firstTierPriceE4', 'is not', null)
    .orderBy('id')
    .limit(hotPartCount)
    .execute();
  const tiers = await db.kysely
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where(
      'productId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('qtyStart')
    .execute();
  // Plenty of stock for the timed run: it measures placement, not refusals.
  await db.kysely
    .updateTable('products')
    .set({ stock: 10_000_000 })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({ ...row, priceTiers: tiers.filter((tier) => tier.productId === row.id) }));
}

async function signInBuyers(db: Db, baseUrl: string): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < buyerCount; i++) {
    const phone = `142${String(process.pid % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`;
    const member = await createMember(db.kysely, { phone, userNumber: `TO${String(process.pid % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}` });
    // A connection of its own per buyer, as 50 browsers would hold.
    const client = new BatteryClient(httpTransport(baseUrl), `buyer ${i + 1}`);
    await storeSession(db.kysely, client, phone);
    buyers.push({ client, userId: member.userId });
  }
  return buyers;
}

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

let keySequence = 0;
const placeBody = (quotedPayableCents: number) => ({
  idempotencyKey: `bench-${runId}-${String((keySequence += 1))}`,
  carrierCode: 'pickup',
  addressId: null,
  shortfallChoice: 'shipAvailable',
  memberCouponIds: [],
  quotedPayableCents,
});

async function placeLoop(
  buyer: Buyer,
  parts: Part[],
  until: number,
  out: { place: number[]; cycle: number[]; acknowledged: string[]; refused: Map<string, number> },
) {
  while (performance.now() < until) {
    const part = pick(parts);
    const cycleStarted = performance.now();
    const added = await buyer.client.postJson(cartCalls.add.path, { productId: part.id, quantity: part.packSize });
    if (added.code !== 1) throw new Error(`${buyer.client.label}: cart add answered ${added.errorCode ?? String(added.code)} ${added.msg}`);
    const started = performance.now();
    const placed = await buyer.client.postJson(orderCalls.place.path, placeBody(lineAmountCents(part.priceTiers, part.packSize)));
    const ended = performance.now();
    if (placed.code === 1) {
      out.place.push(ended - started);
      out.cycle.push(ended - cycleStarted);
      out.acknowledged.push((placed.data as { orderNo: string }).orderNo);
    } else {
      const key = placed.errorCode ?? `code ${String(placed.code)}`;
      out.refused.set(key, (out.refused.get(key) ?? 0) + 1);
    }
  }
}

async function stockOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.kysely.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/** Units the live (not cancelled) orders hold of each part. */
async function heldOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', 'o.id', 'l.orderId')
    .select(['l.productId', (eb) => eb.fn.sum<number>('l.reservedQuantity').as('held')])
    .where('l.productId', 'in', ids)
    .where('o.status', '!=', 'cancelled')
    .groupBy('l.productId')
    .execute();
  return new Map(rows.map((row) => [row.productId, row.held]));
}

/** The last units of one part to all buyers at once: exactly that many orders. */
async function lastUnitsBurst(db: Db, buyers: Buyer[], part: Part): Promise<{ placed: number; refused: number; stock: number }> {
  await db.kysely
    .updateTable('products')
    .set({ stock: lastUnits * part.packSize })
    .where('id', '=', part.id)
    .execute();
  const before = (await heldOf(db, [part.id])).get(part.id) ?? 0;
  for (const buyer of buyers) await buyer.client.postJson(cartCalls.add.path, { productId: part.id, quantity: part.packSize });
  const answers = await Promise.all(
    buyers.map((buyer) => buyer.client.postJson(orderCalls.place.path, placeBody(lineAmountCents(part.priceTiers, part.packSize)))),
  );
  const stock = (await stockOf(db, [part.id])).get(part.id) ?? -1;
  const after = (await heldOf(db, [part.id])).get(part.id) ?? 0;
  if (after - before !== lastUnits * part.packSize - stock)
    throw new Error(`last units: orders hold ${after - before}, stock fell by ${lastUnits * part.packSize - stock}`);
  return { placed: answers.filter((answer) => answer.code === 1).length, refused: answers.filter((answer) => answer.code !== 1).length, stock };
}

async function benchEngine(engine: string, databaseUrl: string, mainJs: string, buildDir: string): Promise<EngineResult> {
  const port = await freePort();
  const logFile = join(workDir, `${engine}-${runId}.log`);
  const store: StoreProcess = spawnStore({
    mainJs,
    buildDir,
    port,
    logFile,
    env: { DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-orders-secret-bench-orders-secret', SEED_SKUS: String(seedSkus), LOG_LEVEL: 'warn' },
  });
  const db = createDb(databaseUrl, { poolSize: 4 });
  try {
    await waitUntilReady(store, 300_000);
    const parts = await hotParts(db);
    const ids = parts.map((part) => part.id);
    const buyers = await signInBuyers(db, store.baseUrl);
    const stockBefore = await stockOf(db, ids);
    const heldBefore = await heldOf(db, ids);
    // Warm-up: one cycle each.
    const warm = { place: [] as number[], cycle: [] as number[], acknowledged: [] as string[], refused: new Map<string, number>() };
    await Promise.all(buyers.map((buyer) => placeLoop(buyer, parts, performance.now() + 1, warm)));
    console.log(`${engine}: ${buyerCount} buyers placing orders for ${seconds} s …`);
    const out = { place: [] as number[], cycle: [] as number[], acknowledged: [] as string[], refused: new Map<string, number>() };
    const started = performance.now();
    await Promise.all(buyers.map((buyer) => placeLoop(buyer, parts, started + seconds * 1000, out)));
    const elapsed = (performance.now() - started) / 1000;

    const checks: string[] = [];
    const problems: string[] = [];
    const negative = await db.kysely.selectFrom('products').select('id').where('stock', '<', 0).execute();
    if (negative.length > 0) problems.push(`${negative.length} products below zero`);
    else checks.push('no product below zero');
    const acknowledged = [...warm.acknowledged, ...out.acknowledged];
    const stored = await db.kysely
      .selectFrom('orders')
      .select('orderNo')
      .where(
        'userId',
        'in',
        buyers.map((buyer) => buyer.userId),
      )
      .execute();
    const storedNos = new Set(stored.map((row) => row.orderNo));
    const missing = acknowledged.filter((orderNo) => !storedNos.has(orderNo));
    if (missing.length > 0 || stored.length !== acknowledged.length)
      problems.push(`acknowledged ${acknowledged.length}, stored ${stored.length}, missing ${missing.length}`);
    else checks.push(`all ${acknowledged.length} acknowledged orders stored, none extra`);
    const stockAfter = await stockOf(db, ids);
    const heldAfter = await heldOf(db, ids);
    const unbalanced = ids.filter((id) => (stockBefore.get(id) ?? 0) - (stockAfter.get(id) ?? 0) !== (heldAfter.get(id) ?? 0) - (heldBefore.get(id) ?? 0));
    if (unbalanced.length > 0) problems.push(`stock not conserved for parts ${unbalanced.join(', ')}`);
    else checks.push(`stock conserved on the ${ids.length} parts: taken = held by the orders`);
    const burst = await lastUnitsBurst(db, buyers, pick(parts));
    if (burst.placed !== lastUnits || burst.stock !== 0) problems.push(`last ${lastUnits} units: ${burst.placed} orders, stock ${burst.stock}`);
    else checks.push(`${buyerCount} buyers at once for the last ${lastUnits} units: ${burst.placed} orders, ${burst.refused} refused, stock 0`);
    return {
      engine,
      orders: out.place.length,
      refused: out.refused,
      ordersPerSecond: out.place.length / elapsed,
      place: timingOf(out.place),
      cycle: timingOf(out.cycle),
      checks,
      problems,
    };
  } finally {
    await db.destroy();
    await store.stop();
  }
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgresServer.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresServer.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

/** pgbench's built-in TPC-B-like script, 50 clients, on a database of its own (scale 10), with per-transaction logs for p99. */
async function runPgbench(): Promise<PgbenchResult> {
  const name = `bench_pgbench_${runId}`;
  await createDatabase(name);
  const logDir = join(workDir, `pgbench-${runId}`);
  mkdirSync(logDir, { recursive: true });
  const connection = ['-h', postgresServer.hostname, '-p', postgresServer.port || '5432', '-U', decodeURIComponent(postgresServer.username || 'postgres')];
  try {
    execFileSync('pgbench', [...connection, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
    console.log(`pgbench: TPC-B-like, ${buyerCount} clients, ${seconds} s …`);
    const output = execFileSync(
      'pgbench',
      [...connection, '-c', String(buyerCount), '-j', '2', '-T', String(seconds), '-l', '--log-prefix', join(logDir, 'tx'), name],
      {
        encoding: 'utf8',
      },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 'NaN');
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 'NaN');
    const latencies: number[] = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line !== '') latencies.push(micros / 1000);
      }
    }
    return { tps, transactions, latency: timingOf(latencies) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await dropDatabase(postgresServer, name);
  }
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

function report(results: EngineResult[], pgbench: PgbenchResult | null, buildDir: string, loads: string[]): string {
  const rows = results.map(
    (result) =>
      `| ${result.engine} | ${result.orders.toLocaleString('en-US')} | **${result.ordersPerSecond.toFixed(1)}** | ${ms(result.place.p50)} | **${ms(result.place.p99)}** | ${ms(result.place.max)} | ${ms(result.cycle.p50)} | ${[...result.refused].map(([key, count]) => `${key} ${count}`).join(', ') || '0'} |`,
  );
  const pgRow = pgbench
    ? `| PostgreSQL, pgbench TPC-B-like (reference) | ${pgbench.transactions.toLocaleString('en-US')} transactions | **${pgbench.tps.toFixed(0)} tps** | ${ms(pgbench.latency.p50)} | **${ms(pgbench.latency.p99)}** | ${ms(pgbench.latency.max)} | — | — |`
    : '| pgbench | not run (pgbench not found or PostgreSQL unreachable) | | | | | | |';
  return `# Order placement benchmark

Measured by \`bench/orders.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production build (\`${buildDir}\`), one store process per engine
started fresh (${seedSkus.toLocaleString('en-US')} demo SKUs seeded on first start), ${buyerCount} members signed in, each on a keep-alive connection of its own,
in a loop for ${seconds} s: \`POST /cart/api/add\` (a random one of ${hotPartCount} parts, one pack) then \`POST /order/api/place\`
(pickup, no coupon, the payable worked out from the part's tiers). The load runs in the bench's own process on the same machine.
pgbench (PostgreSQL ${/\d+\.\d+/.exec(execFileSync('pgbench', ['--version'], { encoding: 'utf8' }))?.[0] ?? ''}) runs its built-in TPC-B-like script
(scale 10, ${buyerCount} clients, 2 threads, ${seconds} s) on the same server in the same run, as what the database alone does; its latency is per transaction from its logs.

- Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; load average after each run: ${loads.join('; ')} (the machine is shared with other work)
- A placement is one transaction: the member's row lock, the cart's selected lines, a guarded decrement per part (\`stock >= n\`), the order and its lines, the cart lines removed, an event and a message (docs/decisions/0011-orders-freight-and-placement.md)

| Engine | Orders placed | Orders/s | place p50 ms | place p99 ms | place max ms | add+place p50 ms | Refused |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
${pgRow}

Checks after each engine's run:
${results.map((result) => `- ${result.engine}: ${[...result.checks, ...result.problems.map((problem) => `**FAILED: ${problem}**`)].join('; ')}`).join('\n')}

Reading it: a placement is about fifteen statements in one transaction plus a JSON round trip through Fastify, and the cycle
adds a cart write (its own transaction) before it. On SQLite each statement is a synchronous call inside the store process and
the process's write transactions take turns on its one connection. On PostgreSQL each statement is a network round trip through
node-postgres, ten pooled connections carry the 50 buyers, each transaction waits for its commit to reach the disk, and buyers of
the same part queue on its row from the decrement to the commit (by design: that row lock is what keeps the stock from going
below zero). pgbench's TPC-B transaction is five statements with no application in between: its rate is the ceiling of what the
database does on this machine, not a target. Zero oversell is checked after each run (above), not assumed.

Command:

\`\`\`
npm run bench -- orders
# or, with a build elsewhere:
BUILD_DIR=${buildDir} BENCH_SECONDS=${seconds} BENCH_BUYERS=${buyerCount} BATTERY_POSTGRES_URL=${postgresServer.protocol}//${postgresServer.username}@${postgresServer.host}/postgres node --import tsx bench/orders.bench.ts
\`\`\`
`;
}

async function main() {
  const { buildDir, mainJs } = builtServerOf();
  mkdirSync(workDir, { recursive: true });
  const results: EngineResult[] = [];
  const loads: string[] = [];
  const loadNow = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join('/');

  const sqlitePath = join(workDir, `orders-${runId}.sqlite`);
  try {
    results.push(await benchEngine('SQLite', sqlitePath, mainJs, buildDir));
    loads.push(`SQLite ${loadNow()}`);
  } finally {
    for (const suffix of ['', '-wal', '-shm', '.secret']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  }
  await sleep(2000);

  const name = `bench_orders_${runId}`;
  const databaseUrl = await createDatabase(name);
  try {
    results.push(await benchEngine('PostgreSQL', databaseUrl, mainJs, buildDir));
    loads.push(`PostgreSQL ${loadNow()}`);
  } finally {
    await dropDatabase(postgresServer, name);
  }
  await sleep(2000);

  let pgbench: PgbenchResult | null = null;
  try {
    pgbench = await runPgbench();
    loads.push(`pgbench ${loadNow()}`);
  } catch (error) {
    console.error(`pgbench failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  const text = report(results, pgbench, buildDir.replace(`${resolve('.')}/`, ''), loads);
  writeFileSync(resolve('bench/results/orders.md'), text);
  console.log(text);
  if (results.some((result) => result.problems.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
