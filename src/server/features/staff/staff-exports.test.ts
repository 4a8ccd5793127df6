import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { marketingDeskPaths } from '../../../contract/console/marketing.ts';
import { adminComplaintsExportPath, adminOrdersExportPath } from '../../../contract/console/orders.ts';
import { supplierExportPath } from '../../../contract/member-desk.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor, type StaffSubject } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { staffWorkbook } from './grid-query.ts';
import { signedInStaff } from './testing/staff-browser.ts';

/** Issue 29, the outside probe: four exports needed only `read`, and the warehouse role downloaded every order with members' phones. */
const exportsOf: { path: string; subject: StaffSubject }[] = [
  { path: adminOrdersExportPath, subject: 'Order' },
  { path: adminComplaintsExportPath, subject: 'Complaint' },
  { path: marketingDeskPaths.export, subject: 'Coupon' },
  { path: supplierExportPath, subject: 'SupplierApplication' },
];

describe('console exports need the export permission', () => {
  const t = useTestApp();

  it('gives each export only to roles that may export its subject, not to those that may only read it', async () => {
    const refusedReaders: string[] = [];
    for (const role of staffRoles) {
      const { browser } = await signedInStaff(t.app, t.db.kysely, role);
      const ability = abilityFor(role);
      for (const { path, subject } of exportsOf) {
        const response = await browser.get(path);
        if (ability.can('export', subject)) {
          expect(response.statusCode, `${role} ${path}`).toBe(200);
          expect(response.headers['content-type'], `${role} ${path}`).toContain('spreadsheetml');
        } else {
          expect(response.json(), `${role} ${path}`).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
          if (ability.can('read', subject)) refusedReaders.push(`${role}:${subject}`);
        }
      }
    }
    // The roles the probe used: they read orders (to ship, to quote) and may not take the list away.
    expect(refusedReaders).toEqual(expect.arrayContaining(['warehouse:Order', 'sales:Order']));
  });
});

describe('console workbooks keep typed text as text', () => {
  it('writes a cell that would start a formula with a leading apostrophe, and numbers as numbers', () => {
    const columns = [
      { header: '内容', value: (row: { text: string; amount: number }) => row.text },
      { header: '金额', value: (row: { text: string; amount: number }) => row.amount },
    ];
    const typed = ['=HYPERLINK("http://evil.example","点我")', '+86 138', '-1+1', '@SUM(A1)', '\tcmd', '普通文本'];
    const book = XLSX.read(
      staffWorkbook(
        '测试',
        columns,
        typed.map((text, index) => ({ text, amount: -index })),
      ),
      { type: 'buffer' },
    );
    const sheet = book.Sheets['测试'] ?? {};
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
    expect(rows.slice(1).map((row) => row[0])).toEqual([...typed.slice(0, 5).map((text) => `'${text}`), '普通文本']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([0, -1, -2, -3, -4, -5]);
    expect(Object.values(sheet).filter((cell: unknown) => typeof cell === 'object' && cell !== null && 'f' in cell)).toEqual([]);
  });
});
