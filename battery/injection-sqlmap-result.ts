import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SqlmapVerdict = 'clean' | 'injectable' | 'inconclusive';

export interface SqlmapResult {
  verdict: SqlmapVerdict;
  /** Confirmed injection points, as sqlmap names them (`GET key`, `(custom) POST JSON #1*`). */
  injectable: string[];
  /** Points sqlmap tested and found not injectable. */
  cleanPoints: string[];
  /** Heuristic hits sqlmap itself rejected afterwards (false positives); shown, not failed. */
  rejectedHits: string[];
  /** Why the verdict is inconclusive, or sqlmap's critical messages. */
  problems: string[];
}

const place = String.raw`((?:\(custom\) )?(?:GET|POST|Cookie|URI|User-Agent|Referer|Host)) parameter '([^']+)'`;
const confirmedPattern = new RegExp(`${place} is vulnerable`, 'g');
const heuristicPattern = new RegExp(`${place} appears to be '[^']+' injectable`, 'g');
const notInjectablePattern = new RegExp(`${place} does not seem to be injectable`, 'g');

function pointsOf(output: string, pattern: RegExp): string[] {
  return [...new Set([...output.matchAll(pattern)].map((match) => `${match[1] ?? ''} ${match[2] ?? ''}`))];
}

/** The rows of sqlmap's results CSV (one per injection point found), header left out. */
function csvInjectionRows(outputDir: string): string[] {
  const csvFiles = readdirSync(outputDir).filter((file) => /^results-.*\.csv$/.test(file));
  return csvFiles.flatMap((file) =>
    readFileSync(join(outputDir, file), 'utf8')
      .split(/\r?\n/)
      .slice(1)
      .filter((line) => line.trim() !== ''),
  );
}

/**
 * Reads sqlmap's console output and results file. Clean only when sqlmap says so for every
 * point it was given; a crash, a timeout, an unreachable store or a point left untested is
 * inconclusive, which fails the battery as an injection would.
 */
export function readSqlmapResult(output: string, outputDir: string, expectedPoints: number, exit: { code: number | null; timedOut: boolean }): SqlmapResult {
  const csvRows = csvInjectionRows(outputDir);
  const confirmed = pointsOf(output, confirmedPattern);
  const identified = output.includes('sqlmap identified the following injection point');
  const injectable = confirmed.length > 0 ? confirmed : identified || csvRows.length > 0 ? csvRows : [];
  const cleanPoints = pointsOf(output, notInjectablePattern);
  const rejectedHits = pointsOf(output, heuristicPattern).filter((point) => !confirmed.includes(point));
  const problems = [...output.matchAll(/\[CRITICAL\] (.*)/g)].map((match) => match[1] ?? '');
  if (exit.timedOut) problems.push('stopped at the time limit');
  if (injectable.length > 0) return { verdict: 'injectable', injectable, cleanPoints, rejectedHits, problems };
  const saysAllClean = output.includes('all tested parameters do not appear to be injectable');
  if (!saysAllClean) problems.push(`sqlmap did not conclude (exit ${String(exit.code)})`);
  if (cleanPoints.length < expectedPoints) problems.push(`${cleanPoints.length} of ${expectedPoints} points tested`);
  const verdict = saysAllClean && cleanPoints.length >= expectedPoints && !exit.timedOut ? 'clean' : 'inconclusive';
  return { verdict, injectable, cleanPoints, rejectedHits, problems };
}
