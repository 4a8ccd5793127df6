import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from '../order/testing/order-fixture.ts';

/** 客户料号 on cart lines (issue 28): set in the cart, remembered per member and part by placement, filled in on the next add. */
describe('cart: 客户料号 per line and the member’s memory of it', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  const lineOf = async (member: SignedInMember, productId: number) =>
    (await member.browser.callOk(cartCalls.queryList, {})).lines.find((line) => line.product.productId === productId);

  /** Puts the part in the cart alone, with this 客户料号, and orders it. */
  async function orderWith(member: SignedInMember, productId: number, customerPartNo: string): Promise<void> {
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo });
    const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser) });
    expect(answer.code, answer.msg).toBe(1);
  }

  it('sets, trims and clears a line’s 客户料号 and answers the cart with it', async () => {
    const productId = await insertPart(t.db.kysely, t.fixture.catalog);
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect((await lineOf(member, productId))?.customerPartNo).toBe('');
    const cart = await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo: '  ACME-R-0001  ' });
    expect(cart.lines.find((line) => line.product.productId === productId)?.customerPartNo).toBe('ACME-R-0001');
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo: '' });
    expect((await lineOf(member, productId))?.customerPartNo).toBe('');
  });

  it('refuses a 客户料号 too long or with invisible characters, in the rule’s words, and a part not in the cart', async () => {
    const productId = await insertPart(t.db.kysely, t.fixture.catalog);
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect(await member.browser.call(cartCalls.updateCustomerPartNo, { productId, customerPartNo: 'C'.repeat(41) })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
      msg: '客户料号不能超过40个字符',
    });
    expect(await member.browser.call(cartCalls.updateCustomerPartNo, { productId, customerPartNo: 'R\t1' })).toMatchObject({
      code: 400,
      msg: '客户料号只能包含可见字符，不能含换行、制表符等',
    });
    expect((await lineOf(member, productId))?.customerPartNo).toBe('');
    const other = await insertPart(t.db.kysely, t.fixture.catalog);
    expect(await member.browser.call(cartCalls.updateCustomerPartNo, { productId: other, customerPartNo: 'X' })).toMatchObject({
      code: 404,
      errorCode: 'cart.lineMissing',
    });
    expect(await t.browser().call(cartCalls.updateCustomerPartNo, { productId, customerPartNo: 'X' })).toMatchObject({ code: 401 });
  });

  it('fills in the 客户料号 the member last ordered a part under when the part is added again, and only for that member', async () => {
    const productId = await insertPart(t.db.kysely, t.fixture.catalog);
    const member = await t.member();
    await orderWith(member, productId, 'ACME-R-0001');
    expect(await lineOf(member, productId)).toBeUndefined();
    const remembered = await t.db.kysely.selectFrom('customerPartNumbers').selectAll().where('userId', '=', member.userId).execute();
    expect(remembered).toMatchObject([{ productId, customerPartNo: 'ACME-R-0001' }]);

    expect((await member.browser.callOk(cartCalls.add, { productId, quantity: 10 })).isNewLine).toBe(true);
    expect((await lineOf(member, productId))?.customerPartNo).toBe('ACME-R-0001');

    const stranger = await t.member();
    await stranger.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect((await lineOf(stranger, productId))?.customerPartNo).toBe('');
  });

  it('keeps a line’s own 客户料号 when more of the part is added, and the memory when an order carries none', async () => {
    const productId = await insertPart(t.db.kysely, t.fixture.catalog);
    const member = await t.member();
    await orderWith(member, productId, 'OLD-1');
    await orderWith(member, productId, 'NEW-2');
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect((await lineOf(member, productId))?.customerPartNo).toBe('NEW-2');
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo: 'EDITED-3' });
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect(await lineOf(member, productId)).toMatchObject({ quantity: 20, customerPartNo: 'EDITED-3' });

    // Ordered without one: the part's remembered 客户料号 stays.
    await member.browser.callOk(cartCalls.updateCustomerPartNo, { productId, customerPartNo: '' });
    const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser) });
    expect(answer.code, answer.msg).toBe(1);
    await member.browser.callOk(cartCalls.add, { productId, quantity: 10 });
    expect((await lineOf(member, productId))?.customerPartNo).toBe('NEW-2');
  });
});
