import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { statementDownloadPath } from '../../../contract/company-credit.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { beijingMonthOf, nextBeijingMonth, startOfBeijingMonth } from '../../../contract/time.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertUnpaidOrder } from '../payment/testing/payment-fixtures.ts';
import { runStatementClock } from './company-credit.service.ts';
import { creditCompany } from './testing/credit-fixture.ts';

/** A 对账单's PDF (Chinese text, drawn in a worker thread) and Excel (formula-looking text made inert), for 管理员 and 财务 only. */
describe('对账单 downloads', () => {
  const t = useTestApp();

  async function issuedStatement() {
    const company = await creditCompany(t, { limitCents: 100_000, termsDays: 30, name: '=HYPERLINK("http://x")电子' });
    const [buyer] = company.members.buyer;
    if (!buyer) throw new Error('fixture');
    const orders = [
      await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 12_345 }),
      await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 655 }),
    ];
    for (const orderNo of orders) await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo });
    await runStatementClock(t.db.kysely, startOfBeijingMonth(nextBeijingMonth(beijingMonthOf(Date.now()))));
    const statement = await t.db.kysely.selectFrom('companyStatements').selectAll().where('companyId', '=', company.companyId).executeTakeFirstOrThrow();
    return { company, orders, statement };
  }

  it('draws the PDF with the company, the month, each order and the total in Chinese', async () => {
    const { company, orders, statement } = await issuedStatement();
    const [finance] = company.members.finance;
    const response = await finance?.browser.get(statementDownloadPath(statement.id, 'pdf'));
    expect(response?.statusCode).toBe(200);
    expect(response?.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response?.rawPayload ?? Buffer.alloc(0));
    expect(text).toContain('对账单');
    expect(text).toContain('=HYPERLINK("http://x")电子');
    for (const orderNo of orders) expect(text).toContain(orderNo);
    expect(text).toContain('本期应付：¥130.00');
    expect(text).toContain('人民币壹佰叁拾元整');
    expect(text).toContain('已出账');
  });

  it('writes the workbook with numbers as numbers and the formula-looking name inert, and refuses 采购 and other companies', async () => {
    const { company, orders, statement } = await issuedStatement();
    const response = await company.admin.browser.get(statementDownloadPath(statement.id, 'xlsx'));
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets['对账单'];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toEqual(['客户', `'=HYPERLINK("http://x")电子`]);
    expect(rows).toContainEqual([1, expect.any(String), '月结支付', orders[0], 123.45]);
    expect(rows.at(-1)).toEqual(['本期应付', '', '', '', 130]);

    const [buyer] = company.members.buyer;
    expect((await buyer?.browser.get(statementDownloadPath(statement.id, 'xlsx')))?.statusCode).toBe(404);
    const other = await creditCompany(t, { limitCents: 1_000 });
    expect((await other.admin.browser.get(statementDownloadPath(statement.id, 'pdf'))).statusCode).toBe(404);
    expect((await t.browser().get(statementDownloadPath(statement.id, 'pdf'))).statusCode).toBe(302);
  });
});
