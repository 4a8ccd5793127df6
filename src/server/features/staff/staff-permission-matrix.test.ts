import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { staffRoles } from '../../../contract/staff.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from './testing/staff-browser.ts';

const contractDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../contract');

function isStaffCall(value: unknown): value is AnyStaffCall {
  return typeof value === 'object' && value !== null && 'access' in value && 'path' in value && typeof value.path === 'string';
}

/**
 * Every console call that names a permission, from every `contract/*-calls.ts`: a desk's new call
 * is in the matrix without anyone listing it (as the fuzz battery finds the calls).
 */
async function permissionCalls(): Promise<{ name: string; call: AnyStaffCall }[]> {
  const found = new Map<string, { name: string; call: AnyStaffCall }>();
  // The console's calls are in contract/console/ (staff-calls.ts, the staff's own, in contract/).
  const files = [contractDir, resolve(contractDir, 'console')].flatMap((dir) =>
    readdirSync(dir)
      .filter((each) => each.endsWith('-calls.ts'))
      .map((each) => resolve(dir, each)),
  );
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [tableName, table] of Object.entries(module)) {
      if (typeof table !== 'object' || table === null) continue;
      for (const [name, call] of Object.entries(table)) {
        if (isStaffCall(call) && typeof call.access === 'object')
          found.set(call.path, { name: `${file.slice(contractDir.length + 1)}:${tableName}.${name}`, call });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.call.path.localeCompare(b.call.path));
}

describe('the console permission matrix: every role × every console call', () => {
  const t = useTestApp();

  /** Rows of every table of the store (sessions touched on each call keep their number). */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = (await t.db.kysely.introspection.getTables()).map((table) => table.name).sort();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(t.db.kysely);
      counts[table] = Number(row.rows[0]?.count ?? 0);
    }
    return counts;
  }

  it('finds the console calls of the contract', async () => {
    const calls = await permissionCalls();
    expect(calls.map((each) => each.call.path)).toEqual(
      expect.arrayContaining(['/admin/api/staff/list', '/admin/api/staff/setDisabled', '/admin/api/audit/search', '/admin/api/orders/list']),
    );
  });

  for (const role of staffRoles) {
    it(`${role}: a call its role lacks answers 403 {code, msg} to {} and changes nothing; one it has is served (not 403, not 404: every declared call is registered)`, async () => {
      const calls = await permissionCalls();
      const ability = abilityFor(role);
      const denied = calls.filter(({ call }) => typeof call.access === 'object' && !ability.can(call.access.action, call.access.subject));
      const allowed = calls.filter((each) => !denied.includes(each));
      let caller = await signedInStaff(t.app, t.db.kysely, role);

      const problems: string[] = [];
      const before = await rowCounts();
      for (const { name, call } of denied) {
        const answer = await caller.browser.post(call.path, {});
        if (answer.code !== 403 || answer.msg !== '您没有权限执行此操作') problems.push(`${name} should be refused: ${JSON.stringify(answer)}`);
      }
      expect(await rowCounts()).toEqual(before);

      for (const { name, call } of allowed) {
        let answer = await caller.browser.post(call.path, {});
        // A call allowed to act on {} may end the caller's own session; a fresh one goes on.
        if (answer.code === 401) {
          caller = await signedInStaff(t.app, t.db.kysely, role);
          answer = await caller.browser.post(call.path, {});
        }
        if (answer.code === 403 || answer.code === 404) problems.push(`${name} should be served: ${JSON.stringify(answer)}`);
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
