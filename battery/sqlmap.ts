/**
 * Injection battery, SQL: sqlmap against the search page, the search suggestions, the
 * parametric list and the password login of a running store. Exits 1 unless every target is
 * reported not injectable (an inconclusive run fails too) and the store answered no 5xx.
 *
 *   node --import tsx battery/sqlmap.ts --base-url http://127.0.0.1:3186 [--quick] [--level 2] [--dbms SQLite|PostgreSQL]
 *
 * Needs sqlmap on the PATH (Debian: apt-get install sqlmap). The quick form (CI) is level 1 on
 * fewer parameters; --dbms leaves out the other engines' payloads, which cannot work anyway.
 */
import { parseArgs } from 'node:util';
import { discoverFixture } from './injection-fixture.ts';
import { isFailed, isSqlmapInstalled, printOutcome, runSqlmapTargets } from './injection-sqlmap-run.ts';
import { sqlmapTargets } from './injection-sqlmap-targets.ts';
import { BatteryClient } from './lib/client.ts';
import { httpTransport } from './lib/transport.ts';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    quick: { type: 'boolean', default: false },
    level: { type: 'string' },
    dbms: { type: 'string' },
    'minutes-per-target': { type: 'string' },
    'keep-output': { type: 'boolean', default: false },
  },
});
const baseUrl = options['base-url'].replace(/\/$/, '');
const isQuick = options.quick;
const level = options.level ?? (isQuick ? '1' : '2');

if (!isSqlmapInstalled()) {
  console.error('sqlmap is not installed (Debian: apt-get install sqlmap)');
  process.exit(2);
}
const client = new BatteryClient(httpTransport(baseUrl), 'sqlmap session');
await client.ensureSession();
const fixture = await discoverFixture(client);
const csrfToken = client.csrfToken ?? '';
console.log(
  `sqlmap at level ${level}, risk 1, techniques BEUST${options.dbms ? `, ${options.dbms} payloads` : ''} against ${baseUrl}${isQuick ? ' (quick)' : ''}`,
);
const startedAt = Date.now();
const outcomes = await runSqlmapTargets(
  sqlmapTargets(fixture, isQuick),
  {
    baseUrl,
    level,
    dbms: options.dbms,
    minutesPerTarget: Number(options['minutes-per-target'] ?? (isQuick ? 5 : 30)),
    session: { cookie: `sid=${client.sid ?? ''}; csrfToken=${csrfToken}`, csrfToken },
    keepOutput: options['keep-output'],
  },
  printOutcome,
);
const failures = outcomes.filter(isFailed).length;
const requests = outcomes.reduce((sum, outcome) => sum + outcome.tally.requests, 0);
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(
  `\nsqlmap: ${requests} requests in ${minutes} min; ${failures === 0 ? '0 injectable, 0 inconclusive, 0 HTTP 5xx' : `${failures} target(s) failed`}`,
);
process.exit(failures === 0 ? 0 : 1);
