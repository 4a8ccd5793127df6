import { describe, expect, it } from 'vitest';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { createMember } from '../../testing/factories.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

describe('会员管理 (members desk)', () => {
  const t = useTestApp();
  const auditCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditOf = (subjectId: number | string) =>
    t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', String(subjectId)).where('subject', '=', 'Member').orderBy('id').execute();
  let orderSerial = 0;

  async function paidOrder(userId: number, payableCents: number, paidAt: number | null = Date.now()) {
    orderSerial += 1;
    await t.db.kysely
      .insertInto('orders')
      .values({
        orderNo: `MD${String(Date.now())}${String(orderSerial)}`,
        idempotencyKey: `md-${String(orderSerial)}`,
        userId,
        status: paidAt ? 'unshipped' : 'unpaid',
        productCount: 1,
        payableCents,
        paidAt,
        createdAt: Date.now(),
      })
      .execute();
  }

  it('lists members with their level and paid total, filters by phone, number, nickname, level, state and date, and sorts by paid total', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const gold = await createMember(t.db.kysely, { nickName: '金牌张工' });
    const plain = await createMember(t.db.kysely, { nickName: '新会员李工' });
    await paidOrder(gold.userId, 1_200_000);
    await paidOrder(gold.userId, 50_000, null);
    await paidOrder(plain.userId, 9_900);

    const byPhone = await staff.browser.call(memberDeskCalls.list, { filters: { phone: gold.phone } });
    expect(byPhone.data?.total).toBe(1);
    expect(byPhone.data?.rows[0]).toMatchObject({
      userId: gold.userId,
      levelName: '金牌会员',
      paidCents: 1_200_000,
      // 成交订单数: the unpaid order is none.
      orderCount: 1,
      isDisabled: false,
      nickName: '金牌张工',
    });
    expect(
      (await staff.browser.call(memberDeskCalls.list, { filters: { userNumber: plain.userNumber.toLowerCase() } })).data?.rows.map((row) => row.userId),
    ).toEqual([plain.userId]);
    expect((await staff.browser.call(memberDeskCalls.list, { filters: { nickName: '李工' } })).data?.rows.map((row) => row.userId)).toEqual([plain.userId]);
    const goldLevel = await staff.browser.call(memberDeskCalls.list, { filters: { level: '金牌会员' } });
    expect(goldLevel.data?.rows.map((row) => row.userId)).toEqual([gold.userId]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const registeredToday = await staff.browser.call(memberDeskCalls.list, { filters: { registeredFrom: today, registeredTo: today }, pageSize: 100 });
    expect(registeredToday.data?.rows.map((row) => row.userId)).toEqual(expect.arrayContaining([gold.userId, plain.userId]));
    expect((await staff.browser.call(memberDeskCalls.list, { filters: { registeredTo: '2020-01-01' } })).data?.total).toBe(0);
    const byPaid = await staff.browser.call(memberDeskCalls.list, { sort: { column: 'paidTotal', direction: 'desc' } });
    expect(byPaid.data?.rows[0]?.userId).toBe(gold.userId);
    // A LIKE wildcard typed into a filter is a character, not a pattern.
    expect((await staff.browser.call(memberDeskCalls.list, { filters: { nickName: '%' } })).data?.total).toBe(0);
  });

  it('refuses bad filters and sorts with a Chinese message', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    expect(await staff.browser.post(memberDeskCalls.list.path, { filters: { registeredFrom: '2026/01/01' } })).toMatchObject({
      code: 400,
      msg: '日期格式应为 YYYY-MM-DD',
    });
    expect(await staff.browser.post(memberDeskCalls.list.path, { sort: { column: 'password', direction: 'desc' } })).toMatchObject({
      code: 400,
      msg: '请求参数有误',
    });
    expect(await staff.browser.post(memberDeskCalls.list.path, { filters: { phone: '1'.repeat(12) } })).toMatchObject({ code: 400, msg: '手机号最多11位' });
  });

  it('shows a member with addresses, orders, coupons and login records', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'sales');
    const member = await t.member({ nickName: '详情王工' });
    await paidOrder(member.userId, 12_345);
    await t.db.kysely
      .insertInto('addresses')
      .values({
        userId: member.userId,
        receiver: '王工',
        mobile: member.phone,
        landline: '',
        provinceCode: '440000',
        provinceName: '广东省',
        cityCode: '440300',
        cityName: '深圳市',
        districtCode: '440304',
        districtName: '福田区',
        detail: '华强北路1号',
        isDefault: 1,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .execute();
    await t.db.kysely
      .insertInto('loginRecords')
      .values({ userId: member.userId, method: 'sms', ip: '10.1.1.1', userAgent: 'Chromium', createdAt: Date.now() })
      .execute();
    const detail = await staff.browser.call(memberDeskCalls.detail, { userId: member.userId });
    expect(detail.code).toBe(1);
    expect(detail.data?.member).toMatchObject({ userNumber: member.userNumber, nickName: '详情王工', paidCents: 12_345 });
    expect(detail.data?.addresses).toEqual([
      { id: expect.any(Number) as number, name: '王工', phone: member.phone, address: '广东省深圳市福田区华强北路1号', isDefault: true },
    ]);
    expect(detail.data?.orders).toHaveLength(1);
    expect(detail.data?.logins[0]).toMatchObject({ methodLabel: '短信登录', ip: '10.1.1.1' });
    expect(await staff.browser.call(memberDeskCalls.detail, { userId: 99_999_999 })).toMatchObject({ code: 404, msg: '会员不存在' });
  });

  it('disables a member (every session ends, audited) and enables them again; a second disable is refused', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const member = await t.member();
    expect((await member.browser.get('/user/person')).statusCode).toBe(200);
    const disabled = await staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true });
    expect(disabled).toMatchObject({ code: 1, msg: '会员已停用，其登录状态已全部退出', data: { isDisabled: true } });
    expect(await t.db.kysely.selectFrom('sessions').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
    expect((await member.browser.get('/user/person')).statusCode).toBe(302);
    expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true })).toMatchObject({
      code: 409,
      msg: '该会员已是停用状态',
      errorCode: 'memberDesk.alreadyDisabled',
    });
    expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: false })).toMatchObject({ code: 1, msg: '会员已启用' });
    const entries = await auditOf(member.userId);
    expect(entries.map((entry) => [entry.action, entry.staffId, entry.ip])).toEqual([
      ['disable', staff.id, '127.0.0.1'],
      ['enable', staff.id, '127.0.0.1'],
    ]);
    expect(JSON.parse(entries[0]?.beforeJson ?? '{}')).toEqual({ isDisabled: false });
    expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toEqual({ isDisabled: true });
    expect(await staff.browser.post(memberDeskCalls.setDisabled.path, { userId: 'x', isDisabled: true })).toMatchObject({ code: 400, msg: '会员不存在' });
  });

  it('lets exactly one of racing disables through, with one audit entry', async () => {
    const first = await signedInStaff(t.app, t.db.kysely, 'service');
    const second = await signedInStaff(t.app, t.db.kysely, 'admin');
    const member = await createMember(t.db.kysely);
    const answers = await Promise.all([
      first.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true }),
      second.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true }),
      first.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 409)).toHaveLength(2);
    expect(await auditOf(member.userId)).toHaveLength(1);
  });

  it('refuses every change to roles without Member update, with no change and no audit entry', async () => {
    const member = await createMember(t.db.kysely);
    for (const role of staffRoles.filter((candidate) => !abilityFor(candidate).can('update', 'Member'))) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const before = await auditCount();
      expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true })).toMatchObject({
        code: 403,
        msg: '您没有权限执行此操作',
      });
      expect(await staff.browser.call(memberDeskCalls.assignRep, { userIds: [member.userId], repId: null })).toMatchObject({ code: 403 });
      expect(
        await staff.browser.call(memberDeskCalls.saveRep, {
          staffId: staff.id,
          operatorName: '某',
          operatorMobile: '13800000000',
          operatorQq: '',
          operatorWechat: '',
        }),
      ).toMatchObject({
        code: 403,
      });
      const canRead = abilityFor(role).can('read', 'Member');
      expect((await staff.browser.call(memberDeskCalls.list, {})).code).toBe(canRead ? 1 : 403);
      expect(await auditCount()).toBe(before);
    }
    const row = await t.db.kysely.selectFrom('users').select('disabledAt').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(row.disabledAt).toBeNull();
  });
});

