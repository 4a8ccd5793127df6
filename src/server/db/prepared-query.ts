import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database.ts';

/** What a prepared statement is given each time: the values its builder puts where a parameter goes. */
type StatementValue = string | number;

interface Prepared {
  compiled: CompiledQuery;
  /** For each parameter of the compiled SQL, the index of the call's value it takes, or null for a constant of the builder. */
  slots: (number | null)[];
}

/** Stand-ins for the call's values while the builder runs once: strings no caller's value can be. */
const standInOf = (index: number) => `\u0000prepared value ${index}\u0000`;

/**
 * A read that Kysely builds, transforms (camel case) and compiles once per database, then runs with
 * each call's values. Building and compiling cost about 20 µs a statement, four times what the driver
 * and SQLite take for an indexed read by key: worth it for the reads every member's page makes (its
 * session, the shell). Only for a statement whose shape never depends on its values (no `in` lists,
 * no optional filters): each value must reach a parameter of its own, which the first call checks.
 */
export function preparedQuery<Values extends readonly StatementValue[], Row>(
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
): (db: Kysely<Database>, ...values: Values) => Promise<Row[]> {
  function prepare(db: Kysely<Database>, arity: number): Prepared {
    const standIns = Array.from({ length: arity }, (_value, index) => standInOf(index));
    // The builder only passes its values on to Kysely, which puts each in a parameter whatever its type.
    const compiled = build(db, ...(standIns as unknown as Values)).compile();
    const slots = compiled.parameters.map((parameter) => {
      const index = typeof parameter === 'string' ? standIns.indexOf(parameter) : -1;
      return index < 0 ? null : index;
    });
    const isEveryValuePlaced = standIns.every((_value, index) => slots.includes(index));
    if (!isEveryValuePlaced || standIns.some((standIn) => compiled.sql.includes(standIn))) {
      throw new Error(`preparedQuery: every value must go to a parameter of its own (${compiled.sql})`);
    }
    return { compiled, slots };
  }

  // Per database (a transaction, or a test's counting plugin, is one of its own): the SQL follows its dialect and plugins.
  const preparedFor = new WeakMap<Kysely<Database>, Prepared>();
  return async (db, ...values) => {
    let prepared = preparedFor.get(db);
    if (!prepared) {
      prepared = prepare(db, values.length);
      preparedFor.set(db, prepared);
    }
    const { compiled, slots } = prepared;
    const parameters = slots.map((slot, index) => (slot === null ? compiled.parameters[index] : values[slot]));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
