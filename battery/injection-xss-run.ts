import type { LaunchOptions, Page, Request, Response } from '@playwright/test';
import { createBrowserPool, type BatteryPage, type Visitor } from './injection-xss-browser.ts';
import { emptyFindings, scanForInjectedMarkup, settle, type LoadFindings } from './injection-xss-probe.ts';
import type { XssTarget } from './injection-xss-targets.ts';
import type { XssVector } from './xss-vectors.ts';

export interface XssJob {
  target: XssTarget;
  vector: XssVector;
}

export interface XssFinding {
  kind: FindingKind;
  job: XssJob;
  detail: string;
}

export const findingKinds = [
  'execution',
  'CSP violation',
  'injected markup',
  'redirect off the site',
  'page without CSP',
  'header injection',
  'HTTP 5xx',
  'page error',
  'console error',
  'load failed',
] as const;
export type FindingKind = (typeof findingKinds)[number];

export interface XssRun {
  findings: XssFinding[];
  statuses: Map<number, number>;
  loads: number;
  seconds: number;
  /** Chromium launched again after it went away mid-run (its jobs were loaded again). */
  relaunches: number;
}

export interface XssRunOptions {
  baseUrl: string;
  jobs: XssJob[];
  /** Pages loading at once, visitor and member together. */
  workers: number;
  memberCookies: { name: string; value: string }[];
  launchOptions: LaunchOptions;
  onProgress?: (loads: number, findings: number) => void;
}

/** A benign value through every parameter first: whatever it shows is the page's own doing, not a vector's. */
export const baselineVector: XssVector = { id: 0, name: 'baseline', text: 'RC0603' };

/** The 404 and error pages log their own status as a failed resource; any other console error is the page's. */
const ownStatusMessage = /Failed to load resource: the server responded with a status of (400|404)/;

/** A page is recycled after this many loads, so that a long run does not grow one renderer. */
const loadsPerPage = 100;

function isBrowserGone(error: unknown): boolean {
  return /has been closed|Target closed|crashed|Browser closed/i.test(String(error));
}

/** Set-Cookie headers of the answer and of each redirect before it: a CRLF vector would set xss<id>. */
async function injectedCookies(response: Response): Promise<string[]> {
  const found: string[] = [];
  for (let request: Request | null = response.request(); request; request = request.redirectedFrom()) {
    const cookies = (await (await request.response())?.headerValue('set-cookie')) ?? '';
    found.push(...cookies.split('\n').filter((cookie) => /^\s*xss\d*=/i.test(cookie)));
  }
  return found;
}

/**
 * Loads every job's URL in Chromium, a few pages at once (visitors' and the member's jobs in
 * their own contexts), and records what each load showed.
 */
export async function runXssJobs(options: XssRunOptions): Promise<XssRun> {
  const { baseUrl } = options;
  const origin = new URL(baseUrl).origin;
  const run: XssRun = { findings: [], statuses: new Map(), loads: 0, seconds: 0, relaunches: 0 };
  const record = (job: XssJob, kind: FindingKind, details: string[]) => {
    for (const detail of details) run.findings.push({ kind, job, detail });
  };

  /** One load; throws only when the browser or page went away under it. */
  async function load(page: Page, job: XssJob, seen: LoadFindings): Promise<void> {
    const url = `${baseUrl}${job.target.url(job.vector)}`;
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
      const status = response?.status() ?? 0;
      run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
      if (status >= 500) record(job, 'HTTP 5xx', [`${status} for ${url}`]);
      if (response) record(job, 'header injection', await injectedCookies(response));
      const contentType = (await response?.allHeaders())?.['content-type'] ?? '';
      if (contentType.startsWith('text/html') && !(await response?.headerValue('content-security-policy')))
        record(job, 'page without CSP', [`${status} ${url}`]);
      if (new URL(page.url()).origin !== origin) record(job, 'redirect off the site', [page.url()]);
      await page.evaluate(settle);
      record(job, 'injected markup', await page.evaluate(scanForInjectedMarkup));
    } catch (error) {
      if (isBrowserGone(error) || page.isClosed()) throw error;
      seen.pageErrors.push(`load failed: ${url}: ${String(error).split('\n')[0] ?? ''}`);
    }
  }

  async function worker(queue: XssJob[], visitor: Visitor, pool: ReturnType<typeof createBrowserPool>) {
    let current: BatteryPage | undefined;
    let served = 0;
    for (let job = queue.shift(); job; job = queue.shift()) {
      const seen = emptyFindings();
      for (let attempt = 1; attempt <= 2; attempt++) {
        if (!current || current.page.isClosed() || served >= loadsPerPage) {
          await current?.page.close().catch(() => undefined);
          current = await pool.newPage(visitor);
          served = 0;
        }
        current.setLoad(seen);
        served++;
        try {
          await load(current.page, job, seen);
          break;
        } catch (error) {
          // The browser went away: the same job once more in a new one.
          if (attempt === 2) seen.pageErrors.push(`load failed twice, the browser went away: ${String(error).split('\n')[0] ?? ''}`);
          current = undefined;
        }
      }
      current?.setLoad(undefined);
      record(job, 'execution', seen.executions);
      record(job, 'CSP violation', seen.cspViolations);
      record(
        job,
        'page error',
        seen.pageErrors.filter((text) => !text.startsWith('load failed')),
      );
      record(
        job,
        'load failed',
        seen.pageErrors.filter((text) => text.startsWith('load failed')),
      );
      record(
        job,
        'console error',
        seen.consoleErrors.filter((text) => !ownStatusMessage.test(text)),
      );
      run.loads++;
      if (run.loads % 200 === 0) options.onProgress?.(run.loads, run.findings.length);
    }
    await current?.page.close().catch(() => undefined);
  }

  const pool = createBrowserPool(options);
  const startedAt = Date.now();
  try {
    const visitorQueue = options.jobs.filter((job) => !job.target.isMember);
    const memberQueue = options.jobs.filter((job) => job.target.isMember);
    const workers = Math.max(2, options.workers);
    const memberWorkers = memberQueue.length === 0 ? 0 : Math.max(1, Math.round((workers * memberQueue.length) / options.jobs.length));
    await Promise.all([
      ...Array.from({ length: workers - memberWorkers }, () => worker(visitorQueue, 'visitor', pool)),
      ...Array.from({ length: memberWorkers }, () => worker(memberQueue, 'member', pool)),
    ]);
  } finally {
    run.relaunches = pool.relaunches;
    await pool.close();
  }
  run.seconds = (Date.now() - startedAt) / 1000;
  return run;
}

/** Prints the run's figures and each kind of finding (15 of each at most); answers how many findings. */
export function printXssReport(run: XssRun, heading: string): number {
  const statuses = [...run.statuses].map(([status, count]) => `${status} ${count}`).join(', ');
  console.log(`\n${heading}: ${run.loads} page loads in ${run.seconds.toFixed(0)} s (${(run.loads / run.seconds).toFixed(1)} a second); HTTP ${statuses}`);
  if (run.relaunches > 0) console.log(`Chromium went away and was launched again ${run.relaunches} time(s); the loads it was on were repeated`);
  for (const kind of findingKinds) {
    const found = run.findings.filter((finding) => finding.kind === kind);
    console.log(`${kind}: ${found.length}`);
    for (const { job, detail } of found.slice(0, 15))
      console.log(`  [${job.target.name}] vector ${job.vector.id} (${job.vector.name}): ${detail.slice(0, 300)}`);
    if (found.length > 15) console.log(`  … and ${found.length - 15} more`);
  }
  return run.findings.length;
}
