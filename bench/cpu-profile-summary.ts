/**
 * A V8 .cpuprofile (node --cpu-prof) read into the table a flame graph shows at a glance: where the
 * time goes by kind of work (React render, database, compression, Fastify…), and the functions with
 * the most time of their own and in all (callees included). Used by pages.bench.ts; also
 * `node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile>` prints it for any profile.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Kinds of work, by the first rule a frame's script or name meets (checked top of the stack down). */
const kinds: readonly { kind: string; test: (url: string, name: string) => boolean }[] = [
  { kind: 'compression (zlib)', test: (url, name) => /zlib|compress/.test(url) || /^(?:brotli|gzip|deflate)/i.test(name) },
  { kind: 'database (SQLite driver, Kysely)', test: (url) => /better-sqlite3|kysely|\/db\//.test(url) },
  { kind: 'React render', test: (url) => /react-dom|react\/|\/web\//.test(url) },
  { kind: 'JSON serialisation', test: (_url, name) => /^(?:stringify|JSON\.stringify|serialize)/.test(name) },
  { kind: 'HTTP parsing and sockets (node:http, net)', test: (url) => /^node:(?:_http|http|net|stream|internal\/(?:http|stream|net))/.test(url) },
  { kind: 'Fastify (routing, hooks, reply)', test: (url) => /fastify|find-my-way|avvio|light-my-request/.test(url) },
  { kind: 'logging (pino)', test: (url) => url.includes('pino') },
  { kind: 'garbage collection', test: (_url, name) => name === '(garbage collector)' },
  { kind: 'idle', test: (_url, name) => name === '(idle)' },
];

/** node-postgres: its work, the socket writes it makes included (they are round trips to the server, not HTTP). */
const postgresDriver = /\/node_modules\/(?:pg|pg-protocol|pg-pool)\/|postgres-driver/;

function kindOf(stack: readonly ProfileNode[]): string {
  if (stack.some((node) => postgresDriver.test(node.callFrame.url))) return 'database (PostgreSQL driver, its socket writes)';
  for (let at = stack.length - 1; at >= 0; at--) {
    const frame = stack[at]?.callFrame;
    if (!frame) continue;
    const found = kinds.find((rule) => rule.test(frame.url, frame.functionName));
    if (found) return found.kind;
  }
  return 'other (app code, runtime)';
}

function labelOf({ callFrame }: ProfileNode): string {
  const where = callFrame.url ? `${basename(callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}` : '';
  return `${callFrame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
}

/** Time per sampled node (µs), from the sample list and its deltas. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, at) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[at] ?? 0)));
  return self;
}

/** What the report says of the profile: its title, and how the workload was run (pages.bench.ts's by default). */
export interface ProfileReportText {
  title: string;
  how: string;
}

const pagesReportText: ProfileReportText = {
  title: "Where the pages' time goes (CPU profile)",
  how: 'pages.bench.ts with BENCH_PAGES_PROFILE; the app started once before to seed, so start-up work is only module loading',
};

export function summariseCpuProfile(file: string, workload: readonly string[], loadAverage: string, text: ProfileReportText = pagesReportText): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = selfTimes(profile);
  const ownByLabel = new Map<string, number>();
  const allByLabel = new Map<string, number>();
  const byKind = new Map<string, number>();
  let total = 0;
  const visit = (node: ProfileNode, stack: ProfileNode[]): number => {
    const path = [...stack, node];
    const own = self.get(node.id) ?? 0;
    let inclusive = own;
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) inclusive += visit(next, path);
    }
    const label = labelOf(node);
    ownByLabel.set(label, (ownByLabel.get(label) ?? 0) + own);
    // A function on the stack twice (recursion) counts once, at its outermost call.
    if (!stack.some((above) => labelOf(above) === label)) allByLabel.set(label, (allByLabel.get(label) ?? 0) + inclusive);
    if (own > 0) byKind.set(kindOf(path), (byKind.get(kindOf(path)) ?? 0) + own);
    total += own;
    return inclusive;
  };
  const rootNode = profile.nodes[0];
  if (rootNode) visit(rootNode, []);
  const busy = total - (byKind.get('idle') ?? 0);
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([label]) => !label.startsWith('(idle)') && !label.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([label, micros]) => `| \`${label}\` | ${(micros / 1000).toFixed(0)} | ${share(micros)} |`);
  return [
    `# ${text.title}`,
    '',
    `Profile: \`bench/results/${basename(file)}\` (${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s of the app process under \`node --cpu-prof\`, load average ${loadAverage}). Open it in https://www.speedscope.app or Chrome DevTools (Performance → Load profile) for the flame graph.`,
    `Workload: ${workload.join('; ')}, each in turn at full load (${text.how}). Shares are of the busy time (idle left out).`,
    '',
    '| Kind of work | ms | share |',
    '|---|---:|---:|',
    ...[...byKind]
      .filter(([kind]) => kind !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([kind, micros]) => `| ${kind} | ${(micros / 1000).toFixed(0)} | ${share(micros)} |`),
    '',
    '## Most time of their own',
    '',
    '| Function | ms | share |',
    '|---|---:|---:|',
    ...top(ownByLabel, 25),
    '',
    '## Most time in all (callees included)',
    '',
    '| Function | ms | share |',
    '|---|---:|---:|',
    ...top(allByLabel, 40),
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename && process.argv[2]) console.log(summariseCpuProfile(process.argv[2], ['(given file)'], '?'));
