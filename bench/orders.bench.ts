/**
 * Order placement over HTTP: 50 buyers at once, each in a loop of "add a part to the cart, place
 * the order" (pickup, no coupon), against the production build on SQLite and on PostgreSQL, in
 * rounds alternating with the same cycle run in the bench's process through the same services (the
 * in-process baseline, with each cycle's statements counted), with pgbench's TPC-B-like run on the same PostgreSQL server, same machine, same run, as the reference
 * for what the database alone does. After each engine's run: no product below zero, every
 * acknowledged order in the database, stock conserved (what was taken = what the orders hold),
 * and a burst of the 50 buyers for the last 25 units of one part places exactly 25.
 * Writes bench/results/orders.md.
 *
 *   npm run bench -- orders            (builds first)
 *   BUILD_DIR=data/x-dist node --import tsx bench/orders.bench.ts
 *
 * BENCH_SECONDS per engine (20), BENCH_BUYERS (50), BENCH_ORDERS_SKUS (2,000 seeded on first start);
 * BATTERY_POSTGRES_URL names the server (a database is created for the run and dropped after it);
 * BENCH_ORDERS_PROFILE_DIR has each store process write a CPU profile there.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { lineAmountCents, type PriceTier } from '../src/contract/pricing.ts';
import { cartCalls } from '../src/contract/cart-calls.ts';
import { orderCalls } from '../src/contract/order-calls.ts';
import { orderRequests } from '../src/contract/order-requests.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { addToCart } from '../src/server/features/cart/cart.service.ts';
import { placeOrder } from '../src/server/features/order/order-placement.service.ts';
import { countStatements } from '../src/server/testing/statement-counter.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { dropDatabase } from '../battery/faults-cluster.ts';
import { builtServerOf, freePort, spawnStore, waitUntilReady, type StoreProcess } from '../battery/faults-store-process.ts';
import { BatteryClient } from '../battery/lib/client.ts';
import { storeSession } from '../battery/lib/members.ts';
import { httpTransport } from '../battery/lib/transport.ts';
import { timingOf, type Timing } from './bench-kit.ts';
import { summariseCpuProfile } from './cpu-profile-summary.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 50);
const seedSkus = Number(process.env.BENCH_ORDERS_SKUS ?? 2000);
const profileDir = process.env.BENCH_ORDERS_PROFILE_DIR;
const postgresServer = new URL(process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
const workDir = resolve('data/bench/orders');
const hotPartCount = 20;
const lastUnits = 25;
/** HTTP and in-process rounds, alternating, in BENCH_SECONDS each side. */
const rounds = 3;

interface Part {
  id: number;
  packSize: number;
  priceTiers: PriceTier[];
}

interface Buyer {
  client: BatteryClient;
  userId: number;
}

/** The same cycle run in the bench's process through the services, without HTTP, sessions or JSON. */
interface InProcessResult {
  ordersPerSecond: number;
  place: Timing;
  /** Statements of one add and one place, BEGIN and COMMIT included (each a round trip on PostgreSQL). */
  statements: { add: number; place: number };
}

interface EngineResult {
  engine: string;
  inProcess: InProcessResult;
  orders: number;
  refused: Map<string, number>;
  ordersPerSecond: number;
  place: Timing;
  cycle: Timing;
  checks: string[];
  problems: string[];
}

