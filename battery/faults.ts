import { parseArgs } from 'node:util';
import { startBatteryCluster, type BatteryCluster } from './faults-cluster.ts';
import { killFault } from './faults-kill.ts';
import { postgresFault } from './faults-postgres.ts';
import { redisFault } from './faults-redis.ts';
import { sqliteIoFault } from './faults-sqlite-io.ts';
import { runCli } from './lib/cli-options.ts';
import { roundRobinTransport, runRaces } from './races-run.ts';

/**
 * The battery's faults (and, on the same cluster, its races):
 *   npx tsx battery/faults.ts [sqlite-io] [races] [redis] [postgres] [kill] [--short] [--processes 3] [--build-dir dist]
 * No name: all of them. sqlite-io runs one SQLite store under libfiu (faults-sqlite-io.ts); the
 * others share one cluster of the production build on PostgreSQL + Redis behind nginx
 * (faults-cluster.ts), in this order: races, redis, postgres, kill (the kill last: it leaves a
 * restarted process behind). --short: shorter fault windows and one round of races, for CI.
 * Needs a build (BUILD_DIR or dist), nginx, fiu-utils, PostgreSQL and Redis
 * (BATTERY_POSTGRES_URL, BATTERY_REDIS_URL). Exits 1 when a check fails, 2 when it could not run.
 */
const clusterFaults = { races: racesOnCluster, redis: redisFault, postgres: postgresFault, kill: killFault } as const;
type FaultName = 'sqlite-io' | keyof typeof clusterFaults;
const order: FaultName[] = ['sqlite-io', 'races', 'redis', 'postgres', 'kill'];

function racesOnCluster(cluster: BatteryCluster, options: { short: boolean }): Promise<boolean> {
  return runRaces({ transport: roundRobinTransport(cluster.processUrls), db: cluster.db.kysely }, options.short ? 1 : 3);
}

function isFaultName(name: string): name is FaultName {
  return (order as string[]).includes(name);
}

await runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { short: { type: 'boolean', default: false }, processes: { type: 'string', default: '3' }, 'build-dir': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const unknown = positionals.filter((name) => !isFaultName(name));
  if (unknown.length > 0) throw new Error(`unknown fault ${unknown.join(', ')}; choose from ${order.join(', ')}`);
  const chosen = positionals.length === 0 ? order : order.filter((name) => positionals.includes(name));
  const options = { short: values.short };
  const results: [string, boolean][] = [];
  const started = Date.now();

  if (chosen.includes('sqlite-io')) {
    console.log('\n━━━ faults: sqlite-io ━━━');
    results.push(['sqlite-io', await sqliteIoFault({ ...options, buildDir: values['build-dir'] })]);
  }
  const onCluster = chosen.filter((name): name is keyof typeof clusterFaults => name !== 'sqlite-io');
  if (onCluster.length > 0) {
    const cluster = await startBatteryCluster({ processes: Number(values.processes), seedSkus: values.short ? 600 : 2000, buildDir: values['build-dir'] });
    try {
      for (const name of onCluster) {
        console.log(`\n━━━ faults: ${name} ━━━`);
        results.push([name, await clusterFaults[name](cluster, options)]);
      }
    } finally {
      await cluster.stop();
    }
  }
  console.log(
    `\nfaults: ${results.map(([name, passed]) => `${name} ${passed ? 'passed' : 'FAILED'}`).join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return results.every(([, passed]) => passed);
});
