import { parseArgs } from 'node:util';
import { createDb } from '../src/server/db/create-db.ts';
import { startBatteryCluster } from './faults-cluster.ts';
import { runCli } from './lib/cli-options.ts';
import { roundRobinTransport, runRaces } from './races-run.ts';

/**
 * The foundations issue's races against several processes: each race's concurrent requests go
 * to the processes in turn, so that the limits must hold in the shared counters (Redis) and
 * the database, not in one process's memory.
 *   npx tsx battery/races.ts [--processes 3] [--rounds 3] [--short]
 *     starts its own cluster (deploy/cluster: PostgreSQL + Redis, BUILD_DIR's build; see faults-cluster.ts)
 *   npx tsx battery/races.ts --base-urls http://127.0.0.1:3101,http://127.0.0.1:3102,… --database-url postgres://…
 *     races a running store's processes (each client connects from a loopback address of its own, 127.x.y.z)
 * Races: 20 wrong passwords for one account (5 checked), 30 wrong logins from one address (20
 * checked), 10 new parts at 499 cart lines (1 added), 25 SMS sends from one address (20 sent),
 * 35 ad closes by one visitor (30 taken), 40 orders for the last 10 packs of a part (10 placed, stock 0).
 * Exits 1 when any race ends otherwise.
 */
await runCli(async () => {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '3' },
      rounds: { type: 'string' },
      short: { type: 'boolean', default: false },
      'base-urls': { type: 'string' },
      'database-url': { type: 'string' },
      'build-dir': { type: 'string' },
    },
    strict: true,
  });
  const rounds = Number(values.rounds ?? (values.short ? 1 : 3));
  if (values['base-urls']) {
    if (!values['database-url']) throw new Error('--database-url is required with --base-urls (the races set up members and carts in the database)');
    const baseUrls = values['base-urls'].split(',');
    const db = createDb(values['database-url'], { poolSize: 4 });
    console.log(`races: ${rounds} round(s) against ${baseUrls.join(', ')}`);
    try {
      return await runRaces({ transport: roundRobinTransport(baseUrls), db: db.kysely }, rounds);
    } finally {
      await db.destroy();
    }
  }
  const cluster = await startBatteryCluster({ processes: Number(values.processes), seedSkus: values.short ? 600 : 2000, buildDir: values['build-dir'] });
  try {
    console.log(`races: ${rounds} round(s) against ${cluster.processUrls.join(', ')}`);
    return await runRaces({ transport: roundRobinTransport(cluster.processUrls), db: cluster.db.kysely }, rounds);
  } finally {
    await cluster.stop();
  }
});
