import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { AnyCall } from '../../src/contract/call.ts';

/** One call of the contract with its request schema, as the battery sees it. */
export interface TableCall {
  /** `cart.add`: the domain (file name) and the call's name in its table. */
  name: string;
  path: string;
  isMemberOnly: boolean;
  schema: z.ZodType;
}

export const contractDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/contract');
/** The shop's calls are in contract/, the console's in contract/console/. */
const callDirs = [contractDir, resolve(contractDir, 'console')];

function isCall(value: unknown): value is AnyCall {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.path === 'string' && typeof candidate.isMemberOnly === 'boolean';
}

/**
 * A call of the operations console (contract/staff-calls.ts): it answers to the staff session's
 * admin_sid and its own anti-forgery token, which the battery's visitors and members never hold,
 * so the member battery leaves it out; src/server/battery/staff-fuzz.test.ts fuzzes it as a signed-in administrator.
 */
function isStaffCall(value: AnyCall): boolean {
  return 'access' in value;
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && 'safeParse' in value && typeof value.safeParse === 'function';
}

/** The exported tables of a module: objects whose every value passes the test. */
function tablesOf<T>(module: Record<string, unknown>, test: (value: unknown) => value is T): Record<string, T>[] {
  return Object.values(module).filter(
    (exported): exported is Record<string, T> =>
      typeof exported === 'object' && exported !== null && Object.keys(exported).length > 0 && Object.values(exported).every(test),
  );
}

async function loadCalls(isWanted: (call: AnyCall) => boolean): Promise<TableCall[]> {
  const callFiles = callDirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('-calls.ts'))
      .sort()
      .map((file) => ({ dir, file })),
  );
  const calls: TableCall[] = [];
  for (const { dir, file } of callFiles) {
    const domain = file.slice(0, -'-calls.ts'.length);
    const callModule = (await import(pathToFileURL(resolve(dir, file)).href)) as Record<string, unknown>;
    const requestModule = (await import(pathToFileURL(resolve(dir, `${domain}-requests.ts`)).href)) as Record<string, unknown>;
    const schemaTables = tablesOf(requestModule, isSchema);
    for (const table of tablesOf(callModule, isCall)) {
      for (const [name, call] of Object.entries(table)) {
        if (!isWanted(call)) continue;
        const schema = schemaTables.map((schemas) => schemas[name]).find((found) => found !== undefined);
        if (!schema) throw new Error(`${call.path}: no request schema named ${name} in ${domain}-requests.ts`);
        calls.push({ name: `${domain}.${name}`, path: call.path, isMemberOnly: call.isMemberOnly, schema });
      }
    }
  }
  if (calls.length === 0) throw new Error(`no calls found in ${contractDir}/*-calls.ts`);
  return calls;
}

/**
 * Every shop call of every `src/contract/*-calls.ts`, paired with its schema from the domain's
 * `*-requests.ts` (same name in the table): a call added to the contract is in the battery
 * without anyone listing it. A call without a schema is an error, as registerCalls makes it.
 */
export function loadCallTable(): Promise<TableCall[]> {
  return loadCalls((call) => !isStaffCall(call));
}

/** Every console call that needs a signed-in staff member (logging in and out left out: staff-auth.test.ts has them). */
export function loadStaffCallTable(): Promise<TableCall[]> {
  return loadCalls((call) => isStaffCall(call) && !call.path.startsWith('/admin/api/auth/'));
}
