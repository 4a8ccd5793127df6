import { describe, expect, it } from 'vitest';
import { parseEnvelope, problemsOfCallAnswer } from '../../../battery/lib/answer-check.ts';
import { loadStaffCallTable } from '../../../battery/lib/call-table.ts';
import { invariantViolations } from '../../../battery/lib/db-checks.ts';
import { samplePayloads } from '../../../battery/lib/payloads.ts';
import { staffCsrfCookieName, staffCsrfHeaderName } from '../../contract/staff.ts';
import { auditDeskCalls } from '../../contract/staff-calls.ts';
import { seedDemoData } from '../seed/seed.ts';
import { signedInStaff } from '../features/staff/testing/staff-browser.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/**
 * The fuzz battery's generator over the console's calls, sent as a signed-in administrator (the
 * role every call admits, so each body reaches its validation and service): every answer is the
 * envelope with a Chinese message, never a 5xx or a stack trace, and nothing invalid is stored.
 */
const payloadsPerCall = 24;
const seed = Number(process.env.BATTERY_SEED ?? 20_260_101);

const t = useTestApp({ fixture: (app) => seedDemoData(app.db, { skus: 200 }) });

describe('the fuzz battery over the console', () => {
  it(`answers ${payloadsPerCall} generated payloads per console call with the envelope and stores nothing invalid`, async () => {
    const since = Date.now() - 1_000;
    const calls = await loadStaffCallTable();
    let admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const failures: string[] = [];
    let signedOut = 0;
    for (const [index, call] of calls.entries()) {
      for (const payload of samplePayloads(call, payloadsPerCall, seed + index)) {
        const headers: Record<string, string> = {
          cookie: admin.browser.cookieHeader(),
          [staffCsrfHeaderName]: admin.browser.cookies.get(staffCsrfCookieName) ?? '',
        };
        if (payload.contentType !== null) headers['content-type'] = payload.contentType;
        const response = await t.app.inject({ method: 'POST', url: call.path, headers, payload: payload.body });
        const problems = problemsOfCallAnswer({ status: response.statusCode, headers: response.headers, body: response.body });
        if (problems.length > 0) failures.push(`${call.name} (${payload.kind}): ${problems.join('; ')} — ${response.body.slice(0, 300)}`);
      }
      // A generated body may end the administrator's own session by design (disabling or demoting
      // another account never does; a fresh administrator keeps the run going either way).
      const probe = parseEnvelope(
        (await t.app.inject({ method: 'POST', url: auditDeskCalls.search.path, headers: probeHeaders(admin.browser), payload: '{}' })).body,
      );
      if (probe?.code !== 1) {
        signedOut += 1;
        admin = await signedInStaff(t.app, t.db.kysely, 'admin');
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(signedOut, 'the administrator was signed out by generated bodies').toBeLessThanOrEqual(calls.length);
    expect(await invariantViolations(t.db.kysely, t.db.engine, since)).toEqual([]);
    expect(calls.length).toBeGreaterThan(5);
  }, 240_000);
});

function probeHeaders(browser: { cookieHeader(): string; cookies: Map<string, string> }): Record<string, string> {
  return { 'content-type': 'application/json', cookie: browser.cookieHeader(), [staffCsrfHeaderName]: browser.cookies.get(staffCsrfCookieName) ?? '' };
}
