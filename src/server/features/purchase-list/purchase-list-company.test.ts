import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import type { PurchaseListsData } from '../../../contract/purchase-list.ts';
import { purchaseListLimits } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from '../company-account/testing/company-fixture.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

async function manualList(member: SignedInMember, name: string): Promise<number> {
  return (await member.browser.callOk(purchaseListCalls.create, { name, origin: { kind: 'manual' } })).listId;
}

async function namesSeenBy(member: SignedInMember): Promise<string[]> {
  return (await member.browser.callOk(purchaseListCalls.list, {})).lists.map((list) => list.name).sort();
}

async function companyOfFour() {
  const admin = await t.member({ nickName: '管理员' });
  await createTestCompany(admin);
  const [buyer, approver, finance] = [await t.member({ nickName: '采购员' }), await t.member(), await t.member()];
  await joinCompany(admin, buyer, 'buyer');
  await joinCompany(admin, approver, 'approver');
  await joinCompany(admin, finance, 'finance');
  return { admin, buyer, approver, finance };
}

describe('常购清单 shared inside a company', () => {
  it('shares the lists of 管理员 and 采购 with every member; 采购 changes them, 审批 and 财务 only read and reorder', async () => {
    const { admin, buyer, approver, finance } = await companyOfFour();
    const listId = await manualList(buyer, '主板物料');
    await manualList(admin, '电源物料');
    for (const member of [admin, buyer, approver, finance]) expect(await namesSeenBy(member)).toEqual(['主板物料', '电源物料']);

    const seenByFinance = (await finance.browser.callOk(purchaseListCalls.list, {})).lists.find((list) => list.listId === listId);
    expect(seenByFinance).toMatchObject({ isShared: true, canChange: false, ownerName: '采购员' });
    const productId = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 500 });
    expect(await admin.browser.call(purchaseListCalls.addLines, { listId, text: `${await codeOf(productId)}, 10` })).toMatchObject({ code: 1 });
    const detail = await approver.browser.callOk(purchaseListCalls.detail, { listId });
    expect(detail.list).toMatchObject({ isShared: true, canChange: false });
    const lineId = detail.lines[0]?.lineId ?? 0;

    for (const reader of [approver, finance]) {
      const readOnly = { code: 403, errorCode: 'purchaseList.readOnly' };
      expect(await reader.browser.call(purchaseListCalls.rename, { listId, name: '改名' })).toMatchObject(readOnly);
      expect(await reader.browser.call(purchaseListCalls.remove, { listId })).toMatchObject(readOnly);
      expect(await reader.browser.call(purchaseListCalls.updateLine, { listId, lineId, quantity: 20, customerPartNo: 'X' })).toMatchObject(readOnly);
      expect(await reader.browser.call(purchaseListCalls.removeLines, { listId, lineIds: [lineId] })).toMatchObject(readOnly);
      expect(await reader.browser.call(purchaseListCalls.addLines, { listId, text: 'LM358, 5' })).toMatchObject(readOnly);
      expect((await reader.browser.callOk(purchaseListCalls.addToCart, { listId })).added).toHaveLength(1);
    }
    expect((await buyer.browser.callOk(purchaseListCalls.updateLine, { listId, lineId, quantity: 30, customerPartNo: 'ZB-01' })).lines[0]).toMatchObject({
      quantity: 30,
      customerPartNo: 'ZB-01',
    });
    expect(await admin.browser.call(purchaseListCalls.rename, { listId, name: '主板物料V2' })).toMatchObject({
      code: 1,
      data: { name: '主板物料V2', canChange: true },
    });
    expect(await namesSeenBy(finance)).toEqual(['主板物料V2', '电源物料']);
  });

  it('keeps lists made before joining, and those of 审批 and 财务, the member’s own', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const buyer = await t.member();
    await manualList(buyer, '个人旧清单');
    await joinCompany(admin, buyer, 'buyer');
    const finance = await t.member();
    await joinCompany(admin, finance, 'finance');
    const financeListId = await manualList(finance, '财务自用');
    expect(await namesSeenBy(buyer)).toEqual(['个人旧清单']);
    expect(await namesSeenBy(admin)).toEqual([]);
    const own = (await finance.browser.callOk(purchaseListCalls.list, {})).lists;
    expect(own).toEqual([expect.objectContaining({ listId: financeListId, isShared: false, canChange: true })]);
    expect(await finance.browser.call(purchaseListCalls.rename, { listId: financeListId, name: '财务自用2' })).toMatchObject({ code: 1 });
    expect(await admin.browser.call(purchaseListCalls.detail, { listId: financeListId })).toMatchObject({ code: 404, errorCode: 'purchaseList.notFound' });
  });

  it('leaves the company’s lists with the company when a member is removed, and hides them from other companies', async () => {
    const { admin, buyer } = await companyOfFour();
    const listId = await manualList(buyer, '离职前清单');
    await admin.browser.callOk(companyCalls.removeMember, { userId: buyer.userId });
    expect(await namesSeenBy(buyer)).toEqual([]);
    expect(await buyer.browser.call(purchaseListCalls.detail, { listId })).toMatchObject({ code: 404 });
    expect(await namesSeenBy(admin)).toEqual(['离职前清单']);
    const otherAdmin = await t.member();
    await createTestCompany(otherAdmin);
    expect(await otherAdmin.browser.call(purchaseListCalls.remove, { listId })).toMatchObject({ code: 404, errorCode: 'purchaseList.notFound' });
    const page = pageStateOf<PurchaseListsData>((await admin.browser.get('/user/purchase-list')).body).data;
    expect(page.lists[0]).toMatchObject({ name: '离职前清单', isShared: true, canChange: true });
  });

  it(`makes exactly one list when two buyers save at once at ${String(purchaseListLimits.listsPerMember - 1)} company lists`, async () => {
    const admin = await t.member();
    const { company } = await createTestCompany(admin);
    const buyer = await t.member();
    await joinCompany(admin, buyer, 'buyer');
    const now = Date.now();
    await t.db.kysely
      .insertInto('purchaseLists')
      .values(
        Array.from({ length: purchaseListLimits.listsPerMember - 1 }, (_, index) => ({
          userId: admin.userId,
          companyId: company?.companyId ?? 0,
          name: `企业清单 ${String(index)}`,
          source: 'manual' as const,
          sourceRef: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const answers = await Promise.all(
      [admin, buyer, admin, buyer].map((member, index) =>
        member.browser.call(purchaseListCalls.create, { name: `并发 ${String(index)}`, origin: { kind: 'manual' } }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'purchaseList.tooManyLists')).toHaveLength(3);
    expect((await buyer.browser.callOk(purchaseListCalls.list, {})).lists).toHaveLength(purchaseListLimits.listsPerMember);
  });
});

async function codeOf(productId: number): Promise<string> {
  const row = await t.db.kysely.selectFrom('products').select('code').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.code;
}
