import { z } from 'zod';
import { gridQuerySchema } from '../staff-grid-requests.ts';
import { contactSortColumns, memberDeskLimits, memberDeskMessages } from '../member-desk.ts';

const invalid = '请求参数有误';
const textFilter = (max: number, tooLong: string) => z.string(invalid).trim().max(max, tooLong).optional();
const id = z.number('留言不存在').int('留言不存在').min(1, '留言不存在').max(2_147_483_647, '留言不存在');

/** 联系留言. */
export const contactDeskRequests = {
  list: gridQuerySchema(contactSortColumns, {
    status: z.enum(['new', 'handled'], invalid).optional(),
    keyword: textFilter(40, '关键词最多40个字'),
  }),
  markHandled: z.object({
    id,
    note: z.string(invalid).trim().max(memberDeskLimits.noteMax, memberDeskMessages.noteLong),
  }),
};
