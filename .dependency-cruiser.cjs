/**
 * The boundaries of docs GUIDE "Layout" and "Boundaries", checked by
 * `depcruise src bench tests --config .dependency-cruiser.cjs` (part of `npm run lint`).
 *
 * Paths are relative to the repository root. Type-only imports are analysed too
 * (tsPreCompilationDeps): they count for cycles and boundaries unless a rule says otherwise.
 * Cycles between feature folders (not only files) are refused by .dependency-cruiser-features.cjs.
 */

/** Test files, and the test support that only tests may use. */
const TEST_FILE = '\\.(test|spec)\\.tsx?$';
const TEST_SUPPORT = ['^src/server/testing/', '^src/server/features/[^/]+/testing/', '\\.test-helpers\\.tsx?$'];
/** The operations console's kit, used by every desk: registering console calls and pages, the staff session and access, the lifecycle actor, data-grid queries, exports, URL views and bulk actions. */
const CONSOLE_KIT =
  '^src/server/features/staff/(?:staff-api-route|staff-session|staff-access|staff-page|staff-actor|grid-query|grid-url-query|grid-bulk)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-not-to-server-or-web',
      comment: 'src/contract is shared by server and browser: it must not depend on either side.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'contract-only-zod',
      comment:
        'src/contract has no I/O and no other library: besides its own files it imports only zod (its tests may use vitest), and @casl/ability for the console roles (staff-permissions.ts: the same rules check calls on the server and hide buttons in the browser).',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: TEST_FILE },
      // server/ and web/ are reported by contract-not-to-server-or-web
      to: { pathNot: ['^src/contract/', '(^|/)node_modules/zod/', '(^|/)node_modules/@casl/ability/', '^src/(server|web)/'] },
    },
    {
      name: 'web-not-to-server',
      comment: 'Browser code never imports the server; the two meet only in src/contract.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'web-no-runtime-zod',
      comment:
        'zod stays out of the browser bundle: web code may import zod and the request schemas (src/contract/*-requests.ts, src/contract/console/*-requests.ts) for their types only (`import type`).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: ['(^|/)node_modules/zod/', '^src/contract/(?:console/)?[^/]+-requests\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-runtime-zod-only-in-requests',
      comment:
        'Only the request schemas (src/contract/*-requests.ts, src/contract/console/*-requests.ts) use zod at run time, so that the rest of src/contract, which the browser imports, keeps zod out of its bundle (web-no-runtime-zod sees only the browser\u2019s direct imports: staff-grid.ts once carried gridQuerySchema and brought all of zod into every console page). Elsewhere in src/contract, zod and the request schemas are for types only.',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: ['-requests\\.ts$', TEST_FILE] },
      to: { path: ['(^|/)node_modules/zod/', '^src/contract/(?:console/)?[^/]+-requests\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'feature-to-other-feature-only-via-service',
      comment:
        "A feature uses another feature only through its *.service.ts (and *.tables.ts types, see feature-tables-type-only), or the read fragments it offers for other features' queries (*.query.ts: SQL conditions and expressions, never a write; order-deal.query.ts is what every statistic counts as a sale): never its repositories, routes, pages or helpers. The console's kit (features/staff: registering console calls, the staff session, data-grid queries) is what every desk of the console is built on.",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: [TEST_FILE, ...TEST_SUPPORT] },
      to: { path: '^src/server/features/[^/]+/', pathNot: ['^src/server/features/$1/', '\\.service\\.ts$', '\\.tables\\.ts$', '\\.query\\.ts$', CONSOLE_KIT] },
    },
    {
      name: 'feature-test-to-other-feature-only-via-service-or-fixtures',
      comment: "Tests of a feature follow the same rule, but may also use another feature's test fixtures (its testing/ folder, *.test-helpers.ts).",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/(?:.+\\.(?:test|spec|test-helpers)\\.tsx?$|testing/)' },
      to: {
        path: '^src/server/features/[^/]+/',
        pathNot: [
          '^src/server/features/$1/',
          '\\.service\\.ts$',
          '\\.tables\\.ts$',
          '\\.query\\.ts$',
          '^src/server/features/[^/]+/testing/',
          '\\.test-helpers\\.tsx?$',
          CONSOLE_KIT,
        ],
      },
    },
    {
      name: 'feature-tables-type-only',
      comment: "Another feature's *.tables.ts describes its rows: import it for types only (`import type`).",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/[^/]+/.+\\.tables\\.ts$', pathNot: '^src/server/features/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-pages-features-not-to-repository',
      comment: 'Routes, page loaders and feature registrations never touch SQL: they call services, even in their own feature.',
      severity: 'error',
      from: { path: '\\.(routes|pages|feature)\\.tsx?$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'infrastructure-not-to-features',
      comment:
        'ssr/, http/, db/, work/ (the worker threads) and pdf/ (the PDF kit) are below the features: they never import src/server/features (db/database.ts: see the next rules). A feature\u2019s worker tasks live in the feature and name their module to the pool.',
      severity: 'error',
      from: { path: '^src/server/(ssr|http|db|work|pdf)/', pathNot: '^src/server/db/database\\.ts$' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'database-to-features-only-tables',
      comment: 'db/database.ts assembles the Database type from the features\u2019 *.tables.ts and nothing else of the features.',
      severity: 'error',
      from: { path: '^src/server/db/database\\.ts$' },
      to: { path: '^src/server/features/', pathNot: '\\.tables\\.ts$' },
    },
    {
      name: 'database-to-tables-type-only',
      comment: 'db/database.ts imports the features\u2019 *.tables.ts for types only (`import type`).',
      severity: 'error',
      from: { path: '^src/server/db/database\\.ts$' },
      to: { path: '^src/server/features/.+\\.tables\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'seed-only-from-entry-seeds-and-tests',
      comment:
        'The demo-catalogue generator is not part of the running store: only main.ts (first start), *.seed.ts, tests, src/server/testing, bench and tests/ may import src/server/seed.',
      severity: 'error',
      from: {
        pathNot: ['^src/server/seed/', '^src/server/main\\.ts$', '\\.seed\\.ts$', TEST_FILE, '^src/server/testing/', '^bench/', '^tests/'],
      },
      to: { path: '^src/server/seed/' },
    },
    {
      name: 'source-not-to-tests',
      comment: 'Source never imports tests or test support (src/server/testing, a feature\u2019s testing/ folder, *.test-helpers.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: [TEST_FILE, ...TEST_SUPPORT] },
      to: { path: [TEST_FILE, ...TEST_SUPPORT, '^tests/'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included: they make modules order-dependent and the layering unreadable.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-barrel-index',
      comment: 'No barrel index.ts files: import the file you mean.',
      severity: 'error',
      from: { path: '(^|/)index\\.[cm]?[jt]sx?$', pathNot: '(^|/)node_modules/' },
      to: {},
    },
    {
      name: 'not-to-barrel-index',
      comment: 'No barrel index.ts files: import the file you mean (this catches an index file that re-exports nothing yet).',
      severity: 'error',
      from: {},
      to: { path: '(^|/)index\\.[cm]?[jt]sx?$', pathNot: '(^|/)node_modules/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve escapes every rule above (and fails at run time).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules is not cruised, but imports of packages stay visible: contract-only-zod and web-no-runtime-zod need them.
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Imports carry explicit .ts/.tsx extensions (allowImportingTsExtensions); packages resolve through their exports.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
