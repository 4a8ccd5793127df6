/**
 * The BOM tool on real parts (issue 27): an empty store is given the real-parts price lists
 * (tests/fixtures/bom-real/real-parts) through the console's price import and product form, the hand-labelled
 * lines of the real-BOM corpus are matched, and the shares are written: lines matched exactly, recommended the
 * right part by its parameters, rightly given no part, and the false recommendations (which must be 0). The same
 * steps as src/server/features/bom/bom-real-parts.test.ts. Writes bench/results/bom-real-parts.md.
 *
 *   npm run bench -- bom-real-parts          (SQLite in memory; TEST_ENGINE=postgres with TEST_DATABASE_URL for PostgreSQL)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { realPriceLists } from '../tests/fixtures/bom-real/real-parts/store.ts';
import { judgeRealLines } from '../src/server/features/bom/testing/real-parts-judge.ts';
import { labelledFiles, matchRealLines } from '../src/server/features/bom/testing/real-parts-lines.ts';
import { sharesOf, sharesReport } from '../src/server/features/bom/testing/real-parts-report.ts';
import { loadRealPartsStore } from '../src/server/features/bom/testing/real-parts-store.ts';
import { createTestApp } from '../src/server/testing/test-app.ts';
import { testEngine } from '../src/server/testing/test-db.ts';

async function main() {
  const app = await createTestApp();
  try {
    const loadStarted = performance.now();
    const store = await loadRealPartsStore(app.app, app.db.kysely);
    const loadMs = performance.now() - loadStarted;
    const files = labelledFiles();
    const matchStarted = performance.now();
    const matched = await matchRealLines(app.db, files);
    const matchMs = performance.now() - matchStarted;
    const shares = sharesOf(judgeRealLines(matched, store));
    const cpu = cpus();
    const catalogue = `a catalogue of ${String(store.parts.size)} SKUs (${String(realPriceLists.length)} real-parts price lists, nothing else)`;
    const report = `# BOM on real parts

Measured by \`bench/bom-real-parts.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${String(cpu.length)} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${testEngine === 'postgres' ? 'PostgreSQL' : 'SQLite in memory'}.
Loading the store through the console took ${(loadMs / 1000).toFixed(1)} s; reading and matching the ${String(files.length)} files ${matchMs.toFixed(0)} ms.

${sharesReport(shares, catalogue)}`;
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/bom-real-parts.md', report);
    console.log(report);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
