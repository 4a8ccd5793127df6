import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createScratchDatabase, databaseUrlOn, dropDatabaseWhenIdle, waitUntilUnused, withAdminClient } from './test-db-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file's database is copied from (test-db.ts). */
    postgresTemplate: string;
  }
}

/**
 * Migrating a new PostgreSQL database took 1–3 s per test file (some 200 files); copying a migrated
 * template takes a fraction of that. Made once per run of the postgres project, dropped after it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the postgres project needs TEST_DATABASE_URL');
  const name = `store_template_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => createScratchDatabase(admin, name));
  const db = createDb(databaseUrlOn(serverUrl, name));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // A template cannot be copied while a connection to it is open.
  await withAdminClient(serverUrl, (admin) => waitUntilUnused(admin, name));
  project.provide('postgresTemplate', name);
  return () => dropDatabaseWhenIdle(serverUrl, name);
}
