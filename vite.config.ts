import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** BUILD_DIR lets parallel builds (CI, several developers) keep apart; dist by default. */
const buildDir = process.env.BUILD_DIR ?? 'dist';

/** One browser entry per page: every file in src/web/entries. */
const entriesDir = resolve(import.meta.dirname, 'src/web/entries');
const pageEntries = Object.fromEntries(
  readdirSync(entriesDir)
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => [name.replace(/\.tsx$/, ''), resolve(entriesDir, name)]),
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? { outDir: `${buildDir}/server`, emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: `${buildDir}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: pageEntries },
      },
  ssr: { noExternal: [] },
}));
