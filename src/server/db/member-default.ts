import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/** The columns a table needs to hold a member's rows with one default among them. */
interface DefaultColumns {
  id: number;
  userId: number;
  /** 0/1; a partial unique index allows one 1 per member. */
  isDefault: number;
  createdAt: number;
}

/** The tables of the schema whose rows a member owns with one default: today addresses and invoiceProfiles. */
export type MemberDefaultTable = {
  [Name in keyof Database]: Database[Name] extends { [Column in keyof DefaultColumns]: unknown } ? Name : never;
}[keyof Database];

/** The database seen through the default's columns of these tables (Kysely cannot type a table name chosen by the caller). */
type DefaultView = Kysely<Record<MemberDefaultTable, DefaultColumns>>;

/**
 * The default handling of a member's rows, written once for every table that has it: the
 * member's default is cleared before another row takes it, and a deleted default passes to the
 * newest remaining row. Callers run these inside `withTransaction` after `lockMember`, so the
 * member's concurrent calls take turns; the partial unique index rejects a second default anyway.
 */
export function memberDefaults(name: MemberDefaultTable) {
  const view = (db: Kysely<Database>) => db as unknown as DefaultView;
  return {
    /** Clears the member's default before another takes it. */
    clear: async (db: Kysely<Database>, userId: number): Promise<void> => {
      await view(db).updateTable(name).set({ isDefault: 0 }).where('userId', '=', userId).where('isDefault', '=', 1).execute();
    },

    /** Makes one of the member's rows the default (clear it first). */
    mark: async (db: Kysely<Database>, userId: number, id: number): Promise<void> => {
      await view(db).updateTable(name).set({ isDefault: 1 }).where('id', '=', id).where('userId', '=', userId).execute();
    },

    /** The newest of the member's rows becomes the default (none when the member has none left). */
    markNewest: async (db: Kysely<Database>, userId: number): Promise<void> => {
      await view(db)
        .updateTable(name)
        .set({ isDefault: 1 })
        .where('id', '=', (eb) => eb.selectFrom(name).select('id').where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1))
        .execute();
    },

    /** Deletes one of the member's rows: whether it was the default, or null when the member has no such row. */
    deleteRow: async (db: Kysely<Database>, userId: number, id: number): Promise<{ wasDefault: boolean } | null> => {
      const row = await view(db).deleteFrom(name).where('id', '=', id).where('userId', '=', userId).returning('isDefault').executeTakeFirst();
      return row ? { wasDefault: row.isDefault === 1 } : null;
    },
  };
}
