// Re-creates the real-BOM corpus (issue 27) outside the repository from tests/fixtures/bom-real/sources.json:
// `npx tsx scripts/gather-bom-corpus.ts [mirror directory] [output directory]`.
// The files are other people's work and are never committed; only where they came from is.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface CorpusSource {
  file: string;
  repo: string;
  path: string;
  commit?: string;
  bytesExact: boolean;
}

const sourcesPath = new URL('../tests/fixtures/bom-real/sources.json', import.meta.url);

/** A fetched snapshot lives in <mirror>/<owner>+<name>/repo, as a bare git directory or a checkout's .git. */
function gitDirectoryOf(mirror: string, repo: string): string | null {
  const base = join(mirror, repo.replace('/', '+'), 'repo');
  for (const candidate of [base, join(base, '.git')]) {
    if (existsSync(join(candidate, 'HEAD')) && existsSync(join(candidate, 'objects'))) return candidate;
  }
  return null;
}

/** The file's bytes at its recorded commit, else at the snapshot's newest commit; null when neither has it. */
function bytesOf(gitDirectory: string, source: CorpusSource): Buffer | null {
  for (const revision of [source.commit, 'HEAD']) {
    if (!revision) continue;
    try {
      return execFileSync('git', ['--git-dir', gitDirectory, 'show', `${revision}:${source.path}`], {
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      // Not at this revision: try the next one.
    }
  }
  return null;
}

function gather(mirror: string, output: string): void {
  const sources = JSON.parse(readFileSync(sourcesPath, 'utf8')) as CorpusSource[];
  mkdirSync(output, { recursive: true });
  const missing: string[] = [];
  for (const source of sources) {
    const gitDirectory = gitDirectoryOf(mirror, source.repo);
    const bytes = gitDirectory ? bytesOf(gitDirectory, source) : null;
    if (bytes) writeFileSync(join(output, source.file), bytes);
    else
      missing.push(
        `${source.file}: ${gitDirectory ? 'not in the snapshot' : 'no snapshot'} of ${source.repo} (${source.path}${source.commit ? ` @ ${source.commit}` : ''})`,
      );
  }
  console.log(`${sources.length - missing.length} of ${sources.length} files written to ${output}`);
  if (missing.length > 0) console.log(`Not found (fetch these repositories first):\n  ${missing.join('\n  ')}`);
}

gather(process.argv[2] ?? '/work/.mirror', process.argv[3] ?? '/work/bom-real/files');
