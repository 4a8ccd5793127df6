import { describe, expect, it } from 'vitest';
import { contactDeskCalls } from '../../../contract/console/contact-desk-calls.ts';
import { supplierDeskCalls } from '../../../contract/console/supplier-desk-calls.ts';
import { supplierCalls } from '../../../contract/supplier-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { pdfDocument } from '../upload/testing/upload-test-kit.ts';
import { sendSupplierCode, uploadDocument } from '../supplier/testing/supplier-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

describe('联系留言 and 供应商审核 (service desk)', () => {
  const t = useTestApp();
  let sequence = 0;
  const auditCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function contactMessage(message = '需要一批 0603 10K 电阻，请报价。') {
    sequence += 1;
    const row = await t.db.kysely
      .insertInto('contactMessages')
      .values({
        name: `王工${String(sequence)}`,
        phone: '13712340000',
        message,
        userId: null,
        status: 'new',
        createdAt: Date.now() + sequence,
        handledAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function application() {
    sequence += 1;
    const member = await t.member();
    const { id } = await t.db.kysely
      .insertInto('supplierApplications')
      .values({
        applicationNo: `GY26112600${String(sequence).padStart(6, '0')}`,
        userId: member.userId,
        companyName: `深圳某某电子有限公司${String(sequence)}`,
        creditCode: '91330100799655058B',
        contactName: '周经理',
        phone: `1360000${String(sequence).padStart(4, '0')}`,
        categories: '[]',
        brands: 'TI',
        annualVolume: 'under1m',
        status: 'pending',
        createdAt: Date.now(),
        reviewedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, member };
  }

  it('lists messages by status and keyword, and marks one handled with a note, once, audited', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const id = await contactMessage('想咨询 STM32 的交期');
    const open = await staff.browser.call(contactDeskCalls.list, { filters: { status: 'new', keyword: 'STM32' } });
    expect(open.data?.rows.map((row) => row.id)).toEqual([id]);
    const handled = await staff.browser.call(contactDeskCalls.markHandled, { id, note: '已电话回复，报价已发邮箱' });
    expect(handled).toMatchObject({
      code: 1,
      msg: '留言已标记为已处理',
      data: { status: 'handled', handledBy: staff.displayName, handledNote: '已电话回复，报价已发邮箱' },
    });
    expect(await staff.browser.call(contactDeskCalls.markHandled, { id, note: '' })).toMatchObject({ code: 409, errorCode: 'contact.alreadyHandled' });
    expect((await staff.browser.call(contactDeskCalls.list, { filters: { status: 'handled' } })).data?.rows.map((row) => row.id)).toContain(id);
    const audit = await t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'ContactMessage').where('subjectId', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.afterJson ?? '{}')).toEqual({ status: 'handled', note: '已电话回复，报价已发邮箱' });
    expect(await staff.browser.call(contactDeskCalls.markHandled, { id, note: '长'.repeat(201) })).toMatchObject({ code: 400, msg: '备注不能超过200个字' });
    expect(await staff.browser.call(contactDeskCalls.markHandled, { id: 99_999_999, note: '' })).toMatchObject({ code: 404 });
  });

  it('lets one of racing marks through, with one audit entry', async () => {
    const first = await signedInStaff(t.app, t.db.kysely, 'service');
    const second = await signedInStaff(t.app, t.db.kysely, 'admin');
    const id = await contactMessage();
    const answers = await Promise.all([
      first.browser.call(contactDeskCalls.markHandled, { id, note: '甲' }),
      second.browser.call(contactDeskCalls.markHandled, { id, note: '乙' }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    expect(
      await t.db.kysely.selectFrom('auditLog').select('id').where('subject', '=', 'ContactMessage').where('subjectId', '=', String(id)).execute(),
    ).toHaveLength(1);
  });

  it('shows an application with its documents to staff only, and approves it; the applicant reads the result by 查询进度', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const { id, member } = await application();
    const key = await uploadDocument(t, member.browser, { filename: 'licence.pdf', data: pdfDocument });
    await t.db.kysely.insertInto('supplierDocuments').values({ applicationId: id, kind: 'licence', uploadKey: key, provider: 'local', position: 0 }).execute();

    const detail = await staff.browser.call(supplierDeskCalls.detail, { id });
    expect(detail.data?.documents).toEqual([{ kind: 'licence', key, url: `/admin/member-desk/supplier-document/${String(id)}/0` }]);
    const file = await staff.browser.get(detail.data?.documents[0]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdfDocument)).toBe(true);
    // Neither a visitor, a member, nor staff whose role may not read applications get it.
    expect((await t.browser().get(`/admin/member-desk/supplier-document/${String(id)}/0`)).statusCode).not.toBe(200);
    expect((await member.browser.get(`/admin/member-desk/supplier-document/${String(id)}/0`)).statusCode).not.toBe(200);
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    expect((await content.browser.get(`/admin/member-desk/supplier-document/${String(id)}/0`)).statusCode).toBe(403);
    const missing = await staff.browser.get(`/admin/member-desk/supplier-document/${String(id)}/7`);
    expect([missing.statusCode, missing.body]).toEqual([404, '文件不存在']);

    const approved = await staff.browser.call(supplierDeskCalls.review, { id, decision: 'approve', reason: '' });
    expect(approved).toMatchObject({ code: 1, msg: '供应商申请已通过', data: { status: 'approved', statusLabel: '已通过', reviewer: staff.displayName } });
    const phone = detail.data?.phone ?? '';
    const applicant = t.browser();
    const smsCode = await sendSupplierCode(t, applicant, phone);
    const progress = await applicant.call(supplierCalls.progress, { phone, smsCode });
    expect(progress.data?.applications[0]).toMatchObject({ status: 'approved', statusLabel: '已通过' });
  });

  it('rejects only with a reason (Chinese), once of racing reviews, audited', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const other = await signedInStaff(t.app, t.db.kysely, 'admin');
    const { id } = await application();
    expect(await staff.browser.call(supplierDeskCalls.review, { id, decision: 'reject', reason: '  ' })).toMatchObject({
      code: 400,
      msg: '驳回申请须填写原因',
    });
    expect(await staff.browser.post(supplierDeskCalls.review.path, { id, decision: 'maybe', reason: '' })).toMatchObject({
      code: 400,
      msg: '请选择通过或驳回',
    });
    const answers = await Promise.all([
      staff.browser.call(supplierDeskCalls.review, { id, decision: 'reject', reason: '营业执照不清晰' }),
      other.browser.call(supplierDeskCalls.review, { id, decision: 'approve', reason: '' }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('subject', '=', 'SupplierApplication')
      .where('subjectId', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
    const listed = await staff.browser.call(supplierDeskCalls.list, { filters: { keyword: 'GY2611' } });
    expect(listed.data?.rows.map((row) => row.id)).toContain(id);
  });

  it('refuses roles without the permission, with no change and no audit entry', async () => {
    const message = await contactMessage();
    const { id } = await application();
    for (const role of staffRoles) {
      const ability = abilityFor(role);
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const before = await auditCount();
      if (!ability.can('update', 'ContactMessage'))
        expect(await staff.browser.call(contactDeskCalls.markHandled, { id: message, note: '' })).toMatchObject({ code: 403 });
      if (!ability.can('update', 'SupplierApplication'))
        expect(await staff.browser.call(supplierDeskCalls.review, { id, decision: 'approve', reason: '' })).toMatchObject({
          code: 403,
          msg: '您没有权限执行此操作',
        });
      expect((await staff.browser.call(supplierDeskCalls.list, {})).code).toBe(ability.can('read', 'SupplierApplication') ? 1 : 403);
      expect((await staff.browser.call(contactDeskCalls.list, {})).code).toBe(ability.can('read', 'ContactMessage') ? 1 : 403);
      expect(await auditCount()).toBe(before);
    }
    expect((await t.db.kysely.selectFrom('contactMessages').select('status').where('id', '=', message).executeTakeFirstOrThrow()).status).toBe('new');
    expect((await t.db.kysely.selectFrom('supplierApplications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
  });
});
