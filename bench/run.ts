/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process (so one
 * bench's memory and open handles never disturb the next), then prints each report from
 * bench/results/. `npm run bench -- seed search` runs only the named benches;
 * `--skus N` (search, choose and the other catalogue benches) measures a catalogue of N parts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const benchDir = import.meta.dirname;
const root = resolve(benchDir, '..');

interface Outcome {
  name: string;
  exitCode: number;
  seconds: number;
  report: string | null;
}

/** `--skus N` / `--skus=N`, passed on to each bench. */
function passedOptions(): string[] {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === '--skus' || arg.startsWith('--skus='));
  if (at < 0) return [];
  const arg = args[at] ?? '';
  const value = arg.includes('=') ? arg.slice('--skus='.length) : args[at + 1];
  if (!value || !/^\d+$/.test(value)) throw new Error('--skus needs a number of parts');
  return ['--skus', value];
}

function benchNames(): string[] {
  const all = readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .map((file) => file.slice(0, -'.bench.ts'.length))
    .sort();
  const args = process.argv.slice(2);
  const wanted = args.filter((arg, index) => !arg.startsWith('-') && args[index - 1] !== '--skus');
  const unknown = wanted.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}; available: ${all.join(', ')}`);
  return wanted.length > 0 ? all.filter((name) => wanted.includes(name)) : all;
}

function runOne(name: string): Promise<Outcome> {
  const reportPath = resolve(benchDir, 'results', `${name}.md`);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(benchDir, `${name}.bench.ts`), ...passedOptions()], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('close', (code) => {
      const isFresh = existsSync(reportPath) && statSync(reportPath).mtimeMs >= started;
      done({ name, exitCode: code ?? 1, seconds: (Date.now() - started) / 1000, report: isFresh ? readFileSync(reportPath, 'utf8') : null });
    });
  });
}

async function main() {
  const names = benchNames();
  const outcomes: Outcome[] = [];
  for (const name of names) {
    console.log(`\n━━━ bench: ${name} ━━━`);
    outcomes.push(await runOne(name));
  }
  for (const outcome of outcomes) {
    console.log(`\n━━━ report: ${outcome.name} (${outcome.exitCode === 0 ? 'ok' : `failed, exit ${outcome.exitCode}`}, ${outcome.seconds.toFixed(0)} s) ━━━`);
    console.log(outcome.report ?? '(no fresh report in bench/results/)');
  }
  if (outcomes.some((outcome) => outcome.exitCode !== 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
