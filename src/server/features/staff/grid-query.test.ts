import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { auditExportPath, staffExportPath } from '../../../contract/staff.ts';
import { auditDeskCalls, staffDeskCalls } from '../../../contract/staff-calls.ts';
import { gridExportHref, staffExportLimit } from '../../../contract/staff-grid.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { auditEntriesQuery } from './audit.repository.ts';
import { exportRowsOfQuery } from './grid-query.ts';
import { createTestStaff, signedInStaff } from './testing/staff-browser.ts';

/** pageOfQuery, the list calls built on gridQuerySchema and registerStaffExport, on 员工管理's and 操作日志's grids. */
describe('console data grids (grid-query)', () => {
  const t = useTestApp({
    fixture: async (app) => {
      // 12 accounts besides those the tests sign in with: grid_00 … grid_11, every third disabled, three roles.
      const roles = ['sales', 'finance', 'content'] as const;
      const ids: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        const made = await createTestStaff(app.db.kysely, roles[index % 3], `网格${String(index).padStart(2, '0')}`);
        await app.db.kysely
          .updateTable('staffUsers')
          .set({ login: `grid_${String(index).padStart(2, '0')}`, isDisabled: index % 3 === 0 ? 1 : 0, createdAt: 1_700_000_000_000 + (index % 4) * 1000 })
          .where('id', '=', made.id)
          .execute();
        ids.push(made.id);
      }
      return { ids };
    },
  });
  const gridFilter = { login: 'grid_' };

  it('pages on the server: the page asked, its size, and the total of all that match', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const first = await admin.browser.call(staffDeskCalls.list, { pageSize: 10, filters: gridFilter, sort: { column: 'login', direction: 'asc' } });
    expect(first).toMatchObject({ code: 1, data: { total: 12, page: 1, pageSize: 10 } });
    expect(first.data?.rows.map((row) => row.login)).toEqual(Array.from({ length: 10 }, (_, index) => `grid_${String(index).padStart(2, '0')}`));
    const second = await admin.browser.call(staffDeskCalls.list, { page: 2, pageSize: 10, filters: gridFilter, sort: { column: 'login', direction: 'asc' } });
    expect(second.data?.rows.map((row) => row.login)).toEqual(['grid_10', 'grid_11']);
    const beyond = await admin.browser.call(staffDeskCalls.list, { page: 9, pageSize: 10, filters: gridFilter });
    expect(beyond.data).toMatchObject({ rows: [], total: 12, page: 9 });
    expect((await admin.browser.call(staffDeskCalls.list, {})).data).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('sorts by a listed column either way, ties broken by id so pages never repeat or skip a row', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const desc = await admin.browser.call(staffDeskCalls.list, { pageSize: 50, filters: gridFilter, sort: { column: 'displayName', direction: 'desc' } });
    expect(desc.data?.rows.map((row) => row.displayName)).toEqual(Array.from({ length: 12 }, (_, index) => `网格${String(11 - index).padStart(2, '0')}`));
    // createdAt takes 4 values, 3 accounts each: paging by 5 in that order still shows each account once.
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await admin.browser.call(staffDeskCalls.list, {
        page,
        pageSize: 10,
        filters: gridFilter,
        sort: { column: 'createdAt', direction: 'asc' },
      });
      seen.push(...(answer.data?.rows.map((row) => row.id) ?? []));
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort((a, b) => a - b)).toEqual([...t.fixture.ids].sort((a, b) => a - b));
  });

  it('filters by parts of login and name, role and disabled, together', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const logins = async (filters: object) =>
      (await admin.browser.call(staffDeskCalls.list, { pageSize: 100, filters, sort: { column: 'login', direction: 'asc' } })).data?.rows.map(
        (row) => row.login,
      );
    expect(await logins({ login: 'GRID_1' })).toEqual(['grid_10', 'grid_11']);
    expect(await logins({ name: '网格0', role: 'finance' })).toEqual(['grid_01', 'grid_04', 'grid_07']);
    expect(await logins({ login: 'grid_', disabled: 'yes' })).toEqual(['grid_00', 'grid_03', 'grid_06', 'grid_09']);
    expect(await logins({ login: 'grid_', disabled: 'no', role: 'sales' })).toEqual([]);
    expect(await logins({ login: '%' })).toEqual([]);
    expect(await logins({ login: '' })).toContain('grid_00');
  });

  it('refuses a column not in the list, a page size not offered and bad filters with {code, msg} in Chinese', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const refused = [
      await admin.browser.post(staffDeskCalls.list.path, { sort: { column: 'passwordHash', direction: 'asc' } }),
      await admin.browser.post(staffDeskCalls.list.path, { sort: { column: 'login', direction: 'sideways' } }),
      await admin.browser.post(staffDeskCalls.list.path, { pageSize: 15 }),
      await admin.browser.post(staffDeskCalls.list.path, { page: 0 }),
      await admin.browser.post(staffDeskCalls.list.path, { page: 100_001 }),
      await admin.browser.post(staffDeskCalls.list.path, { filters: { role: 'owner' } }),
      await admin.browser.post(staffDeskCalls.list.path, { filters: 'all' }),
      await admin.browser.post(auditDeskCalls.search.path, { sort: { column: 'id; drop table audit_log', direction: 'asc' } }),
    ];
    for (const answer of refused) expect(answer).toMatchObject({ code: 400, msg: '请求参数有误' });
    expect(await admin.browser.post(staffDeskCalls.list.path, { filters: { login: 'x'.repeat(33) } })).toMatchObject({
      code: 400,
      msg: '登录名不能超过32个字符',
    });
  });

  it('exports the rows the filters match, in the grid order, as .xlsx', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const response = await admin.browser.get(
      gridExportHref(staffExportPath, { filters: { login: 'grid_', role: 'content' }, sort: { column: 'login', direction: 'desc' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('员工列表.xlsx'));
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['员工列表'] ?? {}, { header: 1 });
    expect(rows[0]).toEqual(['登录名', '显示名', '角色', '状态', '创建时间', '最后修改']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([
      ['grid_11', '内容', '正常'],
      ['grid_08', '内容', '正常'],
      ['grid_05', '内容', '正常'],
      ['grid_02', '内容', '正常'],
    ]);
  });

  it('answers a q that is not JSON or not the grid schema with 400 {code, msg}, and a role without export with 403', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    for (const url of [
      `${staffExportPath}?q=not-json`,
      `${staffExportPath}?q=${encodeURIComponent('{"sort":{"column":"password_hash","direction":"asc"}}')}`,
      `${auditExportPath}?q=${encodeURIComponent('{"filters":{"from":"yesterday"}}')}`,
      `${auditExportPath}?q=a&q=b`,
    ]) {
      // An envelope, as every refused request of the store (HTTP 200): the code says what went wrong.
      const response = await admin.browser.get(url);
      expect(response.json(), url).toMatchObject({ code: 400 });
      expect(response.json<{ msg: string }>().msg, url).toMatch(/[\u4e00-\u9fff]/);
    }
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const refused = await sales.browser.get(`${staffExportPath}?q=not-json`);
    expect(refused.json()).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
  });

  it(`holds at most staffExportLimit (${staffExportLimit}) rows in an export, the first in the grid order`, async () => {
    const batch = 500;
    const total = staffExportLimit + 3;
    for (let start = 0; start < total; start += batch) {
      const values = Array.from({ length: Math.min(batch, total - start) }, (_, offset) => ({
        staffId: 1,
        staffName: '批量',
        action: 'update',
        subject: 'Export',
        subjectId: String(start + offset),
        beforeJson: null,
        afterJson: null,
        ip: '10.0.0.9',
        at: 1_600_000_000_000 + start + offset,
      }));
      await t.db.kysely.insertInto('auditLog').values(values).execute();
    }
    const rows = await exportRowsOfQuery(
      auditEntriesQuery(t.db.kysely, { subject: 'Export' }),
      { column: 'at', direction: 'asc' },
      { at: 'at' },
      {
        column: 'at',
        direction: 'desc',
      },
    );
    expect(rows).toHaveLength(staffExportLimit);
    expect(rows[0]?.subjectId).toBe('0');
    expect(rows.at(-1)?.subjectId).toBe(String(staffExportLimit - 1));
  }, 120_000);
});
