import { Checks } from './faults-answers.ts';
import { outputMark, readinessOf, troubleOf, type BatteryCluster } from './faults-cluster.ts';
import { adCloseRace, formatTally, loginAccountRace, loginAddressRace, roundRobinTransport, smsAddressRace, type RaceResult } from './races-run.ts';

/**
 * Redis unavailable (decision 0009: the counters fall back to the database's, limits never
 * open). Redis is cut away from every process by the TCP proxy in front of it; meanwhile
 * logins, SMS sends and ad closes are raced over the processes and must answer with their
 * limits exact (the database's counters), /readyz must say `redis unreachable, using database`,
 * nothing may 500 and no process may exit. Once the proxy is open again every process must
 * report Redis again and new counts must land in Redis, not in the database.
 */
const fallbackDetail = 'redis unreachable, using database';

async function waitForCounters(cluster: BatteryCluster, detail: string, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const reports = await readinessOf(cluster.processUrls);
    if (reports.every((report) => report?.checks.rateLimitCounters?.detail === detail)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

async function redisCounterKeys(cluster: BatteryCluster): Promise<number> {
  let count = 0;
  let cursor = '0';
  do {
    const [next, keys] = await cluster.redis.scan(cursor, 'MATCH', 'rate:*', 'COUNT', 1000);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}

async function databaseCounterRows(cluster: BatteryCluster): Promise<number> {
  const row = await cluster.db.kysely
    .selectFrom('rateCounters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

function reportRace(checks: Checks, when: string, result: RaceResult): void {
  const problems = result.problems.length > 0 ? `; ${result.problems.join('; ')}` : '';
  checks.expect(result.problems.length === 0, `${when}: ${result.name}`, `${formatTally(result.tally)}, all answered in ${result.ms} ms${problems}`);
}

export async function redisFault(cluster: BatteryCluster, options: { short: boolean }): Promise<boolean> {
  const mark = outputMark(cluster);
  const checks = new Checks('faults redis');
  const context = { transport: roundRobinTransport(cluster.processUrls), db: cluster.db.kysely };
  const races = options.short ? [loginAccountRace, smsAddressRace, adCloseRace] : [loginAccountRace, loginAddressRace, smsAddressRace, adCloseRace];
  const before = await readinessOf(cluster.processUrls);
  checks.expect(
    before.every((report) => report?.checks.rateLimitCounters?.detail === 'redis'),
    'before the outage every process counts in Redis',
    before.map((report) => report?.checks.rateLimitCounters?.detail ?? 'no answer').join(', '),
  );

  console.log(`redis: cutting Redis away from ${cluster.processUrls.length} processes`);
  await cluster.redisProxy.cut();
  const databaseRowsAtCut = await databaseCounterRows(cluster);
  const noticedMs = await waitForCounters(cluster, fallbackDetail, 15_000);
  checks.expect(noticedMs !== null, `every process's /readyz says "${fallbackDetail}"`, noticedMs === null ? 'not within 15 s' : `after ${noticedMs} ms`);
  const ready = await readinessOf(cluster.processUrls);
  checks.expect(
    ready.every((report) => report?.status === 'ready'),
    'the processes stay ready (degraded, not down)',
    ready.map((report) => report?.status ?? 'no answer').join(', '),
  );
  for (const race of races) {
    reportRace(checks, 'Redis down', await race(context));
  }
  const databaseRowsInOutage = (await databaseCounterRows(cluster)) - databaseRowsAtCut;
  checks.expect(databaseRowsInOutage > 0, 'the limits were counted in the database meanwhile', `${databaseRowsInOutage} new rate_counters rows`);

  console.log('redis: opening the proxy again');
  await cluster.redisProxy.open();
  const backMs = await waitForCounters(cluster, 'redis', 30_000);
  checks.expect(backMs !== null, 'every process reports Redis again', backMs === null ? 'not within 30 s' : `after ${backMs} ms`);
  const redisKeysBefore = await redisCounterKeys(cluster);
  const databaseRowsBefore = await databaseCounterRows(cluster);
  reportRace(checks, 'Redis back', await loginAccountRace(context));
  const newRedisKeys = (await redisCounterKeys(cluster)) - redisKeysBefore;
  const newDatabaseRows = (await databaseCounterRows(cluster)) - databaseRowsBefore;
  checks.expect(
    newRedisKeys > 0 && newDatabaseRows === 0,
    'counts are back in Redis',
    `${newRedisKeys} new keys in Redis, ${newDatabaseRows} new rows in the database`,
  );

  const trouble = troubleOf(cluster, mark);
  checks.expect(trouble.length === 0, 'no process exited or logged an error', trouble.slice(0, 5).join('\n'));
  return checks.finish();
}
