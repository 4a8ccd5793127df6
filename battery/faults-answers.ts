import { parseEnvelope } from './lib/answer-check.ts';
import type { RawResponse } from './lib/transport.ts';

/**
 * How one request of a fault run ended, as an operator judges it:
 * - ok: the call succeeded (code 1) or the page answered 200;
 * - clean: refused in a way a person understands — the envelope with a Chinese msg and an
 *   errorCode (code 503 "try again later" included), or the store's 503 page;
 * - bad: anything else — HTTP 500 or 502/504 from nginx, code 500 in the envelope, a body that
 *   is not the envelope, a connection reset or refused.
 */
export type Verdict = 'ok' | 'clean' | 'bad';

export interface Answer {
  verdict: Verdict;
  /** `ok`, the errorCode, `HTTP 502`, `network ECONNRESET`: what the tally counts. */
  label: string;
  startedAt: number;
  endedAt: number;
  path: string;
}

const cjk = /[\u3400-\u9fff]/;

export function judgeCall(response: RawResponse): Pick<Answer, 'verdict' | 'label'> {
  if (response.status !== 200) return { verdict: response.status === 503 && cjk.test(response.body) ? 'clean' : 'bad', label: `HTTP ${response.status}` };
  const envelope = parseEnvelope(response.body);
  if (!envelope) return { verdict: 'bad', label: 'not the envelope' };
  if (envelope.code === 1) return { verdict: 'ok', label: 'ok' };
  const isClean = envelope.code !== 500 && cjk.test(envelope.msg) && Boolean(envelope.errorCode);
  return { verdict: isClean ? 'clean' : 'bad', label: envelope.errorCode ?? `code ${envelope.code}` };
}

export function judgePage(response: RawResponse): Pick<Answer, 'verdict' | 'label'> {
  if (response.status === 200) return { verdict: 'ok', label: 'ok' };
  const isStorePage = response.status === 503 && String(response.headers['content-type']).startsWith('text/html') && cjk.test(response.body);
  return { verdict: isStorePage ? 'clean' : 'bad', label: `HTTP ${response.status}` };
}

export function networkFailure(error: unknown): Pick<Answer, 'verdict' | 'label'> {
  const code = (error as { code?: unknown } | null)?.code;
  return { verdict: 'bad', label: `network ${typeof code === 'string' ? code : error instanceof Error ? error.message.slice(0, 60) : String(error)}` };
}

/** Every answer of a run, in the order they ended. */
export class AnswerLog {
  readonly answers: Answer[] = [];

  add(answer: Answer): void {
    this.answers.push(answer);
  }

  /** Answers whose request started in [from, to). */
  between(from: number, to = Number.POSITIVE_INFINITY): Answer[] {
    return this.answers.filter((answer) => answer.startedAt >= from && answer.startedAt < to);
  }

  static tally(answers: readonly Answer[]): string {
    const counts = new Map<string, number>();
    for (const answer of answers) counts.set(`${answer.verdict} ${answer.label}`, (counts.get(`${answer.verdict} ${answer.label}`) ?? 0) + 1);
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  }

  static count(answers: readonly Answer[], verdict: Verdict): number {
    return answers.filter((answer) => answer.verdict === verdict).length;
  }
}

/** Checks a fault script makes: each prints as it is decided, and any failure makes the script exit 1. */
export class Checks {
  private failures = 0;

  constructor(private readonly name: string) {}

  expect(isTrue: boolean, what: string, measured = ''): void {
    if (!isTrue) this.failures += 1;
    console.log(`  ${isTrue ? 'ok  ' : 'FAIL'} ${what}${measured ? ` — ${measured}` : ''}`);
  }

  note(line: string): void {
    console.log(`       ${line}`);
  }

  finish(): boolean {
    console.log(`${this.name}: ${this.failures === 0 ? 'passed' : `FAILED (${this.failures} checks)`}`);
    return this.failures === 0;
  }
}
