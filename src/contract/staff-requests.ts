import { z } from 'zod';
import { staffDeskMessages, staffMessages, staffRoles } from './staff.ts';
import { isCalendarDay } from './staff-grid.ts';
import { gridFlagFilter, gridQuerySchema, gridTextFilter } from './staff-grid-requests.ts';

export const staffRequests = {
  login: z.object({
    login: z.string(staffMessages.loginMissing).trim().min(1, staffMessages.loginMissing).max(64, staffMessages.loginMissing),
    password: z.string(staffMessages.passwordMissing).min(1, staffMessages.passwordMissing).max(200, staffMessages.passwordMissing),
    code: z
      .string(staffMessages.codeInvalid)
      .trim()
      .regex(/^\d{6}$/, staffMessages.codeInvalid),
    returnPath: z.string().max(500).optional(),
  }),
  logout: z.object({}),
};

const staffId = z
  .number(staffDeskMessages.staffMissing)
  .int(staffDeskMessages.staffMissing)
  .min(1, staffDeskMessages.staffMissing)
  .max(2_147_483_647, staffDeskMessages.staffMissing);
const role = z.enum(staffRoles, '请选择角色');

/** 员工管理's columns that sort. */
export const staffSortColumns = ['login', 'displayName', 'role', 'status', 'createdAt', 'updatedAt'] as const;

/** 员工管理 (admin only): the list filters by login and name (parts of them), role, disabled or not. */
export const staffDeskRequests = {
  list: gridQuerySchema(staffSortColumns, {
    login: gridTextFilter(32, '登录名不能超过32个字符'),
    name: gridTextFilter(32, '显示名不能超过32个字'),
    role: z.enum(staffRoles, '请求参数有误').optional(),
    disabled: gridFlagFilter,
  }),
  create: z.object({
    login: z
      .string('请输入登录名')
      .trim()
      .regex(/^[A-Za-z0-9_.-]{2,32}$/, '登录名为2-32位字母、数字、点、下划线或连字符'),
    displayName: z.string('请输入显示名').trim().min(1, '请输入显示名').max(32, '显示名为1-32个字符'),
    role,
    password: z.string(staffMessages.passwordWeak).max(200, staffMessages.passwordWeak),
  }),
  setRole: z.object({ staffId, role }),
  setDisabled: z.object({ staffId, isDisabled: z.boolean('请求参数有误') }),
  resetTotp: z.object({ staffId }),
  unlock: z.object({ staffId }),
};

const day = z
  .string('日期格式应为 YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(isCalendarDay, '日期格式应为 YYYY-MM-DD')
  .optional();

/** 操作日志: who (a staff name's part), what (a subject), when (Beijing dates, both ends included). */
export const auditFilter = z.object({
  staffName: z.string('请求参数有误').trim().max(32, '员工姓名不能超过32个字').optional(),
  subject: z.string('请求参数有误').trim().max(32, '请求参数有误').optional(),
  from: day,
  to: day,
});

export const auditSortColumns = ['at', 'staffName', 'action', 'subject'] as const;

export const auditDeskRequests = {
  search: gridQuerySchema(auditSortColumns, auditFilter.shape),
};
