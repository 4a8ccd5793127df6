import { z } from 'zod';
import { gridDayFilter, gridQuerySchema } from '../staff-grid-requests.ts';
import { supplierSortColumns } from '../member-desk.ts';
import { supplierLimits, supplierMessages } from '../supplier.ts';

const invalid = '请求参数有误';
const textFilter = (max: number, tooLong: string) => z.string(invalid).trim().max(max, tooLong).optional();
const day = gridDayFilter('日期格式应为 YYYY-MM-DD');
const id = z.number('申请不存在').int('申请不存在').min(1, '申请不存在').max(2_147_483_647, '申请不存在');

/** 供应商审核. */
export const supplierDeskRequests = {
  list: gridQuerySchema(supplierSortColumns, {
    status: z.enum(['pending', 'approved', 'rejected'], invalid).optional(),
    keyword: textFilter(40, '关键词最多40个字'),
    createdFrom: day,
    createdTo: day,
  }),
  detail: z.object({ id }),
  review: z.object({
    id,
    decision: z.enum(['approve', 'reject'], '请选择通过或驳回'),
    reason: z.string(invalid).trim().max(supplierLimits.reasonMax, supplierMessages.reasonLong),
  }),
};
