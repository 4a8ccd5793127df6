import { connect } from 'node:net';
import { AnswerLog, Checks } from './faults-answers.ts';
import { outputMark, readinessOf, troubleOf, type BatteryCluster } from './faults-cluster.ts';
import { OrderLoad } from './faults-order-load.ts';
import { describeLedger, loopbackTransport, lostWrites, WriteLoad } from './faults-write-load.ts';

/**
 * `kill -9` of one process under write load through nginx. A request in flight to the killed
 * process may fail (nginx retries only idempotent requests; a POST it had sent gets nginx's 503
 * envelope). "In flight" lasts until the process's port refuses connections: Linux closes a
 * killed process's sockets late in its exit (after freeing its memory), so for 0.1–0.3 s after
 * SIGKILL on this machine connections are still accepted (and nginx's kept-alive ones still
 * open), and a POST sent then dies with the process. Every request started after that must succeed, on the
 * other processes (nginx resends a refused connection to the next one); no acknowledged write may be lost; the others
 * neither exit nor log errors. Beside it a burst of orders (faults-order-load.ts): every acknowledged order
 * is in the database and stock + units held by orders is what it was (no placement half-written). The runner starts the killed process again (after 1 s): how long
 * until it is ready is reported.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** When the killed process's port first refused a connection: until then the kernel still accepts for it. */
async function untilRefused(port: number, since: number): Promise<number> {
  while (Date.now() - since < 10_000) {
    if (await refuses(port)) return Date.now();
    await sleep(5);
  }
  throw new Error(`port ${port} still accepted connections 10 s after SIGKILL`);
}

export async function killFault(cluster: BatteryCluster, options: { short: boolean }): Promise<boolean> {
  const checks = new Checks('faults kill');
  const victim = cluster.cluster.processes[1] ?? cluster.cluster.processes[0];
  if (!victim || cluster.cluster.processes.length < 2) throw new Error('the kill fault needs at least 2 processes');
  const survivors = cluster.cluster.processes.filter((app) => app !== victim);
  const mark = outputMark(cluster);
  const restartsBefore = victim.restarts;
  const log = new AnswerLog();
  const load = await WriteLoad.prepare({
    transport: loopbackTransport(cluster.url),
    db: cluster.db.kysely,
    cartWriters: 6,
    registrationWriters: 1,
    pageReaders: 2,
    log,
  });
  const orders = await OrderLoad.prepare({ transport: loopbackTransport(cluster.url), db: cluster.db.kysely, buyers: 4, log });
  load.start();
  orders.start();
  await sleep(options.short ? 2000 : 4000);

  const pid = victim.pid;
  console.log(`kill: kill -9 ${victim.name} (pid ${String(pid)}) under load through nginx`);
  const killedAt = Date.now();
  victim.signal('SIGKILL');
  const goneAt = await untilRefused(victim.port, killedAt);
  await sleep(options.short ? 4000 : 10_000);
  let restartedMs: number | null = null;
  while (Date.now() - killedAt < 60_000) {
    const [report] = await readinessOf([victim.url]);
    if (report?.status === 'ready' && victim.pid !== pid) {
      restartedMs = Date.now() - killedAt;
      break;
    }
    await sleep(200);
  }
  await sleep(2000);
  await load.stop();
  await orders.stop();

  const inFlight = log.answers.filter((answer) => answer.startedAt < goneAt && answer.endedAt >= killedAt);
  const after = log.between(goneAt);
  console.log(`  the killed process refused connections ${goneAt - killedAt} ms after SIGKILL (its sockets close late in its exit, after its memory is freed)`);
  console.log(`  in flight until then: ${AnswerLog.tally(inFlight)}`);
  console.log(`  started afterwards: ${AnswerLog.tally(after)}`);
  checks.expect(
    inFlight.every((answer) => answer.verdict !== 'bad'),
    'requests in flight to the dying process failed cleanly if at all (nginx resends only idempotent ones)',
    AnswerLog.tally(inFlight),
  );
  checks.expect(
    after.length > 0 && AnswerLog.count(after, 'ok') === after.length,
    'every request started after it was gone succeeded (the others keep serving)',
    `${after.length} requests`,
  );
  for (const failed of after.filter((answer) => answer.verdict !== 'ok').slice(0, 5)) {
    checks.note(
      `${failed.path} started ${failed.startedAt - killedAt} ms after the kill, answered ${failed.label} after ${failed.endedAt - failed.startedAt} ms`,
    );
  }
  const bad = log.answers.filter((answer) => answer.verdict === 'bad');
  checks.expect(bad.length === 0, 'no 500, no answer outside the envelope, no connection error from nginx', AnswerLog.tally(log.answers));
  checks.note(describeLedger(load.ledger));
  const lost = await lostWrites(cluster.db.kysely, load.ledger);
  checks.expect(lost.length === 0, 'every acknowledged write is in the database', lost.slice(0, 5).join('; '));
  const orderProblems = await orders.problems();
  checks.expect(
    orderProblems.length === 0,
    'every acknowledged order is in the database, none half-written: stock + units held by orders unchanged',
    orderProblems.length === 0 ? orders.describe() : orderProblems.slice(0, 5).join('; '),
  );
  checks.expect(
    victim.restarts > restartsBefore && restartedMs !== null,
    'the runner started the killed process again',
    restartedMs === null ? 'not ready within 60 s' : `ready ${restartedMs} ms after the kill`,
  );
  const survivorNames = new Set(survivors.map((app) => app.name));
  const trouble = troubleOf(cluster, mark).filter((line) => survivorNames.has(line.slice(0, line.indexOf(':'))));
  checks.expect(trouble.length === 0, `the others (${[...survivorNames].join(', ')}) neither exited nor logged an error`, trouble.slice(0, 5).join('\n'));
  return checks.finish();
}
