import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** BUILD_DIR lets parallel builds (CI, several developers) keep apart; dist by default. */
const buildDir = process.env.BUILD_DIR ?? 'dist';

/**
 * One browser entry per page: every file in src/web/entries (the shop's, named `home`) and in
 * src/web/console/entries (the console's, named `console/orders`: src/server/ssr/entry-files.ts).
 */
function entriesIn(folder: string, namePrefix: string): [string, string][] {
  const dir = resolve(import.meta.dirname, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => [`${namePrefix}${name.replace(/\.tsx$/, '')}`, resolve(dir, name)]);
}
const pageEntries = Object.fromEntries([...entriesIn('src/web/entries', ''), ...entriesIn('src/web/console/entries', 'console/')]);

/**
 * The browser runs React's API on Preact (preact/compat): React DOM alone is 66.5 KiB gzipped, most of the
 * 80 KiB page budget (docs/decisions/0016). The server, tests and npm run dev keep React itself.
 */
const browserRuntimeAlias = [
  { find: /^react-dom\/client$/, replacement: resolve(import.meta.dirname, 'src/web/lib/browser-react-dom-client.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: resolve(import.meta.dirname, 'src/web/lib/browser-react.ts') },
];

/**
 * The worker modules of the app's worker threads (src/server/work/work-pool.ts): each its own file beside main.js,
 * where workerFileOf looks. `vite build --ssr <entry>` takes one entry, so they are emitted here.
 */
function emitServerWorkers(): Plugin {
  const workers = {
    'bom-work.worker.js': 'src/server/features/bom/bom-work.worker.ts',
    'price-list-work.worker.js': 'src/server/features/price-import/price-list-work.worker.ts',
    'order-document.worker.js': 'src/server/features/order/order-document.worker.ts',
    'statement.worker.js': 'src/server/features/company-credit/statement.worker.ts',
    'search-build.worker.js': 'src/server/features/search/search-build.worker.ts',
  };
  return {
    name: 'emit-server-workers',
    buildStart() {
      for (const [fileName, source] of Object.entries(workers)) this.emitFile({ type: 'chunk', id: resolve(import.meta.dirname, source), fileName });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's files are compressed once here (brotli at its best, and gzip for the rest), not per request.
  plugins: isSsrBuild
    ? [react(), emitServerWorkers()]
    : // Fast Refresh is React's own and does nothing on Preact: without it an edit reloads the page.
      [
        react({ refreshExclude: /./ }),
        compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|json)$/, threshold: 1024, skipIfLargerOrEqual: true }),
      ],
  // Server-only markup (web/ui/server-markup.tsx) drops out of the browser build; under tsx (npm run dev) it is undefined, read as the server.
  define: { __SERVER_RENDER__: JSON.stringify(Boolean(isSsrBuild)) },
  resolve: isSsrBuild ? {} : { alias: browserRuntimeAlias },
  // The dev server pre-bundles `react` (plugin-react asks it to), which now names browser-react.ts:
  // `react-dom/client` must be in the same pre-bundle, or it would load its own copy of preact-options.ts.
  optimizeDeps: { include: ['react-dom/client'] },
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
