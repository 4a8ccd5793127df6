import { sql } from 'kysely';
import { AnswerLog, Checks } from './faults-answers.ts';
import { batteryApplicationName, outputMark, readinessOf, troubleOf, type BatteryCluster } from './faults-cluster.ts';
import { describeLedger, loopbackTransport, lostWrites, WriteLoad } from './faults-write-load.ts';

/**
 * PostgreSQL away under write load through nginx, in two ways:
 * 1. its connections terminated (`pg_terminate_backend` of every connection of the store's
 *    database but the battery's own), again and again: what an administrator or a failover does;
 * 2. the database restarted: the shared PostgreSQL server is never restarted here (other work
 *    uses it), so the TCP proxy in front of it is cut for some seconds instead — every
 *    connection dropped, new ones refused, then accepted again — which is what a restart looks
 *    like to the app.
 * Checks: every answer ok or a clean failure (the envelope with a Chinese msg, or the 503 page),
 * never a 500; /readyz not ready in every process while the database is away; no process exits
 * (no restart by the runner, no error-level log line); writes succeed again by themselves; no
 * acknowledged write is lost.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateStoreConnections(cluster: BatteryCluster): Promise<number> {
  const result = await sql<{ terminated: boolean }>`
    select pg_terminate_backend(pid) as terminated from pg_stat_activity
    where datname = ${cluster.databaseName} and pid <> pg_backend_pid() and application_name <> ${batteryApplicationName}`.execute(cluster.db.kysely);
  return result.rows.filter((row) => row.terminated).length;
}

/** How long from `from` until every process's /readyz answers ready, polling; null when not within the timeout. */
async function untilAllReady(cluster: BatteryCluster, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await readinessOf(cluster.processUrls)).every((report) => report?.status === 'ready')) return Date.now() - started;
    await sleep(200);
  }
  return null;
}

function nginxErrorLines(cluster: BatteryCluster): string[] {
  return cluster.nginxErrors().filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
}

export async function postgresFault(cluster: BatteryCluster, options: { short: boolean }): Promise<boolean> {
  const mark = outputMark(cluster);
  const checks = new Checks('faults postgres');
  const terminateForMs = options.short ? 6000 : 15_000;
  const cutForMs = options.short ? 5000 : 10_000;
  const recoveryMs = options.short ? 4000 : 8000;
  const restartsBefore = cluster.cluster.processes.map((app) => app.restarts);
  const pidsBefore = cluster.cluster.processes.map((app) => app.pid);
  const nginxErrorsBefore = nginxErrorLines(cluster).length;
  const log = new AnswerLog();
  const load = await WriteLoad.prepare({
    transport: loopbackTransport(cluster.url),
    db: cluster.db.kysely,
    cartWriters: 4,
    registrationWriters: 1,
    pageReaders: 2,
    log,
  });
  load.start();
  await sleep(2000);

  console.log(`postgres: terminating the store's connections every second for ${terminateForMs / 1000} s`);
  const terminateFrom = Date.now();
  let terminated = 0;
  while (Date.now() - terminateFrom < terminateForMs) {
    terminated += await terminateStoreConnections(cluster);
    await sleep(1000);
  }
  const terminateTo = Date.now();
  await sleep(recoveryMs);
  const duringTerminations = log.between(terminateFrom, terminateTo);
  console.log(`  while terminated: ${AnswerLog.tally(duringTerminations)}`);
  checks.expect(terminated > 0, 'connections were terminated', `${terminated} backends`);
  const afterTerminations = log.between(terminateTo + 2000, terminateTo + recoveryMs);
  checks.expect(
    afterTerminations.length > 0 && AnswerLog.count(afterTerminations, 'ok') === afterTerminations.length,
    'every request from 2 s after the last termination succeeded',
    AnswerLog.tally(afterTerminations),
  );

  console.log(`postgres: cutting the proxy in front of PostgreSQL for ${cutForMs / 1000} s (a restart, as the app sees it)`);
  const cutAt = Date.now();
  await cluster.postgresProxy.cut();
  let allNotReady = false;
  while (Date.now() - cutAt < cutForMs) {
    const reports = await readinessOf(cluster.processUrls);
    if (reports.every((report) => report?.status !== 'ready' && report?.checks.database?.ok === false)) allNotReady = true;
    await sleep(500);
  }
  await cluster.postgresProxy.open();
  const openedAt = Date.now();
  const readyAfterMs = await untilAllReady(cluster, 30_000);
  await sleep(recoveryMs);
  await load.stop();

  const duringCut = log.between(cutAt, openedAt);
  console.log(`  while cut: ${AnswerLog.tally(duringCut)}`);
  checks.expect(allNotReady, "every process's /readyz said not ready (database) during the cut");
  checks.expect(AnswerLog.count(duringCut, 'clean') > 0, 'requests during the cut were refused in the envelope or the 503 page', AnswerLog.tally(duringCut));
  checks.expect(
    readyAfterMs !== null,
    'every process ready again by itself',
    readyAfterMs === null ? 'not within 30 s' : `${readyAfterMs} ms after the proxy opened`,
  );
  const firstOk = log.answers.filter((answer) => answer.verdict === 'ok' && answer.startedAt >= openedAt).sort((a, b) => a.endedAt - b.endedAt)[0];
  checks.note(`first successful request ${firstOk ? `${firstOk.endedAt - openedAt} ms` : 'never'} after the proxy opened`);
  const afterCut = log.between(openedAt + 3000, openedAt + recoveryMs);
  checks.expect(
    afterCut.length > 0 && AnswerLog.count(afterCut, 'ok') === afterCut.length,
    'every request from 3 s after the database came back succeeded',
    AnswerLog.tally(afterCut),
  );

  const bad = log.answers.filter((answer) => answer.verdict === 'bad');
  checks.expect(
    bad.length === 0,
    'never a 500, never an answer outside the envelope, never a connection error',
    `${log.answers.length} answers: ${AnswerLog.tally(log.answers)}`,
  );
  const slowest = Math.max(...log.answers.map((answer) => answer.endedAt - answer.startedAt));
  checks.note(`slowest answer ${slowest} ms (a request waits at most 5 s for a connection)`);
  const restarts = cluster.cluster.processes.map((app, i) => app.restarts - (restartsBefore[i] ?? 0));
  checks.expect(
    restarts.every((count) => count === 0) && cluster.cluster.processes.every((app, i) => app.pid === pidsBefore[i]),
    'no process exited',
    `restarts ${restarts.join(', ')}`,
  );
  const trouble = troubleOf(cluster, mark);
  checks.expect(trouble.length === 0, 'no process logged an error', trouble.slice(0, 5).join('\n'));
  const nginxErrors = nginxErrorLines(cluster).slice(nginxErrorsBefore);
  checks.note(`nginx logged ${nginxErrors.length} upstream errors${nginxErrors[0] ? `, e.g. ${nginxErrors[0].slice(0, 200)}` : ''}`);
  checks.note(describeLedger(load.ledger));
  const lost = await lostWrites(cluster.db.kysely, load.ledger);
  checks.expect(lost.length === 0, 'every acknowledged write is in the database', lost.slice(0, 5).join('; '));
  return checks.finish();
}
