import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { Engine } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';
import { parseEnvelope, problemsOfCallAnswer } from './answer-check.ts';
import type { TableCall } from './call-table.ts';
import { BatteryClient, type TokenChoice } from './client.ts';
import { changedTables, snapshotTables } from './db-checks.ts';
import { signInMembers } from './members.ts';
import { jsonText } from './payloads.ts';
import { jsonSchemaOf, validishArbitrary } from './schema-arbitrary.ts';
import { sessionEndingPaths } from './session-calls.ts';
import type { Transport } from './transport.ts';

const forgedErrorCode = 'request.forged';

export interface MatrixOptions {
  transport: Transport;
  calls: TableCall[];
  seed: number;
  /** Bodies per call: each is sent in every forged variant by every client. */
  bodiesPerCall?: number;
  db?: { kysely: Kysely<Database>; engine: Engine };
  addressOf?: (label: string) => string;
}

export interface MatrixFailure {
  call: string;
  client: string;
  variant: string;
  body: string;
  problems: string[];
  answer: string;
}

export interface MatrixReport {
  /** Forged requests sent. */
  forged: number;
  failures: MatrixFailure[];
  /** Tables whose rows changed while only forged requests were sent (needs the database). */
  changedTables: string[] | null;
  /** The same requests with the right token: how many were accepted (not refused as forged), and how many succeeded. */
  controls: { sent: number; notForged: number; succeeded: number };
  controlFailures: MatrixFailure[];
  /** How each member came to be signed in. */
  members: string[];
}

interface Party {
  client: BatteryClient;
  /** Another session whose token this one tries to use. */
  other: BatteryClient;
}

/** The wrong tokens a forger could send: none, empty, made up, near misses, the sid itself, another session's. */
function forgedTokens(party: Party): { variant: string; token: TokenChoice }[] {
  const own = party.client.csrfToken ?? '';
  return [
    { variant: 'no token', token: { kind: 'none' } },
    { variant: 'empty token', token: { kind: 'given', value: '' } },
    { variant: 'made-up token', token: { kind: 'given', value: randomBytes(32).toString('base64url') } },
    { variant: 'token with a changed last character', token: { kind: 'given', value: `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}` } },
    { variant: 'token one character short', token: { kind: 'given', value: own.slice(0, -1) } },
    { variant: 'token with a character more', token: { kind: 'given', value: `${own}A` } },
    { variant: 'the sid as token', token: { kind: 'given', value: party.client.sid ?? '' } },
    { variant: `${party.other.label}'s token`, token: { kind: 'given', value: party.other.csrfToken ?? '' } },
  ];
}

function problemsOfForgedAnswer(response: Parameters<typeof problemsOfCallAnswer>[0]): string[] {
  const problems = problemsOfCallAnswer(response);
  const envelope = parseEnvelope(response.body);
  if (envelope && envelope.errorCode !== forgedErrorCode)
    problems.push(`not refused as forged (code ${envelope.code}, ${envelope.errorCode ?? 'no errorCode'})`);
  return problems;
}

/**
 * Every call of the table, with bodies it would accept, sent by visitors and members with every
 * kind of wrong anti-forgery token: each must be refused (request.forged) and, with the
 * database, no table may change. Then the same requests with the right token, which must not
 * be refused as forged (so the matrix tested requests that would otherwise have gone through).
 */
/**
 * Tables only a process's timed work writes, never a request: the favourite-alert pass moves its
 * cursor over the catalogue's change log as changes settle, whatever requests arrive meanwhile.
 */
const writtenByTimedWork: ReadonlySet<string> = new Set(['favorite_alert_cursor']);

