import type { FuzzReport } from './fuzz-run.ts';
import { describeBody } from './payloads.ts';

export function fuzzFailureCount(report: FuzzReport): number {
  return report.failures.length + report.sessionProblems.length + report.invariantViolations.length;
}

/** The summary a person reads: payloads and answer codes per call, then each kind of failure with examples. */
export function formatFuzzReport(report: FuzzReport, maxExamples = 20): string {
  const lines: string[] = ['call                                      sent  answers (errorCode or code: count)'];
  for (const [name, stats] of [...report.perCall].sort(([a], [b]) => a.localeCompare(b))) {
    const codes = [...stats.codes].sort(([a], [b]) => a.localeCompare(b)).map(([code, count]) => `${code}:${count}`);
    lines.push(`${name.padEnd(40)} ${String(stats.sent).padStart(5)}  ${codes.join(' ')}`);
  }
  lines.push(
    `${report.sent} payloads sent; ${report.failures.length} bad answers, ${report.sessionProblems.length} session problems, ${report.invariantViolations.length} invalid rows`,
  );

  const byProblem = new Map<string, number>();
  for (const failure of report.failures) {
    for (const problem of failure.problems) {
      const key = `${failure.call}: ${problem.replace(/: .*/, '')}`;
      byProblem.set(key, (byProblem.get(key) ?? 0) + 1);
    }
  }
  if (byProblem.size > 0) lines.push('', 'bad answers by call and problem:', ...[...byProblem].map(([key, count]) => `  ${count} × ${key}`));
  if (report.failures.length > 0) lines.push('', 'examples:');
  for (const failure of report.failures.slice(0, maxExamples)) {
    lines.push(
      `  POST ${failure.call} as ${failure.client}, content type ${JSON.stringify(failure.payload.contentType)} (${failure.payload.kind})`,
      `    body:   ${describeBody(failure.payload.body)}`,
      `    answer: HTTP ${failure.status} ${failure.answer.slice(0, 300)}`,
      `    ${failure.problems.join('; ')}`,
    );
  }
  for (const problem of report.sessionProblems) lines.push(`session: ${problem}`);
  for (const violation of report.invariantViolations) lines.push(`stored: ${violation}`);
  return lines.join('\n');
}
