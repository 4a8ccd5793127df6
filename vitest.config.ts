import { defineConfig } from 'vitest/config';

/**
 * Pure tests run once. Tests that touch data run once per engine: SQLite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (then an unreachable server fails the run).
 */
const dataTests = ['src/server/**/*.test.{ts,tsx}'];
const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export default defineConfig({
  test: {
    // CI collects counts from a JSON report beside the usual output.
    reporters: process.env.VITEST_JSON_OUTPUT ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON_OUTPUT ? { json: process.env.VITEST_JSON_OUTPUT } : undefined,
    setupFiles: ['src/server/testing/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/contract/**/*.test.{ts,tsx}', 'src/web/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      ...engines.map((engine) => ({
        extends: true as const,
        test: {
          name: engine,
          include: dataTests,
          env: { TEST_ENGINE: engine },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