export async function runCsrfMatrix(options: MatrixOptions): Promise<MatrixReport> {
  const client = (label: string) => new BatteryClient(options.transport, label, options.addressOf?.(label));
  const [visitorA, visitorB] = [client('visitor A'), client('visitor B')];
  await visitorA.ensureSession();
  await visitorB.ensureSession();
  const [memberA, memberB] = await signInMembers(options.transport, 2, {
    db: options.db?.kysely,
    addressOf: options.addressOf ? (i) => options.addressOf?.(`member ${i + 1}`) ?? '127.0.0.1' : undefined,
  });
  if (!memberA || !memberB) throw new Error('two members were asked for');
  const parties: Party[] = [
    { client: visitorA, other: visitorB },
    { client: memberA.client, other: memberB.client },
    { client: memberB.client, other: visitorA },
  ];
  const bodiesPerCall = options.bodiesPerCall ?? 2;
  const bodies = new Map(
    options.calls.map((call, i) => [
      call.path,
      fc.sample(validishArbitrary(jsonSchemaOf(call.schema)), { numRuns: bodiesPerCall, seed: options.seed + i }).map(jsonText),
    ]),
  );

  const report: MatrixReport = {
    forged: 0,
    failures: [],
    changedTables: null,
    controls: { sent: 0, notForged: 0, succeeded: 0 },
    controlFailures: [],
    members: [memberA, memberB].map((member) => `${member.client.label} (${member.signedInBy})`),
  };
  const before = options.db ? await snapshotTables(options.db.kysely) : null;
  for (const call of options.calls) {
    for (const party of parties) {
      for (const body of bodies.get(call.path) ?? []) {
        for (const { variant, token } of forgedTokens(party)) {
          const response = await party.client.post(call.path, body, { token });
          report.forged += 1;
          const problems = problemsOfForgedAnswer(response);
          if (problems.length > 0)
            report.failures.push({ call: call.path, client: party.client.label, variant, body, problems, answer: response.body.slice(0, 300) });
        }
      }
    }
  }
  if (options.db && before) {
    const changed = changedTables(before, await snapshotTables(options.db.kysely));
    report.changedTables = changed.filter((table) => !writtenByTimedWork.has(table));
  }

  // Session-ending calls last, so that members are still members for the others.
  const controlOrder = [...options.calls].sort((a, b) => Number(sessionEndingPaths.has(a.path)) - Number(sessionEndingPaths.has(b.path)));
  for (const call of controlOrder) {
    for (const party of parties) {
      for (const body of bodies.get(call.path) ?? []) {
        const response = await party.client.post(call.path, body);
        report.controls.sent += 1;
        const envelope = parseEnvelope(response.body);
        if (envelope?.errorCode !== forgedErrorCode) report.controls.notForged += 1;
        if (envelope?.code === 1) report.controls.succeeded += 1;
        const problems = problemsOfCallAnswer(response);
        if (envelope?.errorCode === forgedErrorCode) problems.push('refused as forged with the right token');
        if (problems.length > 0)
          report.controlFailures.push({
            call: call.path,
            client: party.client.label,
            variant: 'right token',
            body,
            problems,
            answer: response.body.slice(0, 300),
          });
      }
    }
  }
  return report;
}

export function matrixFailureCount(report: MatrixReport): number {
  return report.failures.length + (report.changedTables?.length ?? 0) + report.controlFailures.length;
}

export function formatMatrixReport(report: MatrixReport, maxExamples = 20): string {
  const lines = [
    `members: ${report.members.join(', ')}`,
    `${report.forged} forged requests, ${report.failures.length} not refused as they should be`,
    report.changedTables === null
      ? 'database not checked (no --database-url)'
      : report.changedTables.length === 0
        ? 'no table changed while they were sent'
        : `tables changed by forged requests: ${report.changedTables.join(', ')}`,
    `the same ${report.controls.sent} requests with the right token: ${report.controls.notForged} accepted past the check, ${report.controls.succeeded} succeeded (code 1)`,
  ];
  for (const failure of [...report.failures, ...report.controlFailures].slice(0, maxExamples)) {
    lines.push(
      `  POST ${failure.call} as ${failure.client} with ${failure.variant}: ${failure.body.slice(0, 200)}`,
      `    answer: ${failure.answer}`,
      `    ${failure.problems.join('; ')}`,
    );
  }
  return lines.join('\n');
}
