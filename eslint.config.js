// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Kysely's query builders: `db.selectFrom(…)` and the writes. */
const queryBuilders = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
/** Kysely's two ways to open a transaction; withTransaction (src/server/db/transaction.ts) wraps one of them for everyone. */
const transactionOpeners = new Set(['transaction', 'startTransaction']);

/** Beijing's offset from UTC in milliseconds: written as a literal or a product of literals, it is time-zone arithmetic done by hand. */
const beijingOffsetMs = 8 * 3_600_000;
/** Texts that name China's time zone. */
const timeZoneTexts = ['Asia/Shanghai', '+08:00'];
/** Date methods whose answer depends on the machine's time zone (the UTC ones do not). */
const localTimeMethods = new Set([
  'getTimezoneOffset',
  'toLocaleDateString',
  'toLocaleTimeString',
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'setFullYear',
  'setMonth',
  'setDate',
  'setHours',
]);

/** The value of a literal number or of a product of literal numbers (`8 * 60 * 60 * 1000`), else null. */
function literalProductOf(/** @type {import('estree').Node} */ node) {
  if (node.type === 'Literal') return typeof node.value === 'number' ? node.value : null;
  if (node.type !== 'BinaryExpression' || node.operator !== '*' || node.left.type === 'PrivateIdentifier') return null;
  const left = literalProductOf(node.left);
  const right = literalProductOf(node.right);
  return left === null || right === null ? null : left * right;
}

/** The name of the method a call calls (`x.y(…)` → y), or null. */
function calledMethodOf(/** @type {import('estree').CallExpression} */ call) {
  return call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier' ? call.callee.property.name : null;
}

/**
 * The store's own rules of decision 0020 (the console is a door, not a writer), each a few lines:
 * SQL lives in repositories, one way opens a transaction, one name means the engine handle.
 */
const xinpin = {
  meta: { name: 'xinpin' },
  rules: {
    'sql-only-in-repositories': {
      meta: {
        type: 'problem',
        docs: { description: 'Only repositories (*.repository.ts), src/server/db and src/server/cache build SQL (docs GUIDE "Boundaries").' },
        messages: { builder: "`.{{name}}(` builds SQL: move it into a *.repository.ts of the table's owner (decision 0020)." },
        schema: [],
      },
      create: (context) => ({
        CallExpression(node) {
          const name = calledMethodOf(node);
          if (name !== null && queryBuilders.has(name)) context.report({ node: node.callee, messageId: 'builder', data: { name } });
        },
      }),
    },
    'one-transaction-helper': {
      meta: {
        type: 'problem',
        docs: { description: 'Transactions are opened by withTransaction only (src/server/db/transaction.ts).' },
        messages: {
          opener: '`.{{name}}(` opens a transaction of its own: use withTransaction (db/transaction.ts), whose failed-COMMIT handling every change needs.',
        },
        schema: [],
      },
      create: (context) => ({
        CallExpression(node) {
          const name = calledMethodOf(node);
          if (name !== null && transactionOpeners.has(name)) context.report({ node: node.callee, messageId: 'opener', data: { name } });
        },
      }),
    },
    'time-zone-in-time-module': {
      meta: {
        type: 'problem',
        docs: { description: 'Beijing time (UTC+8) is worked out in src/contract/time.ts only.' },
        messages: {
          offset: 'Hand-made Beijing offset ({{text}}): use contract/time.ts (formatBeijingDate, startOfBeijingDay, beijingOffsetMs…).',
          zone: 'A time-zone name or option ({{text}}): Beijing time comes from contract/time.ts, the same on server and browser.',
          local: '`.{{text}}()` reads the machine’s time zone: use contract/time.ts.',
        },
        schema: [],
      },
      create: (context) => ({
        BinaryExpression(node) {
          if (node.parent.type === 'BinaryExpression' && node.parent.operator === '*') return;
          if (literalProductOf(node) === beijingOffsetMs) context.report({ node, messageId: 'offset', data: { text: context.sourceCode.getText(node) } });
        },
        Literal(node) {
          if (node.value === beijingOffsetMs) context.report({ node, messageId: 'offset', data: { text: String(node.raw) } });
          const value = node.value;
          if (typeof value === 'string' && timeZoneTexts.some((text) => value.includes(text)))
            context.report({ node, messageId: 'zone', data: { text: String(node.raw) } });
        },
        TemplateElement(node) {
          const text = timeZoneTexts.find((zone) => node.value.raw.includes(zone));
          if (text) context.report({ node, messageId: 'zone', data: { text } });
        },
        Property(node) {
          if (node.key.type === 'Identifier' && node.key.name === 'timeZone') context.report({ node: node.key, messageId: 'zone', data: { text: 'timeZone' } });
        },
        CallExpression(node) {
          const name = calledMethodOf(node);
          if (name !== null && localTimeMethods.has(name)) context.report({ node: node.callee, messageId: 'local', data: { text: name } });
        },
      }),
    },
    'money-text-in-money-module': {
      meta: {
        type: 'problem',
        docs: { description: 'Money is formatted and parsed by src/contract/money.ts only, never by toFixed.' },
        messages: {
          toFixed:
            '`.toFixed(` rounds a float: money text comes from contract/money.ts (formatCents, yuanTextOfCents, formatUnitPriceE4…). For a quantity that is not money, disable this line and say what it is.',
        },
        schema: [],
      },
      create: (context) => ({
        CallExpression(node) {
          if (calledMethodOf(node) === 'toFixed') context.report({ node: node.callee, messageId: 'toFixed' });
        },
      }),
    },
    'no-db-alias': {
      meta: {
        type: 'problem',
        docs: { description: 'Db names the engine handle of db/create-db.ts only; a database parameter is Kysely<Database> (decision 0008).' },
        messages: { alias: 'A local `type Db` shadows the engine handle (db/create-db.ts): write Kysely<Database> (decision 0008).' },
        schema: [],
      },
      create: (context) => ({
        TSTypeAliasDeclaration(node) {
          if (node.id.name === 'Db') context.report({ node: node.id, messageId: 'alias' });
        },
      }),
    },
  },
};

