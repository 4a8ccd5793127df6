import { describe, expect, it } from 'vitest';
import type { CompanyOrdersData } from '../../../contract/company-account.ts';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';
import { createTestCompany, joinCompany } from '../company-account/testing/company-fixture.ts';

const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

async function placeOrder(member: SignedInMember): Promise<string> {
  const productId = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 1000 });
  await fillCart(member.browser, [{ productId, quantity: 10 }]);
  const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser) });
  if (!answer.data) throw new Error(answer.msg);
  return answer.data.orderNo;
}

async function companyOrdersOf(member: SignedInMember): Promise<CompanyOrdersData> {
  const page = await member.browser.get('/user/company/orders');
  expect(page.statusCode).toBe(200);
  return pageStateOf<CompanyOrdersData>(page.body).data;
}

describe('公司订单', () => {
  it('lists the orders members placed while in the company, with who placed each, to 管理员, 审批 and 财务', async () => {
    const admin = await t.member({ nickName: '管理员甲' });
    await createTestCompany(admin, '深圳订单测试有限公司');
    const buyer = await t.member({ nickName: '采购乙' });
    const before = await placeOrder(buyer);
    await joinCompany(admin, buyer, 'buyer');
    const [approver, finance] = [await t.member(), await t.member()];
    await joinCompany(admin, approver, 'approver');
    await joinCompany(admin, finance, 'finance');
    const whileMember = await placeOrder(buyer);
    const byAdmin = await placeOrder(admin);

    for (const viewer of [admin, approver, finance]) {
      const data = await companyOrdersOf(viewer);
      expect(data).toMatchObject({ companyName: '深圳订单测试有限公司', refusal: '', total: 2, page: 1 });
      expect(data.orders.map((order) => [order.orderNo, order.buyerName, order.buyerRole])).toEqual([
        [byAdmin, '管理员甲', 'admin'],
        [whileMember, '采购乙', 'buyer'],
      ]);
      expect(data.orders.map((order) => order.orderNo)).not.toContain(before);
    }

    // Removed, the buyer's orders from their time in the company stay; later ones are their own.
    await admin.browser.callOk(companyCalls.removeMember, { userId: buyer.userId });
    const after = await placeOrder(buyer);
    const data = await companyOrdersOf(finance);
    expect(data.orders.map((order) => [order.orderNo, order.buyerRole])).toEqual([
      [byAdmin, 'admin'],
      [whileMember, null],
    ]);
    expect(data.orders.map((order) => order.orderNo)).not.toContain(after);
  });

  it('leaves out a member’s sandbox orders (placed with an open API test key): they are no one’s purchases', async () => {
    const admin = await t.member();
    await createTestCompany(admin, '深圳沙箱测试有限公司');
    const [live, sandbox] = [await placeOrder(admin), await placeOrder(admin)];
    await t.db.kysely.updateTable('orders').set({ isSandbox: 1 }).where('orderNo', '=', sandbox).execute();
    const data = await companyOrdersOf(admin);
    expect(data.total).toBe(1);
    expect(data.orders.map((order) => order.orderNo)).toEqual([live]);
  });

  it('refuses the page to a 采购 and to a member without a company, showing no order', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    await placeOrder(admin);
    const buyer = await t.member();
    await joinCompany(admin, buyer, 'buyer');
    expect(await companyOrdersOf(buyer)).toMatchObject({ refusal: '您在企业中的角色无权进行此操作', orders: [], total: 0, companyName: '' });
    expect(await companyOrdersOf(await t.member())).toMatchObject({ refusal: '您还没有加入企业账户', orders: [], total: 0 });
    expect((await t.browser().get('/user/company/orders')).statusCode).toBe(302);
  });
});
