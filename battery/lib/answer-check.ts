import type { RawResponse } from './transport.ts';

/** What a call answered, read as the envelope when it is one. */
export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  errorCode?: string;
}

const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
/** A V8 stack frame, a source path with line and column, or a dependency's path. */
const stackTrace = /\n\s+at\s|\bat\s+\S+\s+\(\S+:\d+:\d+\)|\.(?:ts|tsx|js|mjs|cjs):\d+:\d+|node_modules\/|\/src\/server\//;

export function parseEnvelope(body: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { code, msg, errorCode } = value as Record<string, unknown>;
  if (typeof code !== 'number' || typeof msg !== 'string') return null;
  if (errorCode !== undefined && typeof errorCode !== 'string') return null;
  return value as Envelope;
}

/**
 * What is wrong with a call's answer, or [] when nothing is: HTTP 200 (never 5xx), the
 * envelope `{code, msg, …}`, a failure with its errorCode and a Chinese msg, no internal error
 * hidden in the envelope (code 500), no stack trace anywhere in the body.
 */
export function problemsOfCallAnswer(response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`HTTP ${response.status}`);
  else if (response.status !== 200) problems.push(`HTTP ${response.status} (calls answer 200 with the envelope)`);
  if (stackTrace.test(response.body)) problems.push('a stack trace or source path in the body');
  const contentType = response.headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) problems.push(`content type ${String(contentType)}, not JSON`);
  const envelope = parseEnvelope(response.body);
  if (!envelope) {
    problems.push('not the envelope {code, msg}');
    return problems;
  }
  if (envelope.code >= 500) problems.push(`internal error answered (code ${envelope.code}, ${envelope.errorCode ?? 'no errorCode'})`);
  if (envelope.code !== 1) {
    if (!cjk.test(envelope.msg)) problems.push(`msg without Chinese: ${JSON.stringify(envelope.msg)}`);
    if (!envelope.errorCode) problems.push('a failure without errorCode');
  }
  return problems;
}
