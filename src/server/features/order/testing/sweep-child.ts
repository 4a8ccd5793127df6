/**
 * One more store process for the sweeper race: sweeps a database a few times and prints how many
 * orders it cancelled. `node --import tsx sweep-child.ts <databaseUrl> <rounds>`: it connects, prints
 * `ready`, and sweeps when a line arrives on stdin, so all the racers start together once every one is up.
 */
import { once } from 'node:events';
import { sql } from 'kysely';
import { createDb } from '../../../db/create-db.ts';
import { expireOverdueOrders } from '../order-sweeper.ts';

const [databaseUrl = '', rounds = '3'] = process.argv.slice(2);
const db = createDb(databaseUrl);
await sql`select 1`.execute(db.kysely);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();
let cancelled = 0;
try {
  for (let round = 0; round < Number(rounds); round++) cancelled += await expireOverdueOrders(db.kysely, Date.now());
} finally {
  await db.destroy();
}
process.stdout.write(`${JSON.stringify({ cancelled })}\n`);
