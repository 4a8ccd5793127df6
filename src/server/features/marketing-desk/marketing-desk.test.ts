import { describe, expect, it } from 'vitest';
import type { CouponFormValues } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { couponCalls } from '../../../contract/coupon-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { payOrder, placeUnpaidOrder, registerInvited } from '../invite/testing/invite-fixture.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

const day = 86_400_000;
let serial = 0;

function couponForm(fields: Partial<CouponFormValues> = {}): CouponFormValues {
  serial += 1;
  return {
    name: `测试券 ${String(process.pid)}-${String(serial)}`,
    kind: 'goods',
    faceValueCents: 1_000,
    thresholdCents: 10_000,
    scope: 'all',
    scopeId: null,
    validDays: 30,
    validFrom: null,
    validUntil: null,
    claimFrom: Date.now() - 60_000,
    claimUntil: null,
    totalStock: 100,
    perMemberLimit: 1,
    isInCentre: true,
    isNewMemberPack: false,
    sort: 0,
    ...fields,
  };
}

describe('营销管理 (marketing desk)', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      const part = await insertPart(app.db.kysely, catalog, { stock: 100_000, prices: [{ qtyStart: 1, priceE4: 300_000 }] });
      return { catalog, part };
    },
  });
  const auditRows = () => t.db.kysely.selectFrom('auditLog').selectAll().where('subject', '=', 'Coupon').orderBy('id').execute();
  const templateRow = (id: number) => t.db.kysely.selectFrom('couponTemplates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a coupon shown in the coupon centre; a member claims it; audited', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const form = couponForm({ scope: 'brand', scopeId: t.fixture.catalog.brandId });
    const created = await content.browser.call(marketingDeskCalls.create, form);
    expect(created).toMatchObject({ code: 1, msg: '优惠券已创建', data: { name: form.name, scope: 'brand', state: 'active', claimedCount: 0 } });
    const id = created.data?.id ?? 0;
    expect(await templateRow(id)).toMatchObject({ scopeName: expect.stringContaining('') as string, isInCentre: 1, totalStock: 100 });
    expect((await t.browser().get('/coupon')).body).toContain(form.name);
    const member = await t.member();
    expect((await member.browser.call(couponCalls.claim, { templateId: id })).code).toBe(1);
    expect((await templateRow(id)).claimedCount).toBe(1);
    const [entry] = (await auditRows()).filter((row) => row.subjectId === String(id));
    expect(entry).toMatchObject({ staffId: content.id, action: 'create', beforeJson: null });
  });

  it('lists coupons by name, state and scope, sorted by claims', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const tag = `筛选${String(process.pid)}`;
    const a = (await content.browser.call(marketingDeskCalls.create, couponForm({ name: `${tag} A`, totalStock: 5 }))).data?.id ?? 0;
    const b = (await content.browser.call(marketingDeskCalls.create, couponForm({ name: `${tag} B`, claimFrom: Date.now() + day }))).data?.id ?? 0;
    await t.db.kysely.updateTable('couponTemplates').set({ claimedCount: 5 }).where('id', '=', a).execute();
    const byName = await content.browser.call(marketingDeskCalls.list, { filters: { name: tag }, sort: { column: 'claimedCount', direction: 'desc' } });
    expect(byName.data?.rows.map((row) => [row.id, row.state])).toEqual([
      [a, 'soldOut'],
      [b, 'notStarted'],
    ]);
    expect((await content.browser.call(marketingDeskCalls.list, { filters: { name: tag, state: 'notStarted' } })).data?.rows.map((row) => row.id)).toEqual([b]);
    expect((await content.browser.call(marketingDeskCalls.list, { filters: { name: tag, scope: 'brand' } })).data?.total).toBe(0);
    expect(await content.browser.post(marketingDeskCalls.list.path, { filters: { state: 'x' } })).toMatchObject({ code: 400, msg: '状态有误' });
  });

  it('refuses bad forms with a Chinese message and creates nothing', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const before = await auditRows();
    const cases: [Partial<CouponFormValues>, string][] = [
      [{ name: ' ' }, '请填写优惠券名称'],
      [{ faceValueCents: 0 }, '面额须为0.01至100000元'],
      [{ faceValueCents: 20_000, thresholdCents: 10_000 }, '有门槛时面额须小于门槛'],
      [{ scope: 'category', scopeId: null }, '请选择适用的品牌或分类'],
      [{ validDays: null }, '请填写有效期：领取后天数（1-3650），或开始和结束时间'],
      [{ totalStock: 0 }, '发放总量须为1至10000000的整数，不填为不限'],
      [{ isNewMemberPack: true, isInCentre: true }, '新人礼包券不能同时在领券中心发放'],
    ];
    for (const [fields, msg] of cases) expect(await content.browser.post(marketingDeskCalls.create.path, couponForm(fields))).toMatchObject({ code: 400, msg });
    expect(await content.browser.call(marketingDeskCalls.create, couponForm({ scope: 'brand', scopeId: 999_999 }))).toMatchObject({
      code: 400,
      msg: '所选品牌或分类不存在',
    });
    expect(await auditRows()).toEqual(before);
  });

  it('refuses a stock below the claims and terms changes once members hold it; edits the rest', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const form = couponForm({ totalStock: 10 });
    const id = (await content.browser.call(marketingDeskCalls.create, form)).data?.id ?? 0;
    for (let index = 0; index < 3; index++) await (await t.member()).browser.callOk(couponCalls.claim, { templateId: id });
    expect(await content.browser.call(marketingDeskCalls.update, { templateId: id, form: { ...form, totalStock: 2 } })).toMatchObject({
      code: 409,
      msg: '发放总量不能少于已领取数量（已领取 3 张）',
    });
    expect(await content.browser.call(marketingDeskCalls.update, { templateId: id, form: { ...form, faceValueCents: 500 } })).toMatchObject({
      code: 409,
      msg: expect.stringContaining('已有会员领取') as string,
    });
    const saved = await content.browser.call(marketingDeskCalls.update, {
      templateId: id,
      form: { ...form, totalStock: 3, perMemberLimit: 2, name: `${form.name} 改` },
    });
    expect(saved).toMatchObject({ code: 1, data: { totalStock: 3, perMemberLimit: 2, state: 'soldOut' } });
    expect((await auditRows()).filter((row) => row.subjectId === String(id)).map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('stops a coupon: the centre stops handing it out, claimed coupons stay valid; stopping twice is refused', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const id = (await content.browser.call(marketingDeskCalls.create, couponForm())).data?.id ?? 0;
    const member = await t.member();
    await member.browser.callOk(couponCalls.claim, { templateId: id });
    const stopped = await content.browser.call(marketingDeskCalls.stop, { templateId: id });
    expect(stopped).toMatchObject({ code: 1, msg: '优惠券已停发，已领取的优惠券在有效期内仍可使用', data: { state: 'stopped', isStopped: true } });
    const other = await t.member();
    expect(await other.browser.call(couponCalls.claim, { templateId: id })).toMatchObject({ errorCode: 'coupon.claimEnded' });
    const held = await t.db.kysely
      .selectFrom('memberCoupons')
      .selectAll()
      .where('templateId', '=', id)
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(held.validUntil).toBeGreaterThan(Date.now() + 29 * day);
    expect(await content.browser.call(marketingDeskCalls.stop, { templateId: id })).toMatchObject({ code: 400, msg: '该优惠券已停发' });
  });

  it('puts a coupon in the new-member pack, and sets the invite reward the shop grants (replacing INVITE_REWARD_COUPON)', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const packId =
      (await content.browser.call(marketingDeskCalls.create, couponForm({ isInCentre: false, isNewMemberPack: true, totalStock: null }))).data?.id ?? 0;
    const settings = await content.browser.call(marketingDeskCalls.settings, {});
    expect(settings.data?.pack.map((row) => row.id)).toContain(packId);
    expect(settings.data?.inviteRewardName).toBe('邀请奖励 满200减20');
    const rewardForm = couponForm({ isInCentre: false, totalStock: null, name: '邀请奖励 新版' });
    const rewardId = (await content.browser.call(marketingDeskCalls.create, rewardForm)).data?.id ?? 0;
    const centreId = (await content.browser.call(marketingDeskCalls.create, couponForm())).data?.id ?? 0;
    expect(await content.browser.call(marketingDeskCalls.setInviteReward, { templateId: centreId })).toMatchObject({
      code: 400,
      msg: '邀请奖励券须为不在领券中心发放的优惠券',
    });
    expect(await content.browser.call(marketingDeskCalls.setInviteReward, { templateId: rewardId })).toMatchObject({
      code: 1,
      data: { inviteRewardTemplateId: rewardId, inviteRewardName: '邀请奖励 新版' },
    });
    const inviter = await createMember(t.db.kysely);
    const invitee = await registerInvited(t, inviter.userNumber);
    expect(await payOrder(t, await placeUnpaidOrder(t, invitee.userId, t.fixture.part))).toBe('paid');
    const granted = await t.db.kysely.selectFrom('memberCoupons').select('templateId').where('userId', '=', inviter.userId).execute();
    expect(granted).toEqual([{ templateId: rewardId }]);
    expect((await auditRows()).filter((row) => row.action === 'setInviteReward').at(-1)).toMatchObject({
      staffId: content.id,
      subjectId: 'inviteRewardTemplateId',
    });
    await content.browser.call(marketingDeskCalls.setInviteReward, { templateId: null });
    expect((await content.browser.call(marketingDeskCalls.settings, {})).data?.inviteRewardName).toBe('');
  });

  for (const role of staffRoles.filter((each) => !abilityFor(each).can('read', 'Coupon'))) {
    it(`refuses ${role} every marketing desk call with 403: nothing changes, nothing is audited`, async () => {
      const caller = await signedInStaff(t.app, t.db.kysely, role);
      const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
      const form = couponForm();
      const id = (await admin.browser.call(marketingDeskCalls.create, form)).data?.id ?? 0;
      const [before, auditBefore] = [await templateRow(id), await auditRows()];
      const answers = [
        await caller.browser.call(marketingDeskCalls.list, { filters: {} }),
        await caller.browser.call(marketingDeskCalls.detail, { templateId: id }),
        await caller.browser.call(marketingDeskCalls.create, couponForm()),
        await caller.browser.call(marketingDeskCalls.update, { templateId: id, form: { ...form, totalStock: 1 } }),
        await caller.browser.call(marketingDeskCalls.stop, { templateId: id }),
        await caller.browser.call(marketingDeskCalls.settings, {}),
        await caller.browser.call(marketingDeskCalls.setInviteReward, { templateId: null }),
      ];
      for (const answer of answers) expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
      expect(await templateRow(id)).toEqual(before);
      expect(await auditRows()).toEqual(auditBefore);
      expect((await caller.browser.get('/admin/coupons')).statusCode).toBe(302);
    });
  }

  it('never lets the claims pass the stock when an edit lowers it while members claim', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const form = couponForm({ totalStock: 20, perMemberLimit: 1 });
    const id = (await content.browser.call(marketingDeskCalls.create, form)).data?.id ?? 0;
    const members = await Promise.all(Array.from({ length: 8 }, () => t.member()));
    const answers = await Promise.all([
      ...members.map((member) => member.browser.call(couponCalls.claim, { templateId: id })),
      content.browser.call(marketingDeskCalls.update, { templateId: id, form: { ...form, totalStock: 4 } }),
    ]);
    const row = await templateRow(id);
    const held = await t.db.kysely.selectFrom('memberCoupons').select('id').where('templateId', '=', id).execute();
    expect(row.claimedCount).toBe(held.length);
    expect(row.claimedCount).toBeLessThanOrEqual(row.totalStock ?? 0);
    const edit = answers.at(-1);
    if (edit?.code === 1) expect(row.totalStock).toBe(4);
    else {
      expect(edit?.msg).toContain('发放总量不能少于已领取数量');
      expect(row.totalStock).toBe(20);
    }
  }, 60_000);

  it('opens the coupon pages for the content role', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const id = (await content.browser.call(marketingDeskCalls.create, couponForm({ name: '页面测试券' }))).data?.id ?? 0;
    for (const path of ['/admin/coupons', '/admin/coupons/new', `/admin/coupons/${String(id)}`, '/admin/marketing']) {
      const page = await content.browser.get(path);
      expect(page.statusCode, path).toBe(200);
    }
    expect((await content.browser.get('/admin/coupons')).body).toContain('页面测试券');
  });
});