/** Tests and their support may set up data as they need. */
const testFiles = ['**/*.{test,spec}.{ts,tsx}', '**/*.test-helpers.{ts,tsx}', 'src/server/testing/**', 'src/server/features/*/testing/**'];

/**
 * One linter, near-default settings (docs GUIDE "Tooling"): typescript-eslint's strict and
 * stylistic type-checked presets for every TypeScript file (src, tests, bench, root configs),
 * React's hook rules for the browser code. Each relaxed rule says why on its line.
 */
export default defineConfig(
  globalIgnores(['dist*/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.h*-tmp/']),

  js.configs.recommended,

  {
    name: 'xinpin/typescript',
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // tsconfig has verbatimModuleSyntax; this keeps type-only imports marked (either `import type` or inline `type`).
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      // Under verbatimModuleSyntax `import { type A } from 'x'` still loads 'x' at run time (`import {} from 'x'`); depcruise counts it as type-only.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Prices, counts and ports are numbers and interpolate predictably; the other options stay as strict-type-checked sets them.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowRegExp: false },
      ],
      // `onClick={() => setOpen(false)}` and `() => done()` callbacks are idiomatic; `return voidCall()` is still reported.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Fastify hooks, handlers and plugins must be async (a sync hook without `done` never completes); forgotten awaits are no-floating-promises' job.
      '@typescript-eslint/require-await': 'off',
      // `const { id: _id, ...rest } = row` is how a field is left out; an underscore marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  {
    name: 'xinpin/react-hooks',
    files: ['src/web/**/*.{ts,tsx}', '**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The browser runs these on Preact (vite.config.ts), whose ids differ from the server's React.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message: 'usePageId (web/lib/page-ids.tsx): React on the server and Preact in the browser make different ids.',
            },
          ],
        },
      ],
    },
  },

  {
    name: 'xinpin/sql-only-in-repositories',
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.repository.ts',
      'src/server/db/**',
      'src/server/cache/**',
      ...testFiles,
      // The demo store's first rows, written once on first start like a migration (table-owners.test.ts: seeds).
      'src/server/seed/**',
      '**/*.seed.ts',
      // The database fallback of the rate-limit counters (decision 0009): one store of two, beside the Redis one.
      'src/server/http/counter-store.ts',
    ],
    plugins: { xinpin },
    rules: { 'xinpin/sql-only-in-repositories': 'error' },
  },
  {
    name: 'xinpin/one-transaction-helper',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/transaction.ts', ...testFiles],
    plugins: { xinpin },
    rules: { 'xinpin/one-transaction-helper': 'error' },
  },
  {
    name: 'xinpin/no-db-alias',
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/create-db.ts'],
    plugins: { xinpin },
    rules: { 'xinpin/no-db-alias': 'error' },
  },

  {
    name: 'xinpin/time-zone-in-time-module',
    files: ['src/**/*.{ts,tsx}'],
    // Tests keep their own arithmetic: an oracle independent of the module it checks.
    ignores: ['src/contract/time.ts', ...testFiles],
    plugins: { xinpin },
    rules: { 'xinpin/time-zone-in-time-module': 'error' },
  },
  {
    name: 'xinpin/money-text-in-money-module',
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/contract/money.ts',
      ...testFiles,
      // The demo generator writes part values (4R7, 0R22) and its own timings; its prices are integers of 0.0001 yuan.
      'src/server/seed/**',
    ],
    plugins: { xinpin },
    rules: { 'xinpin/money-text-in-money-module': 'error' },
  },

  {
    name: 'xinpin/javascript-configs',
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    name: 'xinpin/commonjs-configs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
);
