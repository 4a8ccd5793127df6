import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.ts';
import { allMigrations } from './migrations/all-migrations.ts';

/** Migrations live in code (bundled with the server), so the provider is a plain object. */
function migratorFor(db: Db): Migrator {
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, create] of Object.entries(allMigrations)) migrations[name] = create(db.engine);
      return migrations;
    },
  };
  return new Migrator({ db: db.kysely, provider });
}

/** Names of the migrations this build has that the database has not run (for /readyz). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migratorFor(db).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
