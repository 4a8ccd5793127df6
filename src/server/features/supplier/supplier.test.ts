import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { supplierCalls } from '../../../contract/supplier-calls.ts';
import type { SupplierPageData } from '../../../contract/supplier.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone, otherCode, sendCode } from '../account/account.test-helpers.ts';
import { insertCategoryFixture } from '../shell/shell.test-helpers.ts';
import { pdfDocument } from '../upload/testing/upload-test-kit.ts';
import { findSupplierApplication, reviewSupplierApplication } from './supplier.service.ts';
import { licencePicture, sendSupplierCode, uploadDocument, validCreditCodes } from './testing/supplier-fixture.ts';

const uploadDir = mkdtempSync(join(tmpdir(), 'supplier-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('supplier applications', () => {
  const t = useTestApp({
    app: { env: { UPLOAD_DIR: uploadDir } },
    fixture: async (app) => {
      await insertCategoryFixture(app.db, 3, 3);
      const firsts = await app.db.kysely.selectFrom('categories').select(['id', 'name']).where('level', '=', 1).orderBy('id').execute();
      return { categoryIds: firsts.map((row) => row.id), categoryNames: firsts.map((row) => row.name) };
    },
  });

  /** A member with a fresh phone, its supplier code, a licence picture and a PDF certificate uploaded: a valid application. */
  async function readyApplicant() {
    const member = await t.member({}, nextIp());
    const phone = nextPhone();
    const smsCode = await sendSupplierCode(t, t.browser(nextIp()), phone);
    const licence = await uploadDocument(t, member.browser, licencePicture);
    const certificate = await uploadDocument(t, member.browser, { filename: 'agency.pdf', data: pdfDocument });
    const body = {
      companyName: '深圳市芯源电子有限公司',
      creditCode: validCreditCodes[0].toLowerCase(),
      contactName: '陈经理',
      phone,
      smsCode,
      categoryIds: t.fixture.categoryIds.slice(0, 2),
      brands: 'ST， TI、ADI;ST',
      annualVolume: '5mTo20m' as const,
      licenceKeys: [licence],
      certificateKeys: [certificate],
    };
    return { member, phone, body, licence, certificate };
  }

  const applicationsOf = (phone: string) => t.db.kysely.selectFrom('supplierApplications').selectAll().where('phone', '=', phone).execute();

  it('stores an application 待审核 with its licence picture and PDF certificate claimed', async () => {
    const { member, phone, body, licence, certificate } = await readyApplicant();
    const answer = await member.browser.call(supplierCalls.apply, body);
    expect(answer).toMatchObject({ code: 1, msg: '入驻申请已提交，我们将在3个工作日内完成审核' });
    expect(answer.data).toMatchObject({ companyName: '深圳市芯源电子有限公司', status: 'pending', statusLabel: '待审核', reason: '', reviewedAtStr: '' });
    expect(answer.data?.applicationNo).toMatch(/^GY\d{14}$/);
    const [row] = await applicationsOf(phone);
    if (!row) throw new Error('not stored');
    const stored = await findSupplierApplication({ db: t.db.kysely, config: t.deps.config }, row.id);
    expect(stored).toMatchObject({
      userId: member.userId,
      creditCode: validCreditCodes[0],
      contactName: '陈经理',
      phone,
      brands: 'ST, TI, ADI',
      annualVolume: '5mTo20m',
      annualVolumeLabel: '500万–2000万元',
      categories: t.fixture.categoryIds.slice(0, 2).map((categoryId, index) => ({ categoryId, categoryName: t.fixture.categoryNames[index] })),
      documents: [
        { kind: 'licence', key: licence, url: `/img/${licence}` },
        { kind: 'certificate', key: certificate, url: `/img/${certificate}` },
      ],
    });
    expect(certificate).toMatch(/^supplier\/\d+\/[0-9a-f]{32}\.pdf$/);
    const uploads = await t.db.kysely.selectFrom('uploads').select(['key', 'claimedAt']).where('userId', '=', member.userId).execute();
    expect(uploads.every((upload) => upload.claimedAt !== null)).toBe(true);
  });

  it.each([
    ['no company', { companyName: ' ' }, '请输入公司名称'],
    ['a credit code with a wrong check character', { creditCode: '91350100M000100Y44' }, '统一社会信用代码校验位不正确，请核对'],
    ['a tax number of 31 characters', { creditCode: '1'.repeat(31) }, '税号为1-30位字母或数字'],
    ['a tax number with a dash', { creditCode: '4403-0071526726' }, '税号为1-30位字母或数字'],
    ['no contact', { contactName: '' }, '请输入联系人姓名'],
    ['a landline', { phone: '07558326668' }, '请输入正确的手机号码'],
    ['no SMS code', { smsCode: '' }, '请输入4位短信验证码'],
    ['no category', { categoryIds: [] }, '请选择供应品类'],
    ['eleven categories', { categoryIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, '供应品类最多选择10个'],
    ['a category that is not a top category', { categoryIds: [999_999] }, '供应品类有误，请刷新页面后重新选择'],
    ['no brands', { brands: '' }, '请填写供应品牌'],
    ['no annual volume', { annualVolume: 'lots' }, '请选择年供货额'],
    ['no licence', { licenceKeys: [] }, '请上传营业执照'],
    ['seven certificates', { certificateKeys: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, '代理证或分销证书最多上传6个文件'],
  ])('refuses %s in Chinese, storing nothing and keeping the SMS code', async (_name, change, msg) => {
    const { member, phone, body } = await readyApplicant();
    expect(await member.browser.post(supplierCalls.apply.path, { ...body, ...change })).toMatchObject({ code: 400, data: null, msg });
    expect(await applicationsOf(phone)).toEqual([]);
    // The code is still good for the corrected application.
    expect(await member.browser.call(supplierCalls.apply, body)).toMatchObject({ code: 1 });
  });

  it('takes a spec-rule tax number that is not 18 characters (an older 15-digit one)', async () => {
    const { member, body } = await readyApplicant();
    expect(await member.browser.call(supplierCalls.apply, { ...body, creditCode: '440301715267260' })).toMatchObject({ code: 1 });
  });

  it('asks a visitor to log in', async () => {
    const { body } = await readyApplicant();
    expect(await t.browser(nextIp()).call(supplierCalls.apply, body)).toMatchObject({ code: 401 });
  });

  it('refuses a wrong code, a code sent for another purpose, and an expired code', async () => {
    const { member, phone, body } = await readyApplicant();
    expect(await member.browser.call(supplierCalls.apply, { ...body, smsCode: otherCode(body.smsCode) })).toMatchObject({ msg: '短信验证码错误' });

    const other = await readyApplicant();
    await t.db.kysely
      .updateTable('smsCodes')
      .set({ sentAt: Date.now() - 61_000 })
      .where('phone', '=', other.phone)
      .execute();
    const registrationCode = await sendCode(t, t.browser(nextIp()), other.phone, SendMsgType.register);
    await t.db.kysely.deleteFrom('smsCodes').where('phone', '=', other.phone).where('purpose', '=', SendMsgType.supplier).execute();
    expect(await other.member.browser.call(supplierCalls.apply, { ...other.body, smsCode: registrationCode })).toMatchObject({
      msg: '短信验证码已失效，请重新获取',
      errorCode: 'sms.codeExpired',
    });

    const late = await readyApplicant();
    await t.db.kysely
      .updateTable('smsCodes')
      .set({ expiresAt: Date.now() - 1 })
      .where('phone', '=', late.phone)
      .execute();
    expect(await late.member.browser.call(supplierCalls.apply, late.body)).toMatchObject({ errorCode: 'sms.codeExpired' });
    for (const refused of [phone, other.phone, late.phone]) expect(await applicationsOf(refused)).toEqual([]);
  });

  it('refuses documents that are not the applicant’s own supplier uploads, claiming nothing', async () => {
    const { member, phone, body } = await readyApplicant();
    const stranger = await t.member({}, nextIp());
    const strangersDocument = await uploadDocument(t, stranger.browser);
    const ownFeedbackPhoto = await uploadDocument(t, member.browser, licencePicture, 'feedback');
    for (const keys of [
      { licenceKeys: [strangersDocument] },
      { certificateKeys: [ownFeedbackPhoto] },
      { licenceKeys: ['supplier/1/0123456789abcdef0123456789abcdef.pdf'] },
    ]) {
      const answer = await member.browser.call(supplierCalls.apply, { ...body, ...keys });
      expect(answer).toMatchObject({ code: 400, msg: '文件不存在或已失效，请重新上传', errorCode: 'upload.notOwned' });
    }
    expect(await applicationsOf(phone)).toEqual([]);
    const claimed = await t.db.kysely
      .selectFrom('uploads')
      .select('claimedAt')
      .where('key', '=', body.licenceKeys[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(claimed.claimedAt).toBeNull();
    // Nothing was spent: the same code takes the application with the member's own documents.
    expect(await member.browser.call(supplierCalls.apply, body)).toMatchObject({ code: 1 });
  });

  it('keeps one pending application per phone; once it is rejected the phone may apply again', async () => {
    const { member, phone, body } = await readyApplicant();
    await member.browser.callOk(supplierCalls.apply, body);
    const again = { ...body, smsCode: await resendAfterWait(phone) };
    expect(await member.browser.call(supplierCalls.apply, again)).toMatchObject({
      code: 409,
      msg: '该手机号已有待审核的入驻申请，请耐心等待审核结果',
      errorCode: 'supplier.alreadyPending',
    });
    const [pending] = await applicationsOf(phone);
    await reviewSupplierApplication(t.db.kysely, { applicationId: pending?.id ?? 0, decision: 'reject', reason: '营业执照不清晰', reviewer: '审核员A' });
    const retry = {
      ...body,
      smsCode: await resendAfterWait(phone),
      licenceKeys: [await uploadDocument(t, member.browser, licencePicture)],
      certificateKeys: [],
    };
    expect(await member.browser.call(supplierCalls.apply, retry)).toMatchObject({ code: 1 });
    expect((await applicationsOf(phone)).map((row) => row.status).sort()).toEqual(['pending', 'rejected']);
  });

  /** Another supplier code for the phone, the minute's wait pretended over. */
  async function resendAfterWait(phone: string): Promise<string> {
    await t.db.kysely
      .updateTable('smsCodes')
      .set({ sentAt: Date.now() - 61_000 })
      .where('phone', '=', phone)
      .execute();
    return sendSupplierCode(t, t.browser(nextIp()), phone);
  }

  it('shows the progress by phone and SMS code without login, spending the code', async () => {
    const { member, phone, body } = await readyApplicant();
    await member.browser.callOk(supplierCalls.apply, body);
    const [row] = await applicationsOf(phone);
    await reviewSupplierApplication(t.db.kysely, {
      applicationId: row?.id ?? 0,
      decision: 'reject',
      reason: '代理证已过期，请更新后重新提交',
      reviewer: '审核员B',
    });
    await member.browser.callOk(supplierCalls.apply, {
      ...body,
      smsCode: await resendAfterWait(phone),
      licenceKeys: [await uploadDocument(t, member.browser, licencePicture)],
      certificateKeys: [],
    });

    const visitor = t.browser(nextIp());
    const smsCode = await resendAfterWait(phone);
    expect(await visitor.call(supplierCalls.progress, { phone, smsCode: otherCode(smsCode) })).toMatchObject({ msg: '短信验证码错误' });
    const progress = await visitor.callOk(supplierCalls.progress, { phone, smsCode });
    expect(progress.applications.map((application) => [application.statusLabel, application.reason])).toEqual([
      ['待审核', ''],
      ['已驳回', '代理证已过期，请更新后重新提交'],
    ]);
    expect(progress.applications[1]?.reviewedAtStr).not.toBe('');
    expect(await visitor.call(supplierCalls.progress, { phone, smsCode })).toMatchObject({ errorCode: 'sms.codeExpired' });
    // A phone without applications: an empty list, not an error.
    const stranger = nextPhone();
    expect(await visitor.callOk(supplierCalls.progress, { phone: stranger, smsCode: await sendSupplierCode(t, t.browser(nextIp()), stranger) })).toEqual({
      applications: [],
    });
  });

  it('renders the page: onboarding content and a login prompt for visitors, the form with the top categories for members', async () => {
    const visitorPage = await t.browser(nextIp()).get('/serve/supplier');
    expect(visitorPage.statusCode).toBe(200);
    expect(visitorPage.body).toContain('<title>供应商入驻 - ');
    for (const text of ['为什么加入', '入驻要求', '入驻流程', '查询进度', 'data-testid="supplier-login-prompt"']) expect(visitorPage.body).toContain(text);
    const visitorState = pageStateOf<SupplierPageData>(visitorPage.body);
    expect(visitorState.data).toMatchObject({ isLoggedIn: false, loginUrl: '/account/login?return=%2Fserve%2Fsupplier' });

    const member = await t.member({}, nextIp());
    const memberPage = await member.browser.get('/serve/supplier');
    expect(memberPage.body).not.toContain('supplier-login-prompt');
    const state = pageStateOf<SupplierPageData>(memberPage.body);
    expect(state.data.isLoggedIn).toBe(true);
    expect(state.data.categories.map((category) => category.categoryName)).toEqual(t.fixture.categoryNames);
    for (const name of t.fixture.categoryNames) expect(memberPage.body).toContain(name);
  });
});
