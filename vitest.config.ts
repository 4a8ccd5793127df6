import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Pure tests run once. Tests that touch data run once per engine: SQLite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (then an unreachable server fails the run).
 */
const dataTests = ['src/server/**/*.test.{ts,tsx}'];
const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
/**
 * Three production processes behind nginx on PostgreSQL and Redis (tests/cluster): only with
 * both servers, and only after a build (`npm test` builds, then runs this project on its own).
 */
const clusterProjects =
  process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [
        {
          extends: true as const,
          test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000, fileParallelism: false },
        },
      ]
    : [];

export default defineConfig({
  test: {
    // One worker per core, not Vitest's default of one fewer: on 2 cores that default ran every file in
    // turn, and the PostgreSQL files spend most of their time waiting on the server.
    maxWorkers: availableParallelism(),
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
          globalSetup: engine === 'postgres' ? ['src/server/testing/postgres-template.global.ts'] : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database, so files can share a worker's module graph:
          // importing the server once per worker instead of once per file took the data tests from
          // 12 to under 5 minutes on 2 cores. The unit project stays isolated (it stubs globals).
          isolate: false,
        },
      })),
      ...clusterProjects,
    ],
  },
});
