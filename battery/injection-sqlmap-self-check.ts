/**
 * Proves the sqlmap battery's verdicts: the same runner against a local server with one page
 * and one JSON call that build their SQL by concatenation, and one page that binds parameters.
 * Exits 1 unless the first two are reported injectable and the third clean.
 *
 *   node --import tsx battery/injection-sqlmap-self-check.ts
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSqlmapInstalled, printOutcome, runSqlmapTargets } from './injection-sqlmap-run.ts';
import type { SqlmapTarget } from './injection-sqlmap-targets.ts';

const db = new Database(':memory:');
db.exec("create table items (id integer primary key, name text); insert into items (name) values ('resistor'), ('capacitor'), ('inductor');");

function answer(sql: () => unknown): string {
  try {
    return JSON.stringify({ code: 1, data: sql(), msg: '' });
  } catch {
    return JSON.stringify({ code: 400, data: null, msg: '查询失败', errorCode: 'request.invalid' });
  }
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const id = url.searchParams.get('id') ?? '';
    let text: string;
    if (url.pathname === '/concatenated') text = answer(() => db.prepare(`select name from items where id = ${id}`).all());
    else if (url.pathname === '/bound') text = answer(() => db.prepare('select name from items where id = ?').all(id));
    else text = answer(() => db.prepare(`select id from items where name = '${(JSON.parse(body) as { key: string }).key}'`).all());
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

if (!isSqlmapInstalled()) {
  console.error('sqlmap is not installed (Debian: apt-get install sqlmap)');
  process.exit(2);
}
const targets: SqlmapTarget[] = [
  { name: 'concatenated page', path: '/concatenated?id=1', parameters: ['id'], pointCount: 1 },
  { name: 'concatenated JSON call', path: '/concatenated-json', body: '{"key":"resistor*"}', pointCount: 1 },
  { name: 'bound page', path: '/bound?id=1', parameters: ['id'], pointCount: 1 },
];
const outcomes = await runSqlmapTargets(targets, { baseUrl, level: '1', dbms: 'SQLite', minutesPerTarget: 5, keepOutput: false }, printOutcome);
server.close();
for (const { outputDir } of outcomes) if (outputDir) rmSync(outputDir, { recursive: true, force: true });
const verdicts = outcomes.map((outcome) => outcome.result.verdict);
const expected = ['injectable', 'injectable', 'clean'];
const isMet = verdicts.every((verdict, index) => verdict === expected[index]);
console.log(`\n${isMet ? 'ok' : 'MISSED'}: verdicts ${verdicts.join(', ')} (expected ${expected.join(', ')})`);
process.exit(isMet ? 0 : 1);