describe('专属销售 (dedicated reps)', () => {
  const t = useTestApp({ fixture: async (app) => fixtureProductId(await insertCatalogFixture(app.db), 'RC0603FR-0710KL') });

  async function makeRep(name: string) {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const answer = await admin.browser.call(memberDeskCalls.saveRep, {
      staffId: sales.id,
      operatorName: name,
      operatorMobile: '13912345678',
      operatorQq: '80001234',
      operatorWechat: `wx_${name}`,
    });
    expect(answer).toMatchObject({ code: 1, msg: '专属销售资料已保存', data: { staffId: sales.id, operatorName: name } });
    return { admin, sales, repId: answer.data?.repId ?? 0 };
  }

  it('makes only sales staff reps, and refuses a bad phone in Chinese', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    expect(
      await admin.browser.call(memberDeskCalls.saveRep, {
        staffId: content.id,
        operatorName: '内容',
        operatorMobile: '13912345678',
        operatorQq: '',
        operatorWechat: '',
      }),
    ).toMatchObject({
      code: 400,
      msg: '只有销售/报价角色的员工可以做专属销售',
    });
    expect(
      await admin.browser.call(memberDeskCalls.saveRep, {
        staffId: content.id,
        operatorName: '内容',
        operatorMobile: '12',
        operatorQq: '',
        operatorWechat: '',
      }),
    ).toMatchObject({
      code: 400,
      msg: '请填写正确的手机号',
    });
  });

  it('assigns members in bulk; the shop shows the rep where it shows one; a rep sees only their own members', async () => {
    const { admin, sales, repId } = await makeRep('李销售');
    const other = await makeRep('赵销售');
    const mine = await t.member({ nickName: '我的客户' });
    const theirs = await t.member({ nickName: '别人的客户' });
    const productId = t.fixture;
    await t.db.kysely
      .insertInto('cartItems')
      .values({
        userId: mine.userId,
        productId,
        quantity: 25,
        isSelected: 1,
        createdAt: Date.now(),
        updatedAt: Date.now(),
        seenUnitPriceE4: null,
        seenPackSize: null,
        seenStock: null,
      })
      .execute();

    const assigned = await admin.browser.call(memberDeskCalls.assignRep, { userIds: [mine.userId, mine.userId], repId });
    expect(assigned).toMatchObject({ code: 1, msg: '已分配专属销售', data: { count: 1 } });
    expect(await admin.browser.call(memberDeskCalls.assignRep, { userIds: [theirs.userId], repId: other.repId })).toMatchObject({ code: 1 });
    const audit = await t.db.kysely.selectFrom('auditLog').selectAll().where('action', '=', 'assignRep').where('subjectId', '=', String(mine.userId)).execute();
    expect(JSON.parse(audit[0]?.afterJson ?? '{}')).toEqual({ repId });

    const person = await mine.browser.get('/user/person');
    expect(person.body).toContain('李销售');
    expect(person.body).toContain('wx_李销售');

    const myMembers = await sales.browser.call(memberDeskCalls.myMembers, {});
    expect(myMembers.data?.map((row) => [row.userId, row.cartLines])).toEqual([[mine.userId, 1]]);
    const view = await sales.browser.call(memberDeskCalls.repMember, { userId: mine.userId });
    expect(view).toMatchObject({ code: 1, data: { member: { userId: mine.userId }, cart: [{ quantity: 25 }] } });
    expect(await sales.browser.call(memberDeskCalls.repMember, { userId: theirs.userId })).toMatchObject({
      code: 403,
      msg: '该会员不是您的专属客户',
      errorCode: 'memberDesk.notYourMember',
    });
    const detailPage = await sales.browser.get(`/admin/members/${String(theirs.userId)}`);
    expect(detailPage.body).not.toContain('rep-view');

    expect(await admin.browser.call(memberDeskCalls.assignRep, { userIds: [mine.userId], repId: 999_999 })).toMatchObject({ code: 404, msg: '专属销售不存在' });
    expect(await admin.browser.call(memberDeskCalls.assignRep, { userIds: [], repId })).toMatchObject({ code: 400, msg: '请选择会员' });
    expect(await admin.browser.call(memberDeskCalls.assignRep, { userIds: [mine.userId], repId: null })).toMatchObject({ code: 1, msg: '已取消专属销售' });
    expect((await mine.browser.get('/user/person')).body).not.toContain('wx_李销售');
  });

  it('makes one rep row of racing saves for one staff member', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const card = { staffId: sales.id, operatorMobile: '13912345678', operatorQq: '', operatorWechat: '' };
    const answers = await Promise.all(['甲', '乙', '丙'].map((name) => admin.browser.call(memberDeskCalls.saveRep, { ...card, operatorName: name })));
    expect(answers.every((answer) => answer.code === 1)).toBe(true);
    const rows = await t.db.kysely.selectFrom('serviceReps').select('id').where('staffId', '=', sales.id).execute();
    expect(rows).toHaveLength(1);
  });
});
