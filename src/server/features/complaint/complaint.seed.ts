import { complaintLimits, ComplaintStatus, type ComplaintType } from '../../../contract/complaint.ts';
import type { Db } from '../../db/create-db.ts';
import { checkHasUser, findOrCreateMember } from '../account/account.service.ts';
import { listComplainableLines } from '../order/order-aftersales.service.ts';
import { insertComplaint } from './complaint.repository.ts';
import { newComplaintNo } from './complaint.service.ts';
import { fireStaffEvent, replyAsStaff } from './complaint-staff.service.ts';

const hourMs = 3_600_000;
/** The demo member of account.seed.ts (README). */
const demoMemberPhone = '13800138000';

const demoComplaints: { type: ComplaintType; description: string; staffReply: string; resolve: boolean }[] = [
  {
    type: 'quantity',
    description: '订单中该型号为整盘5000个，实际收到4000个，外包装完好，请核实发货数量。',
    staffReply: '您好，已联系仓库核对出库记录，核实后将为您补发差额，请留意物流信息。',
    resolve: false,
  },
  {
    type: 'damaged',
    description: '收到的芯片有3片引脚弯折，无法正常贴片，已拍照留存，申请换货。',
    staffReply: '您好，已为您安排换货，新件已随顺丰发出，旧件无需寄回。',
    resolve: true,
  },
];

/**
 * Two complaints of the demo member (13800138000) on lines of its shipped or completed demo orders:
 * one 处理中 with a staff reply, one 已解决; each staff step leaves the member a 退货消息.
 */
export async function seedComplaints(db: Db, now = Date.now()): Promise<number> {
  const k = db.kysely;
  if (!(await checkHasUser(k, demoMemberPhone))) return 0;
  const userId = await findOrCreateMember(k, { phone: demoMemberPhone, password: null, createdAt: now });
  const lines = await listComplainableLines(k, userId, complaintLimits.completedWindowDays, 10, now);
  const firstLineOfEachOrder = lines.filter((line, index) => lines.findIndex((other) => other.orderNo === line.orderNo) === index);
  let count = 0;
  for (const [index, demo] of demoComplaints.entries()) {
    const line = firstLineOfEachOrder[index];
    if (!line) break;
    const filedAt = now - (48 - index * 20) * hourMs;
    const complaintId = await insertComplaint(k, {
      complaintNo: newComplaintNo(filedAt),
      userId,
      orderId: line.orderId,
      orderLineId: line.id,
      type: demo.type,
      description: demo.description,
      status: ComplaintStatus.pending,
      createdAt: filedAt,
      updatedAt: filedAt,
    });
    await replyAsStaff(k, { complaintId, staffName: '王客服', text: demo.staffReply, now: filedAt + 2 * hourMs });
    if (demo.resolve) await fireStaffEvent(k, { complaintId, event: 'resolve', staffName: '王客服', now: filedAt + 6 * hourMs });
    count += 1;
  }
  return count;
}
