import type { Kysely } from 'kysely';
import { companyCalls } from '../../../../contract/company-account-calls.ts';
import { MessageType, type MessageTypeCode } from '../../../../contract/message.ts';
import type { PlacedOrder } from '../../../../contract/order.ts';
import type { Database } from '../../../db/database.ts';
import type { SignedInMember, UsedTestApp } from '../../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from '../../company-account/testing/company-fixture.ts';
import { fillCart, insertPart, previewAndPlace, saveShanghaiAddress, type OrderCatalog } from './order-fixture.ts';

/** A company with a 管理员, a 采购, an 审批 and a 财务, its 审批金额 set (decision 0029). */
export interface ApprovalCompany {
  admin: SignedInMember;
  buyer: SignedInMember;
  approver: SignedInMember;
  finance: SignedInMember;
}

export async function createApprovalCompany(t: UsedTestApp<unknown>, thresholdYuan: string, name = '深圳审批测试有限公司'): Promise<ApprovalCompany> {
  const admin = await t.member({ nickName: '王管理' });
  await createTestCompany(admin, name);
  const [buyer, approver, finance] = [await t.member({ nickName: '赵采购' }), await t.member({ nickName: '钱审批' }), await t.member({ nickName: '孙财务' })];
  await joinCompany(admin, buyer, 'buyer');
  await joinCompany(admin, approver, 'approver');
  await joinCompany(admin, finance, 'finance');
  await admin.browser.callOk(companyCalls.setApprovalThreshold, { threshold: thresholdYuan });
  return { admin, buyer, approver, finance };
}

/** A part at ¥1.00 a unit with `stock` units. */
export function insertYuanPart(db: Kysely<Database>, catalog: OrderCatalog, stock = 1000): Promise<number> {
  return insertPart(db, catalog, { stock, prices: [{ qtyStart: 1, priceE4: 10_000 }] });
}

/** The member orders `quantity` units of the part (¥1.00 each, so goods of ¥quantity) by the cart, as the page does. */
export async function placeUnits(member: SignedInMember, productId: number, quantity: number): Promise<PlacedOrder> {
  await fillCart(member.browser, [{ productId, quantity }]);
  const { answer } = await previewAndPlace(member.browser, { addressId: await saveShanghaiAddress(member.browser) });
  if (!answer.data) throw new Error(answer.msg);
  return answer.data;
}

export async function messagesOf(db: Kysely<Database>, userId: number, type: MessageTypeCode = MessageType.order): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', type).orderBy('id').execute();
  return rows.map((row) => row.msgContent);
}
