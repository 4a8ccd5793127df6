import { describe, expect, it } from 'vitest';
import { companyCreditCalls } from '../../../contract/company-credit-calls.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { beijingMonthOf, dayMs, nextBeijingMonth, startOfBeijingMonth } from '../../../contract/time.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { refundOrder } from '../payment/order-refund-workflow.service.ts';
import { refundContextOf } from '../payment/payment-refund.service.ts';
import { insertUnpaidOrder, orderOf } from '../payment/testing/payment-fixtures.ts';
import { grantCredit, runStatementClock, settleStatement, withdrawCredit } from './company-credit.service.ts';
import { creditCompany } from './testing/credit-fixture.ts';

/** 月结 (decision 0030): paying on account at the cashier, refunds credited back, the month's 对账单, overdue holds, settling. */
describe('月结 and 对账单', () => {
  const t = useTestApp();
  const nextMonthStart = () => startOfBeijingMonth(nextBeijingMonth(beijingMonthOf(Date.now())));
  const statementsOf = (companyId: number) =>
    t.db.kysely.selectFrom('companyStatements').selectAll().where('companyId', '=', companyId).orderBy('period').execute();
  const creditOf = (companyId: number) =>
    t.db.kysely.selectFrom('companyCreditAccounts').selectAll().where('companyId', '=', companyId).executeTakeFirstOrThrow();
  const financeStaff = staffActorOf({ role: 'finance' });

  it('offers 月结支付 at the cashier to 采购 and 管理员 with the credit available, and pays the order 待发货 through the payment feature', async () => {
    const company = await creditCompany(t, { limitCents: 100_000, termsDays: 30 });
    const buyer = company.members.buyer[0];
    if (!buyer) throw new Error('no buyer');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 30_000 });
    const cashier = await buyer.browser.get(`/offer/pay/${orderNo}`);
    expect(cashier.body).toContain('月结支付（可用额度 ¥1000.00）');
    expect(cashier.body).not.toContain('on-account-refusal');

    const status = await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo });
    expect(status).toMatchObject({ isPaid: true, status: OrderStatus.unshipped });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'onAccount', paymentTradeNo: `ACC${orderNo}` });
    expect(await creditOf(company.companyId)).toMatchObject({ usedCents: 30_000, limitCents: 100_000 });
    // A second click is the same payment: nothing charged twice.
    expect((await buyer.browser.call(paymentCalls.payOnAccount, { orderNo })).errorCode).toBe('order.notPayable');
    expect(await creditOf(company.companyId)).toMatchObject({ usedCents: 30_000 });
    const [statement] = await statementsOf(company.companyId);
    expect(statement).toMatchObject({ status: 'open', period: beijingMonthOf(Date.now()) });
  });

  it('refuses 审批 and 财务, members of companies without 月结, over the limit and while a statement is overdue, in Chinese, the order still payable', async () => {
    const company = await creditCompany(t, { limitCents: 10_000 });
    const [finance] = company.members.finance;
    const [buyer] = company.members.buyer;
    if (!finance || !buyer) throw new Error('fixture');
    const financeOrder = await insertUnpaidOrder(t.db.kysely, finance.userId, { payableCents: 1_000 });
    expect(await finance.browser.call(paymentCalls.payOnAccount, { orderNo: financeOrder })).toMatchObject({ errorCode: 'companyCredit.roleMayNotCharge' });
    expect((await finance.browser.get(`/offer/pay/${financeOrder}`)).body).not.toContain('月结支付');

    const outsider = await t.member();
    const outsiderOrder = await insertUnpaidOrder(t.db.kysely, outsider.userId, { payableCents: 1_000 });
    expect(await outsider.browser.call(paymentCalls.payOnAccount, { orderNo: outsiderOrder })).toMatchObject({
      errorCode: 'companyCredit.notGranted',
      msg: '贵司尚未开通月结，请选择其他支付方式',
    });

    const big = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 10_001 });
    expect(await buyer.browser.call(paymentCalls.payOnAccount, { orderNo: big })).toMatchObject({ errorCode: 'companyCredit.overLimit' });
    expect((await buyer.browser.get(`/offer/pay/${big}`)).body).toContain('月结可用额度不足');
    expect(await orderOf(t.db.kysely, big)).toMatchObject({ status: OrderStatus.unpaid });
    expect((await buyer.browser.call(paymentCalls.create, { orderNo: big, method: 'bankTransfer' })).code).toBe(1);

    await withdrawCredit(t.db.kysely, company.companyId, Date.now());
    const small = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 100 });
    expect(await buyer.browser.call(paymentCalls.payOnAccount, { orderNo: small })).toMatchObject({ errorCode: 'companyCredit.notGranted' });
  });

  it('closes the month on the Beijing boundary, tells 管理员 and 财务, holds new charges once overdue, and settles by staff', async () => {
    const company = await creditCompany(t, { limitCents: 100_000, termsDays: 10 });
    const [buyer] = company.members.buyer;
    const [finance] = company.members.finance;
    if (!buyer || !finance) throw new Error('fixture');
    const first = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 20_000 });
    await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo: first });
    const refunded = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 5_000 });
    await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo: refunded });
    await refundOrder(refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config }), {
      orderNo: refunded,
      refundNo: `RF${refunded}`,
      amountCents: 2_000,
      reason: '少发',
    });
    expect(await creditOf(company.companyId)).toMatchObject({ usedCents: 23_000 });

    // Just before the month ends nothing is issued; at the boundary the month is.
    await runStatementClock(t.db.kysely, nextMonthStart() - 1);
    expect((await statementsOf(company.companyId)).map((row) => row.status)).toEqual(['open']);
    expect((await runStatementClock(t.db.kysely, nextMonthStart())).issued).toBeGreaterThanOrEqual(1);
    const [issued] = await statementsOf(company.companyId);
    expect(issued).toMatchObject({ status: 'issued', totalCents: 23_000, issuedAt: nextMonthStart(), dueAt: nextMonthStart() + 10 * dayMs });
    const messages = await t.db.kysely
      .selectFrom('messages')
      .select(['userId', 'msgContent'])
      .where('userId', 'in', [finance.userId, company.admin.userId, buyer.userId])
      .execute();
    const issuedTexts = messages.filter((message) => message.msgContent.includes('对账单已出账'));
    expect(issuedTexts.map((message) => message.userId).sort()).toEqual([finance.userId, company.admin.userId].sort());
    expect(issuedTexts[0]?.msgContent).toContain('应付¥230.00');

    const page = await finance.browser.callOk(companyCreditCalls.statements, {});
    expect(page).toMatchObject({ maySee: true, statements: [{ statusLabel: '已出账', totalCents: 23_000, lineCount: 3 }] });
    expect(await buyer.browser.callOk(companyCreditCalls.statements, {})).toMatchObject({ maySee: false, statements: [] });

    const afterDue = nextMonthStart() + 10 * dayMs;
    await runStatementClock(t.db.kysely, afterDue - 1);
    expect((await statementsOf(company.companyId))[0]?.status).toBe('issued');
    await runStatementClock(t.db.kysely, afterDue);
    expect((await statementsOf(company.companyId))[0]).toMatchObject({ status: 'overdue', overdueAt: afterDue });
    const held = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 100 });
    expect(await buyer.browser.call(paymentCalls.payOnAccount, { orderNo: held })).toMatchObject({ errorCode: 'companyCredit.overdue' });

    const statementId = issued?.id ?? 0;
    await settleStatement(t.db.kysely, financeStaff, { statementId, note: '工行流水 123', seen: 'overdue' }, afterDue + 1);
    expect(await creditOf(company.companyId)).toMatchObject({ usedCents: 0 });
    expect((await statementsOf(company.companyId))[0]).toMatchObject({ status: 'settled', settleNote: '工行流水 123' });
    await expect(settleStatement(t.db.kysely, financeStaff, { statementId, note: '' }, afterDue + 2)).rejects.toMatchObject({
      errorCode: 'companyCredit.notSettleable',
    });
    await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo: held });
  });

  it('refuses a new limit below the credit used, and warehouse staff may not settle', async () => {
    const company = await creditCompany(t, { limitCents: 50_000 });
    const [buyer] = company.members.buyer;
    if (!buyer) throw new Error('fixture');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 40_000 });
    await buyer.browser.callOk(paymentCalls.payOnAccount, { orderNo });
    await expect(grantCredit(t.db.kysely, { companyId: company.companyId, limitCents: 39_999, termsDays: 30 }, Date.now())).rejects.toMatchObject({
      errorCode: 'companyCredit.limitBelowUsed',
    });
    await grantCredit(t.db.kysely, { companyId: company.companyId, limitCents: 40_000, termsDays: 45 }, Date.now());
    expect(await creditOf(company.companyId)).toMatchObject({ limitCents: 40_000, termsDays: 45 });
    await runStatementClock(t.db.kysely, nextMonthStart());
    const [statement] = await statementsOf(company.companyId);
    await expect(
      settleStatement(t.db.kysely, staffActorOf({ role: 'warehouse' }), { statementId: statement?.id ?? 0, note: '' }, nextMonthStart()),
    ).rejects.toMatchObject({
      errorCode: 'companyCredit.forbidden',
    });
  });
});
