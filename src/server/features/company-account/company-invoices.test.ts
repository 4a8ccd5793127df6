import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { CallBody } from '../../../contract/call.ts';
import { companyCalls, companyInvoiceCalls } from '../../../contract/company-account-calls.ts';
import type { CompanyRole } from '../../../contract/company-account.ts';
import { companyInvoicesExportPath, type CompanyInvoiceRow, type CompanyInvoicesData } from '../../../contract/company-invoices.ts';
import type { InvoiceSnapshot } from '../../../contract/invoice.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { issueInvoice, requireInvoiceReversal, reverseInvoice } from '../order/order-invoice.service.ts';
import { exportCompanyInvoices } from './company-invoices.service.ts';
import { companyInvoiceColumns, companyInvoiceSheetName } from './company-invoices.workbook.ts';
import { createTestCompany, joinCompany } from './testing/company-fixture.ts';

/** A Beijing wall-clock moment. */
const bj = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00+08:00`);

const special: InvoiceSnapshot = {
  type: 'special',
  companyName: '深圳市芯途电子科技有限公司',
  taxNumber: '91440300MA5GTEST7X',
  registeredAddress: '深圳市福田区华强北路1019号',
  registeredPhone: '0755-83776655',
  bankName: '招商银行深圳车公庙支行',
  bankAccount: '755987654321001',
};
const companyNormal: InvoiceSnapshot = { type: 'normal-company', companyName: '深圳市芯途电子科技有限公司', taxNumber: '91440300MA5GTEST7X' };
const personal: InvoiceSnapshot = { type: 'normal-personal', title: '王先生' };

type Team = Record<CompanyRole, SignedInMember> & { companyId: number };

let orderSequence = 0;

describe('公司发票 (issue 28)', () => {
  const t = useTestApp();
  const db = () => t.db.kysely;

  /** A company whose 管理员, 采购, 审批 and 财务 joined on 2026-01-01 (so the orders below fall in their time). */
  async function team(name: string): Promise<Team> {
    const admin = await t.member({ nickName: `${name}管理员` });
    const companyId = (await createTestCompany(admin, `${name}电子有限公司`)).company?.companyId ?? 0;
    const members: Partial<Team> = { admin, companyId };
    for (const role of ['buyer', 'approver', 'finance'] as const) {
      const member = await t.member({ nickName: `${name}${role}` });
      await joinCompany(admin, member, role);
      members[role] = member;
    }
    await db()
      .updateTable('companyAccountMembers')
      .set({ joinedAt: bj('2026-01-01', '00:00') })
      .where('companyId', '=', companyId)
      .execute();
    return members as Team;
  }

  /** An order as placement and payment leave it, asking for `invoice` (null: none). */
  async function order(
    member: SignedInMember,
    fields: { invoice: InvoiceSnapshot | null; createdAt: number; status?: OrderStatus; payableCents?: number; isSandbox?: boolean },
  ): Promise<string> {
    orderSequence += 1;
    const orderNo = `2601${String(process.pid % 10_000).padStart(4, '0')}${String(orderSequence).padStart(8, '0')}`;
    const status = fields.status ?? OrderStatus.unshipped;
    const isPaid = status !== OrderStatus.unpaid && status !== OrderStatus.awaitingApproval && status !== OrderStatus.cancelled;
    const payableCents = fields.payableCents ?? 123_450;
    await db()
      .insertInto('orders')
      .values({
        orderNo,
        userId: member.userId,
        status,
        productCount: 10,
        idempotencyKey: orderNo,
        goodsCents: payableCents,
        payableCents,
        invoiceJson: fields.invoice === null ? null : JSON.stringify(fields.invoice),
        paidAt: isPaid ? fields.createdAt + 60_000 : null,
        paymentMethod: isPaid ? 'bankTransfer' : null,
        isSandbox: fields.isSandbox ? 1 : 0,
        createdAt: fields.createdAt,
        updatedAt: fields.createdAt,
      })
      .execute();
    return orderNo;
  }

  /** Staff issue the invoice; `reversal` then closes the order (待红冲) and, with a number, registers the red-letter one (已红冲). */
  async function issue(
    orderNo: string,
    issuedAt: number,
    options: { fileUrl?: string; /** 'pending', or the red-letter invoice's number. */ reversal?: string } = {},
  ): Promise<void> {
    await issueInvoice(db(), { orderNo, invoiceNumber: `1${String(issuedAt % 10_000_000).padStart(7, '0')}`, issuedAt, fileUrl: options.fileUrl ?? null });
    if (options.reversal === undefined) return;
    await db().updateTable('orders').set({ status: OrderStatus.closed, refundedCents: 123_450 }).where('orderNo', '=', orderNo).execute();
    const row = await db().selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    await requireInvoiceReversal(db(), row, issuedAt + 86_400_000);
    if (options.reversal !== 'pending') await reverseInvoice(db(), { orderNo, reversalNumber: options.reversal });
  }

  async function pageOf(member: SignedInMember, query = ''): Promise<CompanyInvoicesData> {
    const page = await member.browser.get(`/user/company/invoices${query}`);
    expect(page.statusCode).toBe(200);
    return pageStateOf<CompanyInvoicesData>(page.body).data;
  }

  const orderNos = (data: CompanyInvoicesData) => data.invoices.map((invoice) => invoice.orderNo);

  function sheetRows(workbook: Buffer): (string | number)[][] {
    const book = XLSX.read(workbook, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[companyInvoiceSheetName] ?? {}, { header: 1, raw: true });
  }

  /** The invoices of one company in every state, and orders that are not its invoices. */
  async function companyWithInvoices(name: string) {
    const members = await team(name);
    const { admin, buyer, finance } = members;
    const issued = await order(buyer, { invoice: special, createdAt: bj('2026-03-02') });
    await issue(issued, bj('2026-03-05'), { fileUrl: '/uploads/invoices/a.pdf' });
    const unpaid = await order(admin, { invoice: personal, createdAt: bj('2026-04-10'), status: OrderStatus.unpaid, payableCents: 5_000 });
    const withdrawn = await order(buyer, { invoice: companyNormal, createdAt: bj('2026-02-01'), status: OrderStatus.cancelled });
    const pending = await order(buyer, { invoice: special, createdAt: bj('2026-02-15') });
    await issue(pending, bj('2026-02-20'), { reversal: 'pending' });
    const reversed = await order(buyer, { invoice: companyNormal, createdAt: bj('2026-01-10') });
    await issue(reversed, bj('2026-01-20'), { reversal: '87654321' });
    const financeOwn = await order(finance, { invoice: companyNormal, createdAt: bj('2026-04-01') });
    // Not the company's invoices: no invoice asked, placed before joining, a sandbox order.
    await order(buyer, { invoice: null, createdAt: bj('2026-03-03') });
    await order(buyer, { invoice: special, createdAt: bj('2025-12-20') });
    await order(buyer, { invoice: special, createdAt: bj('2026-03-04'), isSandbox: true });
    return { ...members, orders: { issued, unpaid, withdrawn, pending, reversed, financeOwn } };
  }

  it('lists every invoice of the members’ orders to 管理员 and 财务, newest first, with who ordered it, what was asked and where it stands', async () => {
    const company = await companyWithInvoices('深圳发票甲');
    const other = await team('深圳发票乙');
    const elsewhere = await order(other.buyer, { invoice: special, createdAt: bj('2026-03-03') });
    const { orders } = company;
    const expected = [orders.unpaid, orders.financeOwn, orders.issued, orders.pending, orders.withdrawn, orders.reversed];

    for (const viewer of [company.admin, company.finance]) {
      const data = await viewer.browser.callOk(companyInvoiceCalls.list, {});
      expect(data).toMatchObject({ companyName: '深圳发票甲电子有限公司', refusal: '', total: 6, pageSize: 20, query: { state: 'all', page: 1 } });
      expect(orderNos(data)).toEqual(expected);
      expect(orderNos(data)).not.toContain(elsewhere);
      expect(await pageOf(viewer)).toEqual(data);
    }

    const byOrder = new Map((await company.finance.browser.callOk(companyInvoiceCalls.list, {})).invoices.map((row) => [row.orderNo, row]));
    expect(byOrder.get(orders.issued)).toEqual({
      orderNo: orders.issued,
      isMine: false,
      placedAtStr: '2026-03-02 10:00',
      buyerName: '深圳发票甲buyer',
      buyerRole: 'buyer',
      typeName: '增值税专用发票',
      title: '深圳市芯途电子科技有限公司',
      taxNumber: '91440300MA5GTEST7X',
      amountCents: 123_450,
      state: 'issued',
      stateLabel: '已开票',
      stateNote: '',
      invoiceNumber: expect.stringMatching(/^\d{8}$/) as string,
      issuedAtStr: '2026-03-05 10:00',
      fileUrl: '/uploads/invoices/a.pdf',
      reversalNumber: '',
    } satisfies CompanyInvoiceRow);
    expect(byOrder.get(orders.unpaid)).toMatchObject({
      buyerRole: 'admin',
      typeName: '个人普通发票',
      title: '王先生',
      taxNumber: '',
      amountCents: 5_000,
      stateLabel: '待开票',
      stateNote: '付款后开具',
      invoiceNumber: '',
      issuedAtStr: '',
      fileUrl: null,
    });
    expect(byOrder.get(orders.withdrawn)).toMatchObject({ state: 'withdrawn', stateLabel: '不开具', typeName: '单位普通发票' });
    expect(byOrder.get(orders.pending)).toMatchObject({ state: 'reversalPending', stateLabel: '待红冲', reversalNumber: '' });
    expect(byOrder.get(orders.reversed)).toMatchObject({ state: 'reversed', stateLabel: '已红冲', reversalNumber: '87654321' });
    // Only the member who placed an order gets its link.
    expect(byOrder.get(orders.financeOwn)).toMatchObject({ isMine: true, stateLabel: '待开票', stateNote: '' });
    const adminView = await company.admin.browser.callOk(companyInvoiceCalls.list, {});
    expect(adminView.invoices.filter((row) => row.isMine).map((row) => row.orderNo)).toEqual([orders.unpaid]);
    expect((await company.admin.browser.get('/user/company/invoices')).body).toContain(`href="/user/order/detail/${orders.unpaid}"`);

    // The other company's 财务 sees its own company's invoice only.
    expect(orderNos(await other.finance.browser.callOk(companyInvoiceCalls.list, {}))).toEqual([elsewhere]);

    // A 采购 removed later: their invoices from their time stay the company's, shown as 已离开.
    await company.admin.browser.callOk(companyCalls.removeMember, { userId: company.buyer.userId });
    const afterRemoval = await company.finance.browser.callOk(companyInvoiceCalls.list, {});
    expect(afterRemoval.total).toBe(6);
    expect(afterRemoval.invoices.find((row) => row.orderNo === orders.issued)).toMatchObject({ buyerName: '深圳发票甲buyer', buyerRole: null });
  });

  it('refuses 采购 and 审批 (the call 403 company.forbidden, the page and the export in Chinese), a member without a company and a visitor', async () => {
    const company = await companyWithInvoices('深圳发票丙');
    for (const viewer of [company.buyer, company.approver]) {
      expect(await viewer.browser.call(companyInvoiceCalls.list, {})).toMatchObject({
        code: 403,
        errorCode: 'company.forbidden',
        msg: '您在企业中的角色无权进行此操作',
        data: null,
      });
      const page = await pageOf(viewer);
      expect(page).toMatchObject({ refusal: '您在企业中的角色无权进行此操作', invoices: [], total: 0, companyName: '' });
      const body = (await viewer.browser.get('/user/company/invoices')).body;
      expect(body).toContain('您在企业中的角色无权进行此操作');
      expect(body).not.toContain(company.orders.issued);
      const file = await viewer.browser.get(companyInvoicesExportPath);
      expect([file.statusCode, file.headers['content-type'], file.body]).toEqual([403, 'text/plain; charset=utf-8', '您在企业中的角色无权进行此操作']);
    }
    // The company page offers 公司发票 to the roles that may see it only.
    expect((await company.finance.browser.callOk(companyCalls.state, {})).can.canSeeInvoices).toBe(true);
    expect((await company.buyer.browser.callOk(companyCalls.state, {})).can.canSeeInvoices).toBe(false);
    expect((await company.buyer.browser.get('/user/company')).body).not.toContain('href="/user/company/invoices"');
    expect((await company.finance.browser.get('/user/company')).body).toContain('href="/user/company/invoices"');

    const loner = await t.member();
    expect(await loner.browser.call(companyInvoiceCalls.list, {})).toMatchObject({ code: 403, errorCode: 'company.notInCompany', msg: '您还没有加入企业账户' });
    expect(await pageOf(loner)).toMatchObject({ refusal: '您还没有加入企业账户', invoices: [] });
    expect((await loner.browser.get(companyInvoicesExportPath)).statusCode).toBe(403);

    const visitor = t.browser();
    expect(await visitor.call(companyInvoiceCalls.list, {})).toMatchObject({ code: 401 });
    const page = await visitor.get('/user/company/invoices?state=issued');
    expect([page.statusCode, page.headers.location]).toEqual([302, '/account/login?return=%2Fuser%2Fcompany%2Finvoices%3Fstate%3Dissued']);
    expect((await visitor.get(companyInvoicesExportPath)).headers.location).toBe('/account/login?return=%2Fuser%2Fcompany%2Finvoices');
  });

  it('filters by state and by a Beijing date range (the day issued, else the day ordered), in the call and the page’s address', async () => {
    const { finance, orders } = await companyWithInvoices('深圳发票丁');
    const list = async (body: CallBody<typeof companyInvoiceCalls.list>) => orderNos(await finance.browser.callOk(companyInvoiceCalls.list, body));
    expect(await list({ state: 'issued' })).toEqual([orders.issued]);
    expect(await list({ state: 'requested' })).toEqual([orders.unpaid, orders.financeOwn]);
    expect(await list({ state: 'withdrawn' })).toEqual([orders.withdrawn]);
    expect(await list({ state: 'reversalPending' })).toEqual([orders.pending]);
    expect(await list({ state: 'reversed' })).toEqual([orders.reversed]);
    expect(await list({ from: '2026-02-01', to: '2026-02-28' })).toEqual([orders.pending, orders.withdrawn]);
    // Both ends are whole Beijing days: issued 2026-03-05 10:00 is in a range ending that day, not one starting the next.
    expect(await list({ to: '2026-03-05', state: 'issued' })).toEqual([orders.issued]);
    expect(await list({ from: '2026-03-06', state: 'issued' })).toEqual([]);
    expect(await list({ from: '2026-04-01' })).toEqual([orders.unpaid, orders.financeOwn]);
    expect(await list({ state: 'reversed', from: '2026-02-01' })).toEqual([]);

    const page = await pageOf(finance, '?state=requested&from=2026-04-02');
    expect(page.query).toEqual({ state: 'requested', from: '2026-04-02', to: '', page: 1 });
    expect(orderNos(page)).toEqual([orders.unpaid]);
    // A damaged address still opens the list: an unknown state and an impossible day are left out, a reversed range swapped.
    expect((await pageOf(finance, '?state=paid&from=2026-02-30&page=x')).query).toEqual({ state: 'all', from: '', to: '', page: 1 });
    expect((await pageOf(finance, '?from=2026-02-28&to=2026-02-01')).query).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });

    // The call is strict, in Chinese.
    expect(await finance.browser.call(companyInvoiceCalls.list, { from: '2026-03-01', to: '2026-02-01' })).toMatchObject({
      code: 400,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await finance.browser.call(companyInvoiceCalls.list, { from: '2026-02-30' })).toMatchObject({ code: 400, msg: '请输入正确的日期（如 2026-11-01）' });
    expect(await finance.browser.post(companyInvoiceCalls.list.path, { state: 'paid' })).toMatchObject({ code: 400, msg: '请选择发票状态' });
    expect(await finance.browser.post(companyInvoiceCalls.list.path, { page: 0 })).toMatchObject({ code: 400, msg: '页码有误' });
  });

  it('pages twenty at a time, each invoice on one page only', async () => {
    const { admin, buyer } = await team('深圳发票戊');
    const placed: string[] = [];
    for (let day = 1; day <= 23; day += 1) placed.push(await order(buyer, { invoice: personal, createdAt: bj(`2026-05-${String(day).padStart(2, '0')}`) }));
    const first = await admin.browser.callOk(companyInvoiceCalls.list, {});
    const second = await admin.browser.callOk(companyInvoiceCalls.list, { page: 2 });
    expect([first.total, first.invoices.length, second.total, second.invoices.length]).toEqual([23, 20, 23, 3]);
    expect([...orderNos(first), ...orderNos(second)]).toEqual([...placed].reverse());
    expect(orderNos(await pageOf(admin, '?page=2'))).toEqual(orderNos(second));
    expect((await admin.browser.callOk(companyInvoiceCalls.list, { page: 3 })).invoices).toEqual([]);
  });

  it('exports the filtered invoices as Excel: every page, numbers as numbers, typed text inert, cut at the limit with a note', async () => {
    const company = await companyWithInvoices('深圳发票己');
    const formula = await order(company.buyer, {
      invoice: { type: 'normal-personal', title: '=HYPERLINK("http://x.example","点我")' },
      createdAt: bj('2026-04-20'),
    });

    const response = await company.finance.browser.get(`${companyInvoicesExportPath}?state=issued`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('公司发票-深圳发票己电子有限公司-')}`);
    const issuedRows = sheetRows(response.rawPayload);
    expect(issuedRows[0]).toEqual([...companyInvoiceColumns]);
    expect(issuedRows.slice(1)).toEqual([
      [
        company.orders.issued,
        '2026-03-02 10:00',
        '深圳发票己buyer（采购）',
        '增值税专用发票',
        '深圳市芯途电子科技有限公司',
        '91440300MA5GTEST7X',
        1234.5,
        '已开票',
        expect.stringMatching(/^\d{8}$/) as string,
        '2026-03-05 10:00',
        '',
      ],
    ]);

    const all = sheetRows((await company.admin.browser.get(companyInvoicesExportPath)).rawPayload);
    expect(all.slice(1).map((row) => row[0])).toEqual([
      formula,
      company.orders.unpaid,
      company.orders.financeOwn,
      company.orders.issued,
      company.orders.pending,
      company.orders.withdrawn,
      company.orders.reversed,
    ]);
    expect(all[1]?.[4]).toBe('\'=HYPERLINK("http://x.example","点我")');
    expect(all[2]?.[7]).toBe('待开票（付款后开具）');
    expect(all.find((row) => row[0] === company.orders.reversed)?.[10]).toBe('87654321');

    const cut = await exportCompanyInvoices({ db: db(), counters: t.deps.counters }, company.finance.userId, { state: 'all', from: '', to: '' }, { limit: 2 });
    if (cut.kind !== 'file') throw new Error(cut.text);
    const cutRows = sheetRows(cut.workbook);
    expect([cut.rowCount, cut.isCut, cutRows.length]).toEqual([2, true, 4]);
    expect(cutRows[3]?.[0]).toBe('发票超过2条，本文件仅包含最近的2条，请按日期或状态筛选后分批导出其余发票。');
  });

  it('refuses an eleventh export within the minute, telling the member to wait', async () => {
    const { finance } = await team('深圳发票庚');
    for (let index = 0; index < 10; index += 1) expect((await finance.browser.get(companyInvoicesExportPath)).statusCode).toBe(200);
    const refused = await finance.browser.get(companyInvoicesExportPath);
    expect([refused.statusCode, refused.body]).toEqual([429, '操作过于频繁，请稍后再试']);
  });
});
