import { describe, expect, it } from 'vitest';
import { loadCallTable } from '../../../battery/lib/call-table.ts';
import { formatMatrixReport, matrixFailureCount, runCsrfMatrix } from '../../../battery/lib/csrf-matrix-run.ts';
import { injectTransport } from '../../../battery/lib/inject-transport.ts';
import { seedDemoData } from '../seed/seed.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** The CI form of `battery/csrf-matrix.ts`, in process, on each engine. */
const t = useTestApp({ fixture: (app) => seedDemoData(app.db, { skus: 100 }) });

describe('the anti-forgery matrix', () => {
  it("refuses every call without the token, with a wrong one and with another session's, and no table changes", async () => {
    const calls = await loadCallTable();
    const report = await runCsrfMatrix({
      transport: injectTransport(t.app),
      calls,
      seed: 7,
      bodiesPerCall: 2,
      db: { kysely: t.db.kysely, engine: t.db.engine },
    });

    expect(matrixFailureCount(report), formatMatrixReport(report)).toBe(0);
    // Every call × 3 sessions (a visitor, two members) × 2 bodies × 8 wrong tokens.
    expect(report.forged).toBe(calls.length * 3 * 2 * 8);
    expect(report.changedTables).toEqual([]);
    // The same requests with the right token got through the check, and some changed the store.
    expect(report.controls.notForged).toBe(report.controls.sent);
    expect(report.controls.succeeded).toBeGreaterThan(0);
  }, 120_000);
});
