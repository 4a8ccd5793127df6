import { loadCallTable } from './lib/call-table.ts';
import { openStoreDb, readBatteryOptions, runCli } from './lib/cli-options.ts';
import { formatMatrixReport, matrixFailureCount, runCsrfMatrix } from './lib/csrf-matrix-run.ts';
import { httpTransport } from './lib/transport.ts';

/**
 * The anti-forgery matrix against a running store:
 *   npx tsx battery/csrf-matrix.ts --base-url http://127.0.0.1:3000 [--database-url store.sqlite|postgres://…] [--payloads 2] [--seed N]
 * (--payloads: bodies per call.) Exits 1 when a forged request is not refused, or changes a table, 2 when it could not run.
 */
await runCli(async () => {
  const options = readBatteryOptions(process.argv.slice(2), { payloads: 2 });
  const calls = await loadCallTable();
  const db = openStoreDb(options.databaseUrl);
  console.log(
    `csrf matrix: ${calls.length} calls at ${options.baseUrl}, ${options.payloads} bodies each, seed ${options.seed}${db ? `, checking ${db.engine}` : ''}`,
  );
  try {
    const report = await runCsrfMatrix({
      transport: httpTransport(options.baseUrl),
      calls,
      seed: options.seed,
      bodiesPerCall: options.payloads,
      db: db ? { kysely: db.kysely, engine: db.engine } : undefined,
    });
    console.log(formatMatrixReport(report));
    const failures = matrixFailureCount(report);
    console.log(`csrf matrix: ${failures === 0 ? 'passed' : `FAILED (${failures})`}`);
    return failures === 0;
  } finally {
    await db?.destroy();
  }
});
