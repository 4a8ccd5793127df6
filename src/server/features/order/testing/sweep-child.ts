/**
 * One more store process for the sweeper race: sweeps a database a few times and prints how many
 * orders it cancelled. `node --import tsx sweep-child.ts <databaseUrl> <rounds> <startAt>`: it
 * connects, waits until startAt (epoch ms) so all the racers start together, then sweeps.
 */
import { sql } from 'kysely';
import { createDb } from '../../../db/create-db.ts';
import { expireOverdueOrders } from '../order-sweeper.ts';

const [databaseUrl = '', rounds = '3', startAt = '0'] = process.argv.slice(2);
const db = createDb(databaseUrl);
await sql`select 1`.execute(db.kysely);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
let cancelled = 0;
try {
  for (let round = 0; round < Number(rounds); round++) cancelled += await expireOverdueOrders(db.kysely, Date.now());
} finally {
  await db.destroy();
}
process.stdout.write(JSON.stringify({ cancelled }));
