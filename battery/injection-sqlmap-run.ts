import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeaderName } from '../src/contract/envelope.ts';
import { startCountingProxy, type ProxyTally } from './injection-proxy.ts';
import { readSqlmapResult, type SqlmapResult } from './injection-sqlmap-result.ts';
import type { SqlmapTarget } from './injection-sqlmap-targets.ts';

export interface SqlmapSettings {
  baseUrl: string;
  level: string;
  /** sqlmap's --dbms: only that engine's payloads (and the generic ones). */
  dbms?: string;
  minutesPerTarget: number;
  /** The session's cookies and anti-forgery token, sent with every request. */
  session?: { cookie: string; csrfToken: string };
  /** Keep sqlmap's output directory (with console.txt) even when the target is clean. */
  keepOutput: boolean;
}

export interface TargetOutcome {
  target: SqlmapTarget;
  result: SqlmapResult;
  tally: ProxyTally;
  seconds: number;
  /** Kept when the target failed or keepOutput is set. */
  outputDir?: string;
}

interface SqlmapProcess {
  output: string;
  code: number | null;
  timedOut: boolean;
}

export function isSqlmapInstalled(): boolean {
  return spawnSync('sqlmap', ['--version'], { stdio: 'ignore' }).status === 0;
}

function sqlmapArguments(target: SqlmapTarget, settings: SqlmapSettings, proxyUrl: string, outputDir: string): string[] {
  const { session } = settings;
  return [
    ...['-u', `${settings.baseUrl}${target.path}`],
    ...(target.body === undefined ? [] : ['--data', target.body]),
    ...(target.parameters ? ['-p', target.parameters.join(',')] : []),
    ...(session ? ['--cookie', session.cookie, '--headers', `${csrfHeaderName}: ${session.csrfToken}`] : []),
    // The session stays the battery's: a cookie the store sets after an injected one is ignored.
    '--drop-set-cookie',
    ...['--level', settings.level, '--risk', '1', '--technique', 'BEUST', '--time-sec', '3'],
    ...(settings.dbms ? ['--dbms', settings.dbms] : []),
    ...['--proxy', proxyUrl, '--output-dir', outputDir],
    ...['--batch', '--disable-coloring', '--flush-session'],
  ];
}

function runSqlmap(args: string[], minutes: number): Promise<SqlmapProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { env: { ...process.env, TERM: 'dumb' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, minutes * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, code, timedOut });
    });
  });
}

function countOf(tally: ProxyTally, test: (status: number) => boolean): number {
  return [...tally.statuses].filter(([status]) => test(status)).reduce((sum, [, count]) => sum + count, 0);
}

/** A target fails when it is not reported clean, or when the store answered it with a 5xx (or not at all). */
export function isFailed(outcome: TargetOutcome): boolean {
  return outcome.result.verdict !== 'clean' || countOf(outcome.tally, (status) => status >= 500 || status === 0) > 0;
}

/** Runs sqlmap on each target in turn, through the counting proxy; `onTarget` sees each outcome as it comes. */
export async function runSqlmapTargets(
  targets: SqlmapTarget[],
  settings: SqlmapSettings,
  onTarget: (outcome: TargetOutcome) => void,
): Promise<TargetOutcome[]> {
  const proxy = await startCountingProxy(settings.baseUrl);
  const outcomes: TargetOutcome[] = [];
  try {
    for (const target of targets) {
      const outputDir = mkdtempSync(join(tmpdir(), 'battery-sqlmap-'));
      const startedAt = Date.now();
      proxy.rewriteBodies(target.rewriteBody);
      proxy.rotateSourceAddresses(target.rotatesSourceAddress === true);
      const run = await runSqlmap(sqlmapArguments(target, settings, proxy.url, outputDir), settings.minutesPerTarget);
      const outcome: TargetOutcome = {
        target,
        result: readSqlmapResult(run.output, outputDir, target.pointCount, run),
        tally: proxy.take(),
        seconds: (Date.now() - startedAt) / 1000,
      };
      if (settings.keepOutput || isFailed(outcome)) {
        writeFileSync(join(outputDir, 'console.txt'), run.output);
        outcome.outputDir = outputDir;
      } else rmSync(outputDir, { recursive: true, force: true });
      outcomes.push(outcome);
      onTarget(outcome);
    }
  } finally {
    await proxy.close();
  }
  return outcomes;
}

function formatCounts(map: Map<string | number, number>): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${String(key)} ${count}`)
    .join(', ');
}

export function printOutcome({ target, result, tally, seconds, outputDir }: TargetOutcome) {
  const verdict =
    result.verdict === 'clean' ? '0 injectable' : result.verdict === 'injectable' ? `INJECTABLE: ${result.injectable.join('; ')}` : 'INCONCLUSIVE';
  console.log(`\n${target.name}: ${verdict} (${result.cleanPoints.length} points, ${tally.requests} requests, ${seconds.toFixed(0)} s)`);
  console.log(`  points: ${result.cleanPoints.join(', ') || '-'}`);
  console.log(`  HTTP: ${formatCounts(tally.statuses)}; answers: ${formatCounts(tally.answers)}`);
  for (const problem of result.problems) console.log(`  problem: ${problem}`);
  if (result.rejectedHits.length > 0) console.log(`  heuristic hits sqlmap rejected as false positives: ${result.rejectedHits.join(', ')}`);
  for (const error of tally.serverErrors) console.log(`  5xx: ${error}`);
  if (target.rotatesSourceAddress)
    console.log(
      '  note: each request came from its own loopback address, so the login limit (20 failures per address in 15 minutes) let payloads through;' +
        ` account.locked answered ${tally.answers.get('account.locked') ?? 0} (5 failures per account)`,
    );
  if (outputDir) console.log(`  sqlmap output: ${outputDir}`);
}
