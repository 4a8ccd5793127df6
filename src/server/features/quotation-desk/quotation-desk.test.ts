import { describe, expect, it } from 'vitest';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertBomMatchFixture } from '../bom/match/bom-match.test-helpers.ts';
import { requestParts } from '../quotation/testing/quotation-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

const day = 86_400_000;
const inDays = (days: number) => formatBeijingDate(Date.now() + days * day);

describe('报价管理 (quotation desk)', () => {
  const t = useTestApp({ fixture: (app) => insertBomMatchFixture(app.db.kysely) });
  const auditRows = () => t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'Quotation').orderBy('id').execute();
  const messagesOf = (userId: number) => t.db.kysely.selectFrom('messages').selectAll().where('userId', '=', userId).orderBy('id').execute();
  const quotationRow = (id: number) => t.db.kysely.selectFrom('quotations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A member's request: a part the catalogue has (STM32F103C8T6) and one it has not (XYZ-UNKNOWN-1). */
  async function memberRequest(phone?: string) {
    const member = await t.member(phone ? { phone } : {});
    const quotationId = await requestParts(member.browser, [
      { partNumber: 'STM32F103C8T6', quantity: 10 },
      { partNumber: 'XYZ-UNKNOWN-1', quantity: 200, remark: '停产料' },
    ]);
    return { member, quotationId };
  }

  it('lists requests filtered by state, member phone and date, sorted by created or line count', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { quotationId } = await memberRequest('13912340001');
    const other = await t.member({ phone: '13912340002' });
    const bigger = await requestParts(other.browser, [
      { partNumber: 'LM358DR', quantity: 5 },
      { partNumber: 'STM32F103C8T6', quantity: 1 },
      { partNumber: 'GD32F103C8T6', quantity: 1 },
    ]);
    const byPhone = await sales.browser.call(quotationDeskCalls.list, { filters: { phone: '1391234000' } });
    expect(byPhone.data?.rows.map((row) => row.id).sort()).toEqual([quotationId, bigger].sort());
    expect(byPhone.data?.rows[0]).toMatchObject({ status: 'pending', statusLabel: '待报价' });
    const onePhone = await sales.browser.call(quotationDeskCalls.list, { filters: { phone: '13912340002' } });
    expect(onePhone.data).toMatchObject({ total: 1, rows: [{ id: bigger, memberPhone: '13912340002', lineCount: 3 }] });
    const byLines = await sales.browser.call(quotationDeskCalls.list, { sort: { column: 'lineCount', direction: 'desc' }, filters: { phone: '1391234000' } });
    expect(byLines.data?.rows.map((row) => row.id)).toEqual([bigger, quotationId]);
    const today = formatBeijingDate(Date.now());
    expect((await sales.browser.call(quotationDeskCalls.list, { filters: { from: today, to: today, phone: '1391234000' } })).data?.total).toBe(2);
    expect((await sales.browser.call(quotationDeskCalls.list, { filters: { to: inDays(-1), phone: '1391234000' } })).data?.total).toBe(0);
    expect((await sales.browser.call(quotationDeskCalls.list, { filters: { status: 'quoted', phone: '1391234000' } })).data?.total).toBe(0);
  });

  it('refuses bad filters with a Chinese message', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    expect(await sales.browser.post(quotationDeskCalls.list.path, { filters: { status: 'nope' } })).toMatchObject({ code: 400, msg: '询价状态有误' });
    expect(await sales.browser.post(quotationDeskCalls.list.path, { filters: { from: '2026/1/1' } })).toMatchObject({
      code: 400,
      msg: '日期格式应为 yyyy-MM-dd',
    });
    expect(await sales.browser.post(quotationDeskCalls.list.path, { filters: { phone: '139x' } })).toMatchObject({ code: 400, msg: '手机号最多11位数字' });
  });

  it('shows each line with the catalogue match; an unknown part is unmatched, and a substitute is looked up by code', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { quotationId } = await memberRequest();
    const detail = await sales.browser.call(quotationDeskCalls.detail, { quotationId });
    expect(detail.code).toBe(1);
    const [matched, unmatched] = detail.data?.lines ?? [];
    expect(matched).toMatchObject({ partNumber: 'STM32F103C8T6', isMatched: true });
    expect(matched?.candidates[0]?.code).toBe('STM32F103C8T6');
    expect(unmatched).toMatchObject({ partNumber: 'XYZ-UNKNOWN-1', isMatched: false });
    expect(detail.data).toMatchObject({ canSend: true, canClose: true, status: 'pending' });
    const found = await sales.browser.call(quotationDeskCalls.lookupPart, { code: 'LM358DR', quantity: 200 });
    expect(found.data?.[0]).toMatchObject({ code: 'LM358DR' });
    expect(await sales.browser.call(quotationDeskCalls.detail, { quotationId: 999_999 })).toMatchObject({ code: 404, msg: '询价单不存在' });
    expect(await sales.browser.post(quotationDeskCalls.lookupPart.path, { code: ' ', quantity: 1 })).toMatchObject({ code: 400, msg: '请输入型号' });
  });

  it('sends an offer pricing the unmatched line with a substitute, unit price and lead time: the member sees it and gets an offer message; audited', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { member, quotationId } = await memberRequest();
    const detail = (await sales.browser.call(quotationDeskCalls.detail, { quotationId })).data;
    const [matched, unmatched] = detail?.lines ?? [];
    const substitute = (await sales.browser.call(quotationDeskCalls.lookupPart, { code: 'LM358DR', quantity: 200 })).data?.[0];
    const answer = await sales.browser.call(quotationDeskCalls.send, {
      quotationId,
      validDate: inDays(5),
      staffNote: '含税价',
      lines: [
        { lineId: matched?.id ?? 0, productId: matched?.candidates[0]?.productId ?? 0, unitPriceE4: 65_000, quantity: 10, leadTime: '现货' },
        { lineId: unmatched?.id ?? 0, productId: substitute?.productId ?? 0, unitPriceE4: 1_234, quantity: 200, leadTime: '2-3周' },
      ],
    });
    expect(answer).toMatchObject({ code: 1, msg: '报价已发送，会员将收到报价消息', data: { status: 'quoted', canSend: false, totalCents: 6_500 + 2_468 } });
    const mine = await member.browser.callOk(quotationCalls.detail, { quotationId });
    expect(mine).toMatchObject({ status: 'quoted', canAccept: true, staffNote: '含税价' });
    expect(mine.lines[1]?.offer).toMatchObject({ productCode: 'LM358DR', unitPriceE4: 1_234, quantity: 200, leadTime: '2-3周' });
    expect(mine.validUntilStr).toBe(`${inDays(5)} 23:59`);
    const offers = (await messagesOf(member.userId)).filter((message) => message.messageType === MessageType.offer);
    expect(offers).toHaveLength(1);
    expect(offers[0]?.msgContent).toContain('2-3周');
    const [entry] = (await auditRows()).filter((row) => row.subjectId === String(quotationId));
    expect(entry).toMatchObject({ staffId: sales.id, action: 'sendOffer', ip: '127.0.0.1' });
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ status: 'pending' });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ status: 'quoted', totalCents: 8_968 });
  });

  it('refuses a bad offer with a Chinese message and changes nothing', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { quotationId } = await memberRequest();
    const lineId = (await sales.browser.call(quotationDeskCalls.detail, { quotationId })).data?.lines[0]?.id ?? 0;
    const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
    const line = { lineId, productId, unitPriceE4: 100, quantity: 10, leadTime: '' };
    expect(await sales.browser.call(quotationDeskCalls.send, { quotationId, validDate: inDays(-1), staffNote: '', lines: [line] })).toMatchObject({
      code: 400,
      msg: '请选择报价有效期（今天以后的日期）',
    });
    expect(await sales.browser.post(quotationDeskCalls.send.path, { quotationId, validDate: inDays(3), lines: [] })).toMatchObject({
      code: 400,
      msg: '请至少为一项物料报价',
    });
    expect(await sales.browser.post(quotationDeskCalls.send.path, { quotationId, validDate: inDays(3), lines: [{ ...line, unitPriceE4: 0 }] })).toMatchObject({
      code: 400,
      msg: '单价须为大于0的金额（最多4位小数）',
    });
    expect(
      await sales.browser.post(quotationDeskCalls.send.path, { quotationId, validDate: inDays(3), lines: [{ ...line, leadTime: '很久很久'.repeat(6) }] }),
    ).toMatchObject({
      code: 400,
      msg: '交期最多20个字',
    });
    expect((await quotationRow(quotationId)).status).toBe('pending');
    expect((await auditRows()).filter((row) => row.subjectId === String(quotationId))).toEqual([]);
  });

  it('closes a request with a reason: the member is told by a BOM message; a closed one cannot be priced or closed again', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { member, quotationId } = await memberRequest();
    const answer = await sales.browser.call(quotationDeskCalls.close, { quotationId, reason: '型号已停产，暂无货源' });
    expect(answer).toMatchObject({
      code: 1,
      data: { status: 'closed', statusLabel: '已关闭', closeReason: '型号已停产，暂无货源', canSend: false, canClose: false },
    });
    const last = (await messagesOf(member.userId)).at(-1);
    expect(last).toMatchObject({ messageType: MessageType.bom });
    expect(last?.msgContent).toContain('型号已停产，暂无货源');
    expect((await member.browser.callOk(quotationCalls.detail, { quotationId })).statusLabel).toBe('已关闭');
    expect(await sales.browser.call(quotationDeskCalls.close, { quotationId, reason: '再关一次' })).toMatchObject({
      code: 409,
      errorCode: 'quotation.notClosable',
    });
    expect(await sales.browser.post(quotationDeskCalls.close.path, { quotationId, reason: '  ' })).toMatchObject({ code: 400, msg: '请填写关闭原因' });
    expect((await auditRows()).filter((row) => row.subjectId === String(quotationId)).map((row) => row.action)).toEqual(['close']);
  });

  for (const role of staffRoles.filter((each) => !abilityFor(each).can('read', 'Quotation'))) {
    it(`refuses ${role} every quotation desk call with 403: nothing changes, nothing is audited`, async () => {
      const caller = await signedInStaff(t.app, t.db.kysely, role);
      const { member, quotationId } = await memberRequest();
      const [before, messagesBefore, auditBefore] = [await quotationRow(quotationId), await messagesOf(member.userId), await auditRows()];
      const lineId = (await t.db.kysely.selectFrom('quotationLines').select('id').where('quotationId', '=', quotationId).executeTakeFirstOrThrow()).id;
      const answers = [
        await caller.browser.call(quotationDeskCalls.list, { filters: {} }),
        await caller.browser.call(quotationDeskCalls.detail, { quotationId }),
        await caller.browser.call(quotationDeskCalls.lookupPart, { code: 'LM358DR', quantity: 1 }),
        await caller.browser.call(quotationDeskCalls.send, {
          quotationId,
          validDate: inDays(3),
          staffNote: '',
          lines: [{ lineId, productId: t.fixture.products.get('LM358DR') ?? 0, unitPriceE4: 100, quantity: 1, leadTime: '' }],
        }),
        await caller.browser.call(quotationDeskCalls.close, { quotationId, reason: '越权' }),
      ];
      for (const answer of answers) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      expect(await quotationRow(quotationId)).toEqual(before);
      expect(await messagesOf(member.userId)).toEqual(messagesBefore);
      expect(await auditRows()).toEqual(auditBefore);
      expect((await caller.browser.get('/admin/quotations')).statusCode).toBe(302);
    });
  }

  it('makes one offer when two staff send the same quotation at once: one message, one audit entry; the other is told', async () => {
    const [first, second] = [await signedInStaff(t.app, t.db.kysely, 'sales'), await signedInStaff(t.app, t.db.kysely, 'admin')];
    for (let round = 0; round < 3; round++) {
      const { member, quotationId } = await memberRequest();
      const lines = await t.db.kysely.selectFrom('quotationLines').select('id').where('quotationId', '=', quotationId).orderBy('lineNo').execute();
      const offer = (unitPriceE4: number) => ({
        quotationId,
        validDate: inDays(3),
        staffNote: '',
        lines: [{ lineId: lines[0]?.id ?? 0, productId: t.fixture.products.get('STM32F103C8T6') ?? 0, unitPriceE4, quantity: 10, leadTime: '现货' }],
      });
      const answers = await Promise.all([
        first.browser.call(quotationDeskCalls.send, offer(60_000)),
        second.browser.call(quotationDeskCalls.send, offer(61_000)),
      ]);
      const won = answers.filter((answer) => answer.code === 1);
      expect(won).toHaveLength(1);
      expect(answers.find((answer) => answer.code !== 1)).toMatchObject({ code: 409, errorCode: 'quotation.notPending' });
      const offers = (await messagesOf(member.userId)).filter((message) => message.messageType === MessageType.offer);
      expect(offers).toHaveLength(1);
      const entries = (await auditRows()).filter((row) => row.subjectId === String(quotationId));
      expect(entries).toHaveLength(1);
      const line = await t.db.kysely
        .selectFrom('quotationLines')
        .select('offerUnitPriceE4')
        .where('id', '=', lines[0]?.id ?? 0)
        .executeTakeFirstOrThrow();
      expect((await quotationRow(quotationId)).totalCents).toBe((line.offerUnitPriceE4 ?? 0) / 10);
    }
  }, 60_000);

  it('opens the list and detail pages for the sales role', async () => {
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const { quotationId } = await memberRequest();
    const list = await sales.browser.get('/admin/quotations');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('报价管理');
    const detail = await sales.browser.get(`/admin/quotations/${String(quotationId)}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('XYZ-UNKNOWN-1');
    expect((await t.browser().get('/admin/quotations')).statusCode).toBe(302);
  });
});
