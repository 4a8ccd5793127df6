/**
 * Injection battery, XSS: every vector of xss-vectors.ts through every reflected parameter of
 * the store's pages (injection-xss-targets.ts), in Chromium, as a visitor and as a member. Exits
 * 1 on any execution, CSP violation, injected markup, redirect off the store, header injection,
 * HTTP 5xx, uncaught page error or console error.
 *
 *   node --import tsx battery/xss.ts --base-url http://127.0.0.1:3186 [--quick] [--workers 4]
 *
 * The store must run with SMS_OUTBOX_ENABLED=true (a member is registered through the outbox;
 * else the demo member logs in).
 */
import { parseArgs } from 'node:util';
import playwrightConfig from '../playwright.config.ts';
import { discoverFixture } from './injection-fixture.ts';
import { signInMember } from './injection-xss-member.ts';
import { baselineVector, printXssReport, runXssJobs, type XssJob } from './injection-xss-run.ts';
import { xssTargets, type XssTarget } from './injection-xss-targets.ts';
import { BatteryClient } from './lib/client.ts';
import { httpTransport } from './lib/transport.ts';
import { xssVectors, type XssVector } from './xss-vectors.ts';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    quick: { type: 'boolean', default: false },
    workers: { type: 'string', default: '4' },
    /** Only the first N vectors (for trying the battery out). */
    vectors: { type: 'string' },
  },
});
const baseUrl = options['base-url'].replace(/\/$/, '');
const isQuick = options.quick;
const vectors = options.vectors === undefined ? xssVectors : xssVectors.slice(0, Number(options.vectors));

/** The full form sends every vector through every parameter; the quick form sends each vector once, through the quick parameters in turn. */
function jobsOf(targets: XssTarget[], chosen: XssVector[]): XssJob[] {
  const baselines = targets.map((target) => ({ target, vector: baselineVector }));
  if (!isQuick) return [...baselines, ...targets.flatMap((target) => chosen.map((vector) => ({ target, vector })))];
  return [...baselines, ...chosen.flatMap((vector, index) => targets.filter((_, at) => at === index % targets.length).map((target) => ({ target, vector })))];
}

const client = new BatteryClient(httpTransport(baseUrl), 'xss session');
await client.ensureSession();
const fixture = await discoverFixture(client);
const member = await signInMember(baseUrl);
const targets = xssTargets(fixture).filter((target) => !isQuick || target.isQuick);
const workers = Number(options.workers);
console.log(
  `XSS against ${baseUrl}${isQuick ? ' (quick)' : ''}: ${vectors.length} vectors, ${targets.length} parameters, member ${member.phone} (${member.signedInBy}), ${workers} pages at once`,
);
const run = await runXssJobs({
  baseUrl,
  jobs: jobsOf(targets, vectors),
  workers,
  memberCookies: member.cookies,
  launchOptions: playwrightConfig.use?.launchOptions ?? {},
  onProgress: (loads, findings) => console.log(`  ${loads} page loads, ${findings} findings so far`),
});
const findings = printXssReport(run, `XSS${isQuick ? ' (quick: each vector once, through the quick parameters in turn)' : ''}`);
console.log(findings === 0 ? '\n0 executions, 0 CSP violations, 0 findings' : `\n${findings} findings`);
process.exit(findings === 0 ? 0 : 1);
