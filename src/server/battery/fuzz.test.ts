import { describe, expect, it } from 'vitest';
import { loadCallTable } from '../../../battery/lib/call-table.ts';
import { formatFuzzReport, fuzzFailureCount } from '../../../battery/lib/fuzz-report.ts';
import { runFuzz } from '../../../battery/lib/fuzz-run.ts';
import { injectTransport } from '../../../battery/lib/inject-transport.ts';
import { seedDemoData } from '../seed/seed.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** The CI form of `battery/fuzz.ts`: the same generator and checks, in process, on each engine. */
const payloads = 2_000;
const seed = Number(process.env.BATTERY_SEED ?? 20_260_101);

const t = useTestApp({ fixture: (app) => seedDemoData(app.db, { skus: 200 }) });

describe('the fuzz battery', () => {
  it(`answers ${payloads} generated payloads over every call with the envelope, keeps members signed in and stores nothing invalid`, async () => {
    const calls = await loadCallTable();
    const addresses = new Map<string, string>();
    const report = await runFuzz({
      transport: injectTransport(t.app),
      calls,
      payloads,
      seed,
      concurrency: 4,
      db: { kysely: t.db.kysely, engine: t.db.engine },
      // Each client its own address, as in a real run where each is a browser.
      addressOf: (label) => addresses.get(label) ?? addresses.set(label, `10.9.0.${addresses.size + 1}`).get(label) ?? '',
    });

    expect(fuzzFailureCount(report), formatFuzzReport(report)).toBe(0);
    expect(report.sent).toBeGreaterThanOrEqual(payloads);
    expect([...report.perCall.keys()].sort()).toEqual(calls.map((call) => call.name).sort());
    // Some payloads get past validation to the services: the cart took some, search answered some.
    expect(report.perCall.get('cart.add')?.codes.get('1')).toBeGreaterThan(0);
    expect(report.perCall.get('search.searchProductList')?.codes.get('1')).toBeGreaterThan(0);
    // `__proto__` and `constructor` keys polluted nothing in the server's process.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 120_000);
});
