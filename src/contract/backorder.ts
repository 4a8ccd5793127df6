import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { beijingDateAfterDays } from './time.ts';

/**
 * Back orders with dates (issue 28, decision 0031): a line short of stock is ordered with its part's
 * factory lead time, and the units it waits for are expected on 预计到货 = today (Beijing) + the lead
 * weeks. Staff move the date with a reason; every move tells the buyer. A part without a lead time is
 * back ordered as before, with no date.
 */

/** A line short of stock whose part has a factory lead time: when the rest should arrive. */
export interface BackOrderDate {
  /** 工厂交期, weeks (1–104). */
  leadWeeks: number;
  /** 预计到货, Beijing yyyy-MM-dd. */
  expectedDate: string;
}

export function backOrderDateOf(now: number, leadWeeks: number | null): BackOrderDate | null {
  if (leadWeeks === null) return null;
  return { leadWeeks, expectedDate: beijingDateAfterDays(now, leadWeeks * 7) };
}

/** How far ahead staff may move a date: the lead times' own limit (104 weeks), and a little. */
export const backOrderDateMaxDays = 800;
export const backOrderReasonMax = 100;

export const backOrderMessages = {
  dateInvalid: '请填写有效的预计到货日期（如 2026-03-01）',
  reasonMissing: '请填写变更原因',
  reasonLong: `变更原因最多${String(backOrderReasonMax)}个字`,
  lineMissing: '请选择缺货商品',
  quantityInvalid: '到货数量须为大于0的整数',
  dateMoved: '预计到货日期已变更，已通知买家',
  stockReceived: '到货已登记，已分配给等待的订单',
} as const;

export const backOrderErrors = defineErrors('backorder', {
  dateInvalid: { code: ResultCode.badRequest, msg: backOrderMessages.dateInvalid },
  lineNotWaiting: { code: ResultCode.conflict, msg: '该商品已不在缺货等待中（可能已到货或订单已取消），请刷新页面' },
  orderNotOpen: { code: ResultCode.conflict, msg: '订单已取消或已关闭，不能再变更预计到货日期' },
  dateInPast: { code: ResultCode.badRequest, msg: '预计到货日期不能早于今天' },
  dateTooFar: { code: ResultCode.badRequest, msg: `预计到货日期不能晚于${String(backOrderDateMaxDays)}天之后` },
  dateUnchanged: { code: ResultCode.badRequest, msg: '新的预计到货日期与原日期相同' },
  dateChangedMeanwhile: { code: ResultCode.conflict, msg: '预计到货日期刚被他人修改，请刷新页面后重试' },
});

/** The buyer's message and the order's timeline when staff move a date: "预计到货日期变更：原 X，现 Y". */
export function dateMovedText(from: string | null, to: string): string {
  return `预计到货日期变更：原 ${from ?? '未定'}，现 ${to}`;
}

/** What the buyer reads beside a line still waiting: 缺货 with its 预计 date, or none known. */
export function expectedDateNote(expectedDate: string | null): string {
  return expectedDate === null ? '到货日期待定' : `预计 ${expectedDate} 到货`;
}
