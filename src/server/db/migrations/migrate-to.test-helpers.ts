import { Migrator, type Migration } from 'kysely';
import type { TestDb } from '../../testing/test-db.ts';
import { allMigrations } from './all-migrations.ts';

/** The migration before `name`, to set a store up as it was written before `name` ran. */
export function migrationBefore(name: string): string {
  const names = Object.keys(allMigrations).sort();
  return names[names.indexOf(name) - 1] ?? '';
}

/** Migrates a test database up (or down) to the migration `name`, as the app would on its engine; throws what failed. */
export async function migrateTo(db: TestDb, name: string): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: {
      getMigrations: () =>
        Promise.resolve(Object.fromEntries(Object.entries(allMigrations).map(([key, create]): [string, Migration] => [key, create(db.engine)]))),
    },
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