interface Outcomes {
  place: number[];
  cycle: number[];
  acknowledged: string[];
  refused: Map<string, number>;
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

async function placeLoop(buyer: Buyer, parts: Part[], until: number, out: Outcomes) {
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

const orderConfig = { paymentMinutes: 30, autoCompleteDays: 10, kuaidi100: null };

/** One buyer's add-then-place through the services, as the routes call them. */
async function inProcessCycle(db: Db, userId: number, part: Part, out: Outcomes): Promise<void> {
  const cycleStarted = performance.now();
  await addToCart(db.kysely, userId, part.id, part.packSize);
  const started = performance.now();
  try {
    const placed = await placeOrder(db.kysely, orderConfig, userId, orderRequests.place.parse(placeBody(lineAmountCents(part.priceTiers, part.packSize))));
    const ended = performance.now();
    out.place.push(ended - started);
    out.cycle.push(ended - cycleStarted);
    out.acknowledged.push(placed.orderNo);
  } catch (error) {
    const key = error instanceof Error ? error.message : String(error);
    out.refused.set(key, (out.refused.get(key) ?? 0) + 1);
  }
}

/** One cycle's statements through the services, BEGIN and COMMIT included (each a round trip on PostgreSQL). */
async function statementsOfOneCycle(db: Db, buyer: Buyer, part: Part, out: Outcomes): Promise<{ add: number; place: number }> {
  const add = await countStatements(() => addToCart(db.kysely, buyer.userId, part.id, part.packSize));
  const body = orderRequests.place.parse(placeBody(lineAmountCents(part.priceTiers, part.packSize)));
  const place = await countStatements(async () => out.acknowledged.push((await placeOrder(db.kysely, orderConfig, buyer.userId, body)).orderNo));
  return { add: add.length, place: place.length };
}

const newOutcomes = (): Outcomes => ({ place: [], cycle: [], acknowledged: [], refused: new Map() });

/**
 * The timed run: rounds of the HTTP cycle and of the same cycle in-process (the bench's own pool, the
 * store idle meanwhile), A, B, A, B, so that both meet the same machine. The in-process side is the
 * baseline: the same services without HTTP, sessions, validation or JSON.
 */
async function timedRounds(inProcessDb: Db, buyers: Buyer[], parts: Part[]) {
  const http = { out: newOutcomes(), seconds: 0 };
  const inProcess = { out: newOutcomes(), seconds: 0 };
  const roundSeconds = seconds / rounds;
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    await Promise.all(buyers.map((buyer) => placeLoop(buyer, parts, started + roundSeconds * 1000, http.out)));
    http.seconds += (performance.now() - started) / 1000;
    started = performance.now();
    const until = started + roundSeconds * 1000;
    await Promise.all(
      buyers.map(async (buyer) => {
        while (performance.now() < until) await inProcessCycle(inProcessDb, buyer.userId, pick(parts), inProcess.out);
      }),
    );
    inProcess.seconds += (performance.now() - started) / 1000;
  }
  return { http, inProcess };
}

async function benchEngine(engine: string, databaseUrl: string, mainJs: string, buildDir: string): Promise<EngineResult> {
  const port = await freePort();
  const logFile = join(workDir, `${engine}-${runId}.log`);
  const store: StoreProcess = spawnStore({
    mainJs,
    buildDir,
    port,
    logFile,
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-orders-secret-bench-orders-secret',
      SEED_SKUS: String(seedSkus),
      LOG_LEVEL: 'warn',
    },
    // BENCH_ORDERS_PROFILE_DIR: each store process writes a V8 CPU profile there when it stops (bench/cpu-profile-summary.ts reads it).
    ...(profileDir ? { wrapper: { program: '/bin/sh', args: ['-c', `exec "$0" --cpu-prof --cpu-prof-dir=${profileDir}/${engine} "$1"`] } } : {}),
  });
  const db = createDb(databaseUrl, { poolSize: 4 });
  // The in-process side's pool: the store's size (config.ts's default), as it would have.
  const inProcessDb = createDb(databaseUrl);
  try {
    await waitUntilReady(store, 300_000);
    const parts = await hotParts(db);
    const ids = parts.map((part) => part.id);
    const buyers = await signInBuyers(db, store.baseUrl);
    const stockBefore = await stockOf(db, ids);
    const heldBefore = await heldOf(db, ids);
    // Warm-up: one cycle each, both ways; the in-process side's first cycle is counted statement by statement.
    const warm = newOutcomes();
    await Promise.all(buyers.map((buyer) => placeLoop(buyer, parts, performance.now() + 1, warm)));
    const [firstBuyer, firstPart] = [buyers[0], parts[0]];
    if (!firstBuyer || !firstPart) throw new Error('no buyer or part');
    const statements = await statementsOfOneCycle(inProcessDb, firstBuyer, firstPart, warm);
    console.log(`${engine}: ${buyerCount} buyers placing orders for ${seconds} s over HTTP and ${seconds} s in-process, in ${rounds} rounds each …`);
    const { http, inProcess } = await timedRounds(inProcessDb, buyers, parts);
    const { checks, problems } = await checkAfterRun(db, buyers, parts, {
      acknowledged: [...warm.acknowledged, ...http.out.acknowledged, ...inProcess.out.acknowledged],
      stockBefore,
      heldBefore,
    });
    return {
      engine,
      inProcess: { ordersPerSecond: inProcess.out.place.length / inProcess.seconds, place: timingOf(inProcess.out.place), statements },
      orders: http.out.place.length,
      refused: http.out.refused,
      ordersPerSecond: http.out.place.length / http.seconds,
      place: timingOf(http.out.place),
      cycle: timingOf(http.out.cycle),
      checks,
      problems,
    };
  } finally {
    await inProcessDb.destroy();
    await db.destroy();
    await store.stop();
  }
}

