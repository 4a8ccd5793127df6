/**
 * What each page sends the browser: its JavaScript (entry plus every chunk it imports statically,
 * the UI runtime included: Preact, decision 0016) and its CSS, raw, gzip level 9 and brotli quality 11, against the
 * 80 KiB gzip budget that `npx size-limit` enforces (.size-limit.js, docs/areas/operations.md "JavaScript
 * budget"). Chunks a page loads later with import() are listed apart: they are not in the budget.
 * Reads the build in ${BUILD_DIR:-dist}; writes bench/results/assets.md.
 *
 *   npm run build && node --import tsx bench/assets.bench.ts
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const budgetBytes = 80 * 1024;
const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const clientDir = resolve(root, buildDir, 'client');

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const bytes = readFileSync(resolve(clientDir, file));
  const sizes = {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

function total(files: Iterable<string>): Sizes {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
  }
  return sum;
}

/** The chunk keys an entry loads before it runs: itself and its static imports, followed to the end. */
function staticKeys(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticKeys(manifest, imported, seen);
  return seen;
}

/** Chunks reachable only through import(): fetched on demand, outside the budget. */
function lazyKeys(manifest: Manifest, loaded: Set<string>): Set<string> {
  const lazy = new Set<string>();
  const visit = (key: string) => {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      for (const reached of staticKeys(manifest, dynamic)) {
        if (loaded.has(reached) || lazy.has(reached)) continue;
        lazy.add(reached);
        visit(reached);
      }
    }
  };
  for (const key of loaded) visit(key);
  return lazy;
}

function fileOf(manifest: Manifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest names a chunk it does not hold: ${key}`);
  return chunk.file;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function main() {
  const manifest = JSON.parse(readFileSync(resolve(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const rows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key, chunk]) => {
      const loaded = staticKeys(manifest, key);
      const js = total([...loaded].map((chunkKey) => fileOf(manifest, chunkKey)));
      const css = total(new Set([...loaded].flatMap((chunkKey) => manifest[chunkKey]?.css ?? [])));
      const lazy = total([...lazyKeys(manifest, loaded)].map((chunkKey) => fileOf(manifest, chunkKey)));
      return { name: chunk.name ?? key, js, css, lazy };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip || a.name.localeCompare(b.name));

  const over = rows.filter((row) => row.js.gzip > budgetBytes);
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    // outside a git checkout: the report just says so
  }
  const lines = [
    '# Assets per page',
    '',
    `Build: \`${buildDir}\` of commit ${commit} (with the working tree as built), ${new Date().toISOString()}; ${cpus().length} cores, load ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (sizes do not depend on load).`,
    '',
    'JS: the page entry plus every chunk it imports statically (the UI runtime included), which the browser must load before the page is interactive.',
    'Lazy JS: chunks reachable only through `import()`, fetched on idle, on first interaction or when scrolled into view; not in the budget.',
    'CSS: the stylesheets of those chunks. Sizes in KiB (1,024 bytes); gzip at level 9, brotli at quality 11, each file compressed on its own as the server sends it.',
    '',
    `Budget: JS gzip ≤ 80 KiB (${budgetBytes} bytes) per page, enforced by \`npx size-limit\` in \`npm test\`. ${rows.length - over.length} of ${rows.length} pages within, ${over.length} over.`,
    '',
    '| page | JS raw | JS gzip | JS brotli | budget | lazy JS gzip | CSS raw | CSS gzip | CSS brotli |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${kib(row.js.raw)} | ${kib(row.js.gzip)} | ${kib(row.js.brotli)} | ${row.js.gzip <= budgetBytes ? 'ok' : `**over by ${kib(row.js.gzip - budgetBytes)}**`} | ${kib(row.lazy.gzip)} | ${kib(row.css.raw)} | ${kib(row.css.gzip)} | ${kib(row.css.brotli)} |`,
    ),
    '',
  ];
  writeFileSync(resolve(import.meta.dirname, 'results/assets.md'), lines.join('\n'));
  console.log(`assets: ${rows.length} pages, ${over.length} over the 80 KiB gzip budget; bench/results/assets.md written`);
}

main();
