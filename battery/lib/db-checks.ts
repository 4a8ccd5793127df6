import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { maxCartLines } from '../../src/contract/cart.ts';
import { maxPurchaseQuantity } from '../../src/contract/pricing.ts';
import { isMobilePhone } from '../../src/contract/rules.ts';
import type { Engine } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

async function textColumnsOf(db: Kysely<Database>): Promise<{ table: string; column: string }[]> {
  const tables = await db.introspection.getTables();
  return tables.flatMap((table) =>
    table.columns.filter((column) => /char|text|clob/i.test(column.dataType)).map((column) => ({ table: table.name, column: column.name })),
  );
}

/**
 * What no call may leave in the database, whatever it was sent: cart lines within the
 * purchase limits and the cart cap, no line, favorite or session of a missing part or member,
 * members and codes with valid phones, no control characters in what members wrote, and no
 * NUL in any text column (SQLite; PostgreSQL's text cannot hold one). `since`: rows written
 * during the run (epoch ms).
 */
export async function invariantViolations(db: Kysely<Database>, engine: Engine, since: number): Promise<string[]> {
  const violations: string[] = [];
  const badQuantities = await db
    .selectFrom('cartItems')
    .select(['userId', 'productId', 'quantity', 'isSelected'])
    .where((eb) => eb.or([eb('quantity', '<=', 0), eb('quantity', '>', maxPurchaseQuantity), eb('isSelected', 'not in', [0, 1])]))
    .limit(5)
    .execute();
  for (const line of badQuantities) violations.push(`cart line out of bounds: ${JSON.stringify(line)}`);

  const fullCarts = await db
    .selectFrom('cartItems')
    .select(['userId', (eb) => eb.fn.countAll<number>().as('lines')])
    .groupBy('userId')
    .having((eb) => eb.fn.countAll(), '>', maxCartLines)
    .execute();
  for (const cart of fullCarts) violations.push(`member ${cart.userId} has ${cart.lines} cart lines (cap ${maxCartLines})`);

  for (const table of ['cartItems', 'favorites'] as const) {
    const orphans = await db
      .selectFrom(table)
      .select(['userId', 'productId'])
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.id', '=', `${table}.productId`))),
          eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', `${table}.userId`))),
        ]),
      )
      .limit(5)
      .execute();
    for (const orphan of orphans) violations.push(`${table} row of a missing part or member: ${JSON.stringify(orphan)}`);
  }

  const orphanSessions = await db
    .selectFrom('sessions')
    .select('userId')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'sessions.userId'))))
    .limit(5)
    .execute();
  for (const session of orphanSessions) violations.push(`session of a missing member ${session.userId}`);

  const newMembers = await db.selectFrom('users').select(['id', 'phone', 'userNumber', 'nickName', 'inviter']).where('createdAt', '>=', since).execute();
  for (const member of newMembers) {
    if (!isMobilePhone(member.phone)) violations.push(`member ${member.id} stored with phone ${JSON.stringify(member.phone)}`);
    for (const text of [member.userNumber, member.nickName, member.inviter ?? '']) {
      if (controlCharacter.test(text)) violations.push(`member ${member.id} stored with a control character: ${JSON.stringify(text)}`);
    }
  }

  const codes = await db.selectFrom('smsCodes').select('phone').where('sentAt', '>=', since).execute();
  const outbox = await db.selectFrom('smsOutbox').select('phone').where('sentAt', '>=', since).execute();
  const graphic = await db.selectFrom('graphicCodes').select('phone').where('phone', 'is not', null).execute();
  for (const { phone } of [...codes, ...outbox, ...graphic]) {
    if (phone !== null && phone !== '' && !isMobilePhone(phone)) violations.push(`an SMS or graphic code stored for ${JSON.stringify(phone)}`);
  }

  if (engine === 'sqlite') {
    for (const { table, column } of await textColumnsOf(db)) {
      const found = await sql<{
        value: string;
      }>`select ${sql.ref(column)} as value from ${sql.table(table)} where instr(${sql.ref(column)}, char(0)) > 0 limit 1`.execute(db);
      const row = found.rows[0];
      if (row) violations.push(`NUL stored in ${table}.${column}: ${JSON.stringify(row.value.slice(0, 80))}`);
    }
  }
  return violations;
}

/** A table's state: its row count, and a hash of every row when it is small enough to read. */
export interface TableState {
  count: number;
  hash: string | null;
}

export type Snapshot = Map<string, TableState>;

const hashedRowLimit = 50_000;

function rowKey(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => [key, row[key]]),
  );
}

/** Every table's count, and a content hash of every table up to 50,000 rows (a 1M-part catalogue is counted only). */
export async function snapshotTables(db: Kysely<Database>): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const table of await db.introspection.getTables()) {
    const counted = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table.name)}`.execute(db);
    const count = Number(counted.rows[0]?.count ?? 0);
    let hash: string | null = null;
    if (count <= hashedRowLimit) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
      const digest = createHash('sha256');
      for (const key of rows.rows.map(rowKey).sort()) digest.update(key).update('\n');
      hash = digest.digest('hex');
    }
    snapshot.set(table.name, { count, hash });
  }
  return snapshot;
}

/** The tables whose count or content differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => {
    const a = before.get(name);
    const b = after.get(name);
    return a?.count !== b?.count || a?.hash !== b?.hash || !a;
  });
}
