import type { Kysely } from 'kysely';
import type { Engine } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';
import { parseEnvelope, problemsOfCallAnswer } from './answer-check.ts';
import type { TableCall } from './call-table.ts';
import { BatteryClient, setsCookie } from './client.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { invariantViolations } from './db-checks.ts';
import { isSignedIn, signInMembers, storeSession, type BatteryMember } from './members.ts';
import { samplePayloads, type FuzzPayload } from './payloads.ts';
import { sessionEndingPaths } from './session-calls.ts';
import type { Transport } from './transport.ts';

export interface FuzzOptions {
  transport: Transport;
  calls: TableCall[];
  /** Payloads in all, shared evenly among the calls. */
  payloads: number;
  seed: number;
  concurrency: number;
  db?: { kysely: Kysely<Database>; engine: Engine };
  /** Each client's address, where the transport can choose it (in process). */
  addressOf?: (label: string) => string;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  call: string;
  client: string;
  payload: FuzzPayload;
  problems: string[];
  status: number;
  answer: string;
}

export interface FuzzReport {
  /** Per call: how many payloads were sent and which envelope codes came back. */
  perCall: Map<string, { sent: number; codes: Map<string, number> }>;
  sent: number;
  failures: FuzzFailure[];
  /** Members signed out or their sessions replaced by a call not meant to. */
  sessionProblems: string[];
  invariantViolations: string[];
  members: BatteryMember[];
}

interface Task {
  call: TableCall;
  client: BatteryClient;
  member: BatteryMember | null;
  payload: FuzzPayload;
}

/** A deterministic shuffle (mulberry32), so a seed gives the same order. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * Sends generated payloads to every call of the table as a visitor and as two signed-in
 * members, and checks every answer (answer-check.ts), that the members stay signed in, and
 * (with a database) that nothing invalid was stored.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const since = Date.now() - 1_000;
  const members = await signInMembers(options.transport, 2, {
    db: options.db?.kysely,
    addressOf: options.addressOf ? (i) => options.addressOf?.(`member ${i + 1}`) ?? '127.0.0.1' : undefined,
  });
  log(`members: ${members.map((member) => `${member.client.label} (${member.signedInBy})`).join(', ')}`);
  const visitor = new BatteryClient(options.transport, 'visitor', options.addressOf?.('visitor'));
  const roles: { client: BatteryClient; member: BatteryMember | null }[] = [
    { client: visitor, member: null },
    ...members.map((member) => ({ client: member.client, member })),
  ];

  const report: FuzzReport = { perCall: new Map(), sent: 0, failures: [], sessionProblems: [], invariantViolations: [], members };
  const perCallCount = Math.ceil(options.payloads / options.calls.length);
  const steady: Task[] = [];
  const sessionEnding: Task[] = [];
  options.calls.forEach((call, callIndex) => {
    samplePayloads(call, perCallCount, options.seed + callIndex).forEach((payload, i) => {
      const role = roles[i % roles.length] ?? { client: visitor, member: null };
      const task = { call, payload, ...role };
      (task.member && sessionEndingPaths.has(call.path) ? sessionEnding : steady).push(task);
    });
  });

  const send = async (task: Task) => {
    const response = await task.client.post(task.call.path, task.payload.body, { contentType: task.payload.contentType });
    report.sent += 1;
    const stats = report.perCall.get(task.call.name) ?? { sent: 0, codes: new Map<string, number>() };
    stats.sent += 1;
    const envelope = parseEnvelope(response.body);
    const code = envelope ? (envelope.errorCode ?? String(envelope.code)) : `HTTP ${response.status}`;
    stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
    report.perCall.set(task.call.name, stats);
    const problems = problemsOfCallAnswer(response);
    if (problems.length > 0)
      report.failures.push({
        call: task.call.path,
        client: task.client.label,
        payload: task.payload,
        problems,
        status: response.status,
        answer: response.body.slice(0, 400),
      });
    return { code, isSessionReplaced: setsCookie(response, sessionCookieName) };
  };

  const probeEvery = 500;
  let lastProbe = 0;
  const recentCalls = new Set<string>();
  const probeMembers = async (when: string) => {
    for (const member of members) {
      if (await isSignedIn(member.client)) continue;
      report.sessionProblems.push(`${member.client.label} was signed out ${when} (calls since the last check: ${[...recentCalls].join(', ')})`);
      if (options.db) await storeSession(options.db.kysely, member.client, member.phone);
    }
    recentCalls.clear();
  };

  await runPool(shuffle(steady, options.seed), options.concurrency, async (task, index) => {
    const { code, isSessionReplaced } = await send(task);
    if (task.member) recentCalls.add(task.call.name);
    if (task.member && isSessionReplaced) {
      report.sessionProblems.push(
        `${task.call.path} replaced ${task.client.label}'s session (answer code ${code}); if it does so by design, list it in battery/lib/session-calls.ts`,
      );
      if (options.db) await storeSession(options.db.kysely, task.client, task.member.phone);
    }
    if (index - lastProbe >= probeEvery) {
      lastProbe = index;
      await probeMembers(`before payload ${index}`);
      log(`${report.sent} payloads sent, ${report.failures.length} failures`);
    }
  });
  await probeMembers('by the end of the run');

  // Calls that end sessions by design, as members, one at a time: a stored session brings the member back.
  for (const task of sessionEnding) {
    await send(task);
    if (task.member && options.db && !(await isSignedIn(task.client))) await storeSession(options.db.kysely, task.client, task.member.phone);
  }

  if (options.db) report.invariantViolations = await invariantViolations(options.db.kysely, options.db.engine, since);
  return report;
}
