// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

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
