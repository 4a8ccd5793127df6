import { z } from 'zod';
import { memberDeskLimits, memberDeskMessages, memberSortColumns } from '../member-desk.ts';
import { memberLevels } from '../member.ts';
import { gridBulkMax } from '../staff-grid.ts';
import { gridDayFilter, gridFlagFilter, gridQuerySchema } from '../staff-grid-requests.ts';

const invalid = '请求参数有误';
const id = (missing: string) => z.number(missing).int(missing).min(1, missing).max(2_147_483_647, missing);
const userId = id(memberDeskMessages.memberMissing);
const day = gridDayFilter('日期格式应为 YYYY-MM-DD');
const textFilter = (max: number, tooLong: string) => z.string(invalid).trim().max(max, tooLong).optional();
const levelNames = memberLevels.map((level) => level.name) as [string, ...string[]];

/** 会员管理 and 专属销售. */
export const memberDeskRequests = {
  list: gridQuerySchema(memberSortColumns, {
    phone: textFilter(11, '手机号最多11位'),
    userNumber: textFilter(20, '会员编号最多20位'),
    nickName: textFilter(20, '昵称最多20个字'),
    level: z.enum(levelNames, invalid).optional(),
    disabled: gridFlagFilter,
    registeredFrom: day,
    registeredTo: day,
  }),
  detail: z.object({ userId }),
  setDisabled: z.object({ userId, isDisabled: z.boolean(invalid) }),
  /** Each member on its own: one already in the state asked for is reported, the others change. */
  bulkSetDisabled: z.object({
    userIds: z.array(userId, memberDeskMessages.membersMissing).min(1, memberDeskMessages.membersMissing).max(gridBulkMax, memberDeskMessages.bulkTooMany),
    isDisabled: z.boolean(invalid),
    reason: z
      .string(memberDeskMessages.reasonMissing)
      .trim()
      .min(1, memberDeskMessages.reasonMissing)
      .max(memberDeskLimits.noteMax, memberDeskMessages.reasonLong),
  }),
  assignRep: z.object({
    userIds: z
      .array(userId, memberDeskMessages.membersMissing)
      .min(1, memberDeskMessages.membersMissing)
      .max(memberDeskLimits.bulkMax, memberDeskMessages.tooMany),
    /** null: the members no longer have a dedicated rep. */
    repId: id(memberDeskMessages.repMissing).nullable(),
  }),
  reps: z.object({}),
  saveRep: z.object({
    staffId: id(memberDeskMessages.notSalesStaff),
    operatorName: z.string(memberDeskMessages.repNameMissing).trim().min(1, memberDeskMessages.repNameMissing).max(20, '销售姓名最多20个字'),
    operatorMobile: z
      .string(memberDeskMessages.repMobileInvalid)
      .trim()
      .regex(/^1\d{10}$/, memberDeskMessages.repMobileInvalid),
    operatorQq: z
      .string(invalid)
      .trim()
      .regex(/^(\d{5,12})?$/, 'QQ号应为5-12位数字'),
    operatorWechat: z.string(invalid).trim().max(40, '微信号最多40个字符'),
  }),
  myMembers: z.object({}),
  repMember: z.object({ userId }),
};
