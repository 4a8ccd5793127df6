import { describe, expect, it } from 'vitest';
import { supplierDeskCalls } from '../../../contract/console/supplier-desk-calls.ts';
import { supplierExportPath } from '../../../contract/member-desk.ts';
import { gridExportHref } from '../../../contract/staff-grid.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { workbookRows } from '../staff/testing/workbook-rows.ts';

let serial = 0;

/** 供应商审核 as a data grid: filtered by status, text and application day, paged on the server, exported to Excel. */
describe('供应商审核 grid', () => {
  const t = useTestApp();

  async function application(companyName: string, status: 'pending' | 'approved' | 'rejected', createdAt: number) {
    serial += 1;
    const applicationNo = `SG${String(process.pid)}${String(serial).padStart(4, '0')}`;
    await t.db.kysely
      .insertInto('supplierApplications')
      .values({
        applicationNo,
        companyName,
        creditCode: `91440300MA5${String(serial).padStart(7, '0')}`,
        contactName: '王经理',
        phone: `139${String(process.pid % 10_000).padStart(4, '0')}${String(serial).padStart(4, '0')}`,
        brands: 'TI',
        categories: '[]',
        annualVolume: 'under1m',
        userId: (await createMember(t.db.kysely)).userId,
        status,
        reason: '',
        reviewer: status === 'pending' ? '' : '审核员',
        createdAt,
        reviewedAt: status === 'pending' ? null : createdAt,
      })
      .execute();
    return applicationNo;
  }

  it('filters by status, keyword and application day, and refuses a day that is not one in Chinese', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const may = Date.parse('2026-05-10T04:00:00Z');
    const older = await application('网格电子甲', 'pending', may);
    const newer = await application('网格电子乙', 'approved', may + 2 * 86_400_000);
    const list = async (filters: object) => (await staff.browser.call(supplierDeskCalls.list, { filters })).data?.rows.map((row) => row.applicationNo);
    expect(await list({ keyword: '网格电子' })).toEqual([newer, older]);
    expect(await list({ keyword: '网格电子', status: 'pending' })).toEqual([older]);
    expect(await list({ keyword: '网格电子', createdFrom: '2026-05-11' })).toEqual([newer]);
    expect(await list({ keyword: '网格电子', createdTo: '2026-05-10' })).toEqual([older]);
    expect(await staff.browser.post(supplierDeskCalls.list.path, { filters: { createdFrom: '2026-02-30' } })).toMatchObject({
      code: 400,
      msg: '日期格式应为 YYYY-MM-DD',
    });
  });

  it('exports the applications the filters match as .xlsx, to roles that may read applications only', async () => {
    const at = Date.parse('2026-06-01T04:00:00Z');
    const first = await application('导出电子甲', 'rejected', at);
    await application('导出电子乙', 'pending', at);
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const response = await staff.browser.get(gridExportHref(supplierExportPath, { filters: { keyword: '导出电子', status: 'rejected' } }));
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('供应商申请.xlsx'));
    const rows = workbookRows(response, '供应商申请');
    expect(rows[0]).toEqual(['申请编号', '公司', '联系人', '电话', '状态', '申请时间', '审核人']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([[first, '导出电子甲', '已驳回']]);
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    expect((await sales.browser.get(gridExportHref(supplierExportPath, { filters: {} }))).json()).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
  });

  it('renders the page’s first page from the URL’s filters, and ignores values it cannot use', async () => {
    await application('链接电子', 'pending', Date.now());
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const filtered = await staff.browser.get(`/admin/supplier-applications?keyword=${encodeURIComponent('链接电子')}&status=pending`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('链接电子');
    expect(filtered.body).toContain('"view":{"page":1,"pageSize":20,"filters":{"keyword":"链接电子","status":"pending"}}');
    const bad = await staff.browser.get('/admin/supplier-applications?status=maybe&createdFrom=yesterday&page=-1&size=1000');
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('"view":{"page":1,"pageSize":20,"filters":{}}');
  });
});
