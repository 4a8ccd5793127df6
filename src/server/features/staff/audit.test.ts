import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { auditExportPath } from '../../../contract/staff.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import { auditDeskCalls, staffDeskCalls } from '../../../contract/staff-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { recordStaffChange } from './audit.service.ts';
import { signedInStaff } from './testing/staff-browser.ts';

describe('操作日志 (audit log)', () => {
  const t = useTestApp();
  const actor = (displayName: string) => ({ id: 900, login: 'x', displayName, role: 'admin' as const, roleLabel: '管理员' });
  // 2026-03-01 00:30 and 2026-03-02 23:30 Beijing time.
  const march1 = Date.parse('2026-02-28T16:30:00Z');
  const march2 = Date.parse('2026-03-02T15:30:00Z');

  it('finds entries by staff name, subject and Beijing date range, newest first, with paging totals', async () => {
    await recordStaffChange(t.db.kysely, {
      staff: actor('赵审计'),
      action: 'update',
      subject: 'Product',
      subjectId: 7,
      before: { price: 1 },
      after: { price: 2 },
      ip: '10.0.0.1',
      at: march1,
    });
    await recordStaffChange(t.db.kysely, {
      staff: actor('钱审计'),
      action: 'create',
      subject: 'Coupon',
      subjectId: 8,
      before: null,
      after: { name: '满减' },
      ip: '10.0.0.2',
      at: march2,
    });
    await recordStaffChange(t.db.kysely, {
      staff: actor('赵_审计'),
      action: 'delete',
      subject: 'Product',
      subjectId: 9,
      before: { id: 9 },
      after: null,
      ip: '10.0.0.3',
      at: march2 + 86_400_000,
    });
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const search = async (filters: object) => (await admin.browser.callOkSearch({ filters })).rows.map((row) => row.subjectId);
    expect(await search({ staffName: '赵' })).toEqual(['9', '7']);
    expect(await search({ staffName: '赵_' })).toEqual(['9']);
    expect(await search({ subject: 'Product', from: '2026-03-01', to: '2026-03-01' })).toEqual(['7']);
    expect(await search({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['8']);
    const all = await admin.browser.call(auditDeskCalls.search, { filters: { from: '2026-03-01', to: '2026-03-03' } });
    expect(all.data).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 20,
      rows: [
        { subjectId: '9', beforeJson: '{"id":9}', afterJson: '' },
        { subjectId: '8', atStr: '2026-03-02 23:30' },
        { subjectId: '7', ip: '10.0.0.1' },
      ],
    });
    expect((await admin.browser.call(auditDeskCalls.search, { page: 2 })).data).toMatchObject({ rows: [], total: 3, page: 2 });
  });

  it('exports the same filter to an Excel workbook', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const response = await admin.browser.get(gridExportHref(auditExportPath, { filters: { subject: 'Product', from: '2026-03-01', to: '2026-03-03' } }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['操作日志'] ?? {}, { header: 1 });
    expect(rows[0]).toEqual(['时间', '员工', '操作', '对象', '对象编号', '修改前', '修改后', 'IP']);
    expect(rows.slice(1).map((row) => row[4])).toEqual(['9', '7']);
  });

  it('is for administrators: other roles are refused the search and the export', async () => {
    const finance = await signedInStaff(t.app, t.db.kysely, 'finance');
    expect(await finance.browser.call(auditDeskCalls.search, {})).toMatchObject({ code: 403, errorCode: 'staff.forbidden' });
    const exported = await finance.browser.get(auditExportPath);
    expect(exported.json()).toMatchObject({ code: 403, errorCode: 'staff.forbidden' });
    expect(await finance.browser.call(staffDeskCalls.list, {})).toMatchObject({ code: 403 });
  });

  it('refuses a date that is not YYYY-MM-DD with a Chinese message', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    expect(await admin.browser.call(auditDeskCalls.search, { filters: { from: '3/1/2026' } })).toMatchObject({ code: 400, msg: '日期格式应为 YYYY-MM-DD' });
    const badExport = await admin.browser.get(gridExportHref(auditExportPath, { filters: { to: '2026/3/1' } }));
    expect(badExport.json()).toMatchObject({ code: 400, msg: '日期格式应为 YYYY-MM-DD' });
  });

  it('opens the 操作日志 page from the menu for an administrator, and sends other roles home', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    expect((await admin.browser.get('/admin')).body).toContain('href="/admin/audit"');
    const page = await admin.browser.get('/admin/audit');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('操作日志');
    expect(page.body).toContain('赵审计');
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    expect((await content.browser.get('/admin')).body).not.toContain('href="/admin/audit"');
    expect((await content.browser.get('/admin/audit')).headers.location).toBe('/admin');
  });
});
