import { loadCallTable } from './lib/call-table.ts';
import { openStoreDb, readBatteryOptions, runCli } from './lib/cli-options.ts';
import { formatFuzzReport, fuzzFailureCount } from './lib/fuzz-report.ts';
import { runFuzz } from './lib/fuzz-run.ts';
import { httpTransport } from './lib/transport.ts';

/**
 * Fuzz of every call of the contract against a running store:
 *   npx tsx battery/fuzz.ts --base-url http://127.0.0.1:3000 [--database-url store.sqlite|postgres://…] [--payloads 20000] [--seed N]
 * Exits 1 on any failure (a 5xx, an answer that is not the envelope with a Chinese msg, a stack
 * trace, a member signed out, an invalid row), 2 when it could not run.
 */
await runCli(async () => {
  const options = readBatteryOptions(process.argv.slice(2), { payloads: 20_000 });
  const calls = await loadCallTable();
  const db = openStoreDb(options.databaseUrl);
  console.log(
    `fuzz: ${options.payloads} payloads over ${calls.length} calls at ${options.baseUrl}, seed ${options.seed}${db ? `, checking ${db.engine}` : ''}`,
  );
  const started = Date.now();
  try {
    const report = await runFuzz({
      transport: httpTransport(options.baseUrl),
      calls,
      payloads: options.payloads,
      seed: options.seed,
      concurrency: options.concurrency,
      db: db ? { kysely: db.kysely, engine: db.engine } : undefined,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(formatFuzzReport(report));
    const failures = fuzzFailureCount(report);
    console.log(`fuzz: ${failures === 0 ? 'passed' : `FAILED (${failures})`} in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${options.seed})`);
    return failures === 0;
  } finally {
    await db?.destroy();
  }
});
