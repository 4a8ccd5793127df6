import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../create-db.ts';

/** Migrations see the schema as it was then, not today's types. */
// Kysely documents Kysely<any> as the type for migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type MigrationDb = Kysely<any>;

export interface EngineMigration {
  up(db: MigrationDb): Promise<void>;
  down?(db: MigrationDb): Promise<void>;
}

export type MigrationFactory = (engine: Engine) => EngineMigration;

/** An auto-increment integer primary key that accepts explicit ids on both engines (the seed sets them). */
export function withId<T extends string>(table: CreateTableBuilder<T>, engine: Engine, name = 'id') {
  return engine === 'postgres'
    ? table.addColumn(name, 'integer', (column: ColumnDefinitionBuilder) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn(name, 'integer', (column: ColumnDefinitionBuilder) => column.primaryKey().autoIncrement());
}
