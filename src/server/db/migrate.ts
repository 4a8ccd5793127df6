import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.ts';
import { allMigrations } from './migrations/all-migrations.ts';

/** Migrations live in code (bundled with the server), so the provider is a plain object. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, create] of Object.entries(allMigrations)) migrations[name] = create(db.engine);
      return migrations;
    },
  };
  const { error, results } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
