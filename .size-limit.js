/**
 * The JavaScript budget of docs/areas/operations.md "JavaScript budget": each page's browser script, its
 * entry plus every chunk it imports statically (the build manifest's `imports`, followed to the end),
 * the UI runtime included (Preact in the browser, decision 0016), at most 80 KiB (81,920 bytes) gzipped at level 9. Chunks loaded with
 * import() (`dynamicImports`) come later, on demand, and are not counted. `npx size-limit` reads the
 * build in ${BUILD_DIR:-dist}; npm test runs it after the build.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const buildDir = process.env.BUILD_DIR ?? 'dist';
const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, buildDir, 'client/.vite/manifest.json'), 'utf8'));

/** The entry's file and the files of all chunks it imports statically, each once. */
function staticFiles(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticFiles(imported, seen);
  return seen;
}

export default Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key, chunk]) => ({
    name: chunk.name,
    path: [...staticFiles(key)].map((chunkKey) => `${buildDir}/client/${manifest[chunkKey].file}`),
    limit: '80 KiB',
    gzip: true,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