/** After both sides' rounds: nothing below zero, every acknowledged order stored, stock conserved, and the last-units burst. */
async function checkAfterRun(
  db: Db,
  buyers: Buyer[],
  parts: Part[],
  run: { acknowledged: string[]; stockBefore: Map<number, number>; heldBefore: Map<number, number> },
): Promise<{ checks: string[]; problems: string[] }> {
  const ids = parts.map((part) => part.id);
  const checks: string[] = [];
  const problems: string[] = [];
  const negative = await db.kysely.selectFrom('products').select('id').where('stock', '<', 0).execute();
  if (negative.length > 0) problems.push(`${negative.length} products below zero`);
  else checks.push('no product below zero');
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
  const missing = run.acknowledged.filter((orderNo) => !storedNos.has(orderNo));
  if (missing.length > 0 || stored.length !== run.acknowledged.length)
    problems.push(`acknowledged ${run.acknowledged.length}, stored ${stored.length}, missing ${missing.length}`);
  else checks.push(`all ${run.acknowledged.length} acknowledged orders (HTTP and in-process) stored, none extra`);
  const stockAfter = await stockOf(db, ids);
  const heldAfter = await heldOf(db, ids);
  const unbalanced = ids.filter(
    (id) => (run.stockBefore.get(id) ?? 0) - (stockAfter.get(id) ?? 0) !== (heldAfter.get(id) ?? 0) - (run.heldBefore.get(id) ?? 0),
  );
  if (unbalanced.length > 0) problems.push(`stock not conserved for parts ${unbalanced.join(', ')}`);
  else checks.push(`stock conserved on the ${ids.length} parts: taken = held by the orders`);
  const burst = await lastUnitsBurst(db, buyers, pick(parts));
  if (burst.placed !== lastUnits || burst.stock !== 0) problems.push(`last ${lastUnits} units: ${burst.placed} orders, stock ${burst.stock}`);
  else checks.push(`${buyerCount} buyers at once for the last ${lastUnits} units: ${burst.placed} orders, ${burst.refused} refused, stock 0`);
  return { checks, problems };
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

const ratio = (value: number, baseline: number) => (baseline > 0 ? `${(value / baseline).toFixed(3)}×` : '—');

function ratioLines(results: EngineResult[], pgbench: PgbenchResult | null): string[] {
  return results.map((result) => {
    const versusInProcess = `${ratio(result.ordersPerSecond, result.inProcess.ordersPerSecond)} of the same cycle in-process (${result.inProcess.ordersPerSecond.toFixed(1)} orders/s, place p99 ${ms(result.inProcess.place.p99)} ms)`;
    const versusPgbench = result.engine === 'PostgreSQL' && pgbench ? `; **${ratio(result.ordersPerSecond, pgbench.tps)} of pgbench** (goal ≥ 0.5×)` : '';
    const goal = result.engine === 'SQLite' ? ' (goal ≥ 0.5×)' : '';
    return `- ${result.engine} over HTTP: **${versusInProcess}**${goal}${versusPgbench}; one cycle is ${result.inProcess.statements.add} statements to add and ${result.inProcess.statements.place} to place, BEGIN and COMMIT included`;
  });
}

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
In between, in ${rounds} alternating rounds (HTTP, in-process, HTTP…), the same ${buyerCount} buyers run the same cycle for ${seconds} s in all
in the bench's process through the same services (\`addToCart\`, \`placeOrder\`) on a pool of their own, the store idle: the in-process
baseline, without HTTP, sessions, validation or JSON (the bench runs the TypeScript sources through tsx, the store its production build).
pgbench (PostgreSQL ${/\d+\.\d+/.exec(execFileSync('pgbench', ['--version'], { encoding: 'utf8' }))?.[0] ?? ''}) runs its built-in TPC-B-like script
(scale 10, ${buyerCount} clients, 2 threads, ${seconds} s) on the same server in the same run, as what the database alone does; its latency is per transaction from its logs.

- Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; load average after each run: ${loads.join('; ')} (the machine is shared with other work)
- A placement is one transaction: the member's row lock, the cart's selected lines, a guarded decrement per part (\`stock >= n\`), the order and its lines, the cart lines removed, an event and a message (docs/decisions/0011-orders-freight-and-placement.md)

| Engine | Orders placed | Orders/s | place p50 ms | place p99 ms | place max ms | add+place p50 ms | Refused |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
${pgRow}

Ratios, same run:
${ratioLines(results, pgbench).join('\n')}

Checks after each engine's run:
${results.map((result) => `- ${result.engine}: ${[...result.checks, ...result.problems.map((problem) => `**FAILED: ${problem}**`)].join('; ')}`).join('\n')}

Reading it: a placement is one transaction of the statements counted above plus a JSON round trip through Fastify, and the cycle
adds a cart write (its own transaction) before it. On SQLite each statement is a synchronous call inside the store process and
the process's write transactions take turns on its one connection. On PostgreSQL each statement is a network round trip through
node-postgres, ten pooled connections carry the 50 buyers, each transaction waits for its commit to reach the disk, and buyers of
the same part queue on its row from the decrement to the commit (by design: that row lock is what keeps the stock from going
below zero). pgbench's TPC-B transaction is five statements with no application in between: its rate is the ceiling of what the
database does on this machine. The in-process rounds say where the distance to it lies: what HTTP, sessions and JSON cost is
the gap between the two store rows and their in-process baselines; the rest is the placement itself, each of its statements a round
trip through node-postgres and Kysely on the store's one thread (bench/results/orders-profile.md: the pg driver's socket writes lead
the profile). Zero oversell is checked after each run (above), not assumed.

Command:

\`\`\`
npm run bench -- orders
# or, with a build elsewhere:
BUILD_DIR=${buildDir} BENCH_SECONDS=${seconds} BENCH_BUYERS=${buyerCount} BATTERY_POSTGRES_URL=${postgresServer.protocol}//${postgresServer.username}@${postgresServer.host}/postgres node --import tsx bench/orders.bench.ts
\`\`\`
`;
}

/** With BENCH_ORDERS_PROFILE_DIR: each store's profile summarised in bench/results/orders-profile.md, PostgreSQL's kept beside it for the flame graph. */
function writeProfileReport(dir: string, loads: readonly string[]): void {
  const sections = ['SQLite', 'PostgreSQL'].flatMap((engine) => {
    const file = readdirSync(join(dir, engine)).find((name) => name.endsWith('.cpuprofile'));
    if (!file) return [];
    const kept = resolve(`bench/results/orders-${engine.toLowerCase()}.cpuprofile`);
    copyFileSync(join(dir, engine, file), kept);
    const text = {
      title: `Where a ${engine} store's time goes placing orders (CPU profile)`,
      how: 'orders.bench.ts with BENCH_ORDERS_PROFILE_DIR, HTTP rounds only: the store idles through the in-process ones',
    };
    return [summariseCpuProfile(kept, [`${buyerCount} buyers adding a part and placing its order`], loads.join('; '), text)];
  });
  writeFileSync(resolve('bench/results/orders-profile.md'), sections.join('\n'));
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

  if (profileDir) writeProfileReport(profileDir, loads);
  const text = report(results, pgbench, buildDir.replace(`${resolve('.')}/`, ''), loads);
  writeFileSync(resolve('bench/results/orders.md'), text);
  console.log(text);
  if (results.some((result) => result.problems.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
