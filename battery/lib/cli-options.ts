import { parseArgs } from 'node:util';
import { createDb, type Db } from '../../src/server/db/create-db.ts';

export interface BatteryOptions {
  baseUrl: string;
  databaseUrl: string | null;
  payloads: number;
  seed: number;
  concurrency: number;
}

/** `--base-url` (required), `--database-url`, `--payloads`, `--seed`, `--concurrency`. */
export function readBatteryOptions(args: string[], defaults: { payloads: number }): BatteryOptions {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      'database-url': { type: 'string' },
      payloads: { type: 'string', default: String(defaults.payloads) },
      seed: { type: 'string' },
      concurrency: { type: 'string', default: '8' },
    },
    strict: true,
  });
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new Error('--base-url is required, e.g. --base-url http://127.0.0.1:3000');
  const number = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive integer, not ${text}`);
    return value;
  };
  return {
    baseUrl,
    databaseUrl: values['database-url'] ?? null,
    payloads: number('payloads', values.payloads),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : number('seed', values.seed),
    concurrency: number('concurrency', values.concurrency),
  };
}

/** The store's database, read beside it (never migrated or seeded here). */
export function openStoreDb(databaseUrl: string | null): Db | null {
  return databaseUrl ? createDb(databaseUrl, { poolSize: 2 }) : null;
}

/** Runs a battery CLI: its result decides the exit code; an error is printed without a stack trace. */
export async function runCli(main: () => Promise<boolean>): Promise<void> {
  try {
    process.exitCode = (await main()) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
