/**
 * Proves the XSS battery's detectors: the same runner against a deliberately vulnerable local
 * page that reflects `q` unescaped, without a CSP and with the store's script-src 'self'.
 * Exits 1 unless executions, CSP violations and injected markup are all found there.
 *
 *   node --import tsx battery/injection-xss-self-check.ts [--vectors N]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import playwrightConfig from '../playwright.config.ts';
import { printXssReport, runXssJobs, type FindingKind, type XssRun } from './injection-xss-run.ts';
import type { XssTarget } from './injection-xss-targets.ts';
import { urlComponentOf, xssVectors } from './xss-vectors.ts';

const { values: options } = parseArgs({ options: { vectors: { type: 'string', default: String(xssVectors.length) } } });

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const reflected = url.searchParams.get('q') ?? '';
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
  if (url.pathname === '/with-csp') headers['content-security-policy'] = "default-src 'self'; script-src 'self'";
  const bodies: Record<string, string> = {
    '/in-attribute': `<input value="${reflected}">`,
    // The classic mistake the store's page state avoids: JSON in a script element, `</script>` left as it is.
    '/in-script': `<script>window.state = ${JSON.stringify(reflected)};</script>`,
    '/in-href': `<a href="${reflected.replaceAll('"', '&quot;')}">link</a>`,
  };
  const body = bodies[url.pathname] ?? `<p>${reflected}</p>`;
  response.writeHead(url.pathname === '/favicon.ico' ? 404 : 200, headers).end(`<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const page = (name: string, path: string): XssTarget => ({ name, url: (vector) => `${path}?q=${urlComponentOf(vector)}`, isMember: false, isQuick: true });
const targets = [
  page('no CSP', '/no-csp'),
  page('with CSP', '/with-csp'),
  page('in attribute', '/in-attribute'),
  page('in script', '/in-script'),
  page('in href', '/in-href'),
];
const vectors = xssVectors.slice(0, Number(options.vectors));
let run: XssRun;
try {
  run = await runXssJobs({
    baseUrl,
    jobs: targets.flatMap((target) => vectors.map((vector) => ({ target, vector }))),
    workers: 4,
    memberCookies: [],
    launchOptions: playwrightConfig.use?.launchOptions ?? {},
  });
} finally {
  server.close();
}
printXssReport(run, 'XSS self-check against a page that reflects unescaped');

const idsOf = (target: XssTarget, kind: FindingKind) =>
  new Set(run.findings.filter((finding) => finding.job.target === target && finding.kind === kind).map((finding) => finding.job.vector.id));
const count = (target: XssTarget, kind: FindingKind) => idsOf(target, kind).size;
for (const target of targets) {
  const caught = new Set(['execution', 'CSP violation', 'injected markup'].flatMap((kind) => [...idsOf(target, kind as FindingKind)]));
  const missed = vectors.filter((vector) => !caught.has(vector.id)).map((vector) => vector.id);
  console.log(
    `${target.name}: ${count(target, 'execution')} vectors executed, ${count(target, 'CSP violation')} violated the CSP, ${count(target, 'injected markup')} left markup; ` +
      `${vectors.length - missed.length} of ${vectors.length} caught (not: ${missed.join(' ')})`,
  );
}
const [noCsp, withCsp, inAttribute, inScript, inHref] = targets as [XssTarget, XssTarget, XssTarget, XssTarget, XssTarget];
const expectations: [string, boolean][] = [
  ['vectors execute without a CSP', count(noCsp, 'execution') > 0],
  ['vectors break out of an attribute and execute', count(inAttribute, 'execution') > 0],
  ['the CSP blocks them and the violations are counted', count(withCsp, 'CSP violation') > 0 && count(withCsp, 'execution') === 0],
  ['injected markup is found', count(withCsp, 'injected markup') > 0],
  ['vectors leave JSON in a script element and execute', count(inScript, 'execution') > 0],
  ['javascript: and foreign links are found', count(inHref, 'injected markup') > 0],
];
for (const [expectation, isMet] of expectations) console.log(`${isMet ? 'ok' : 'MISSED'}: ${expectation}`);
process.exit(expectations.every(([, isMet]) => isMet) ? 0 : 1);
