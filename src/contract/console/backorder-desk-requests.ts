import { z } from 'zod';
import { backOrderMessages as m, backOrderReasonMax } from '../backorder.ts';
import { orderDeskMessages } from './orders.ts';

/** The order desk's back-order calls (decision 0031): move a waiting line's 预计到货, register units that arrived. */
const orderNo = z
  .string(orderDeskMessages.orderNoInvalid)
  .trim()
  .regex(/^[0-9A-Za-z]{6,32}$/, orderDeskMessages.orderNoInvalid);
const lineId = z.number(m.lineMissing).int(m.lineMissing).min(1, m.lineMissing).max(2_147_483_647, m.lineMissing);
const date = z
  .string(m.dateInvalid)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid);

export const adminBackOrderRequests = {
  moveDate: z.object({
    orderNo,
    lineId,
    expectedDate: date,
    reason: z.string(m.reasonMissing).trim().min(1, m.reasonMissing).max(backOrderReasonMax, m.reasonLong),
    /** The date the page showed (null: none): a move made meanwhile refuses this one. */
    seenDate: date.nullable().optional(),
  }),
  receiveStock: z.object({
    orderNo,
    lineId,
    quantity: z.number(m.quantityInvalid).int(m.quantityInvalid).min(1, m.quantityInvalid).max(10_000_000, m.quantityInvalid),
  }),
};
