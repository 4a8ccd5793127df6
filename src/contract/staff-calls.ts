import type { z } from 'zod';
import type { AuditRow, StaffCreatedResponse, StaffListRow, StaffLoginResponse, StaffTotpSetup } from './staff.ts';
import type { auditDeskRequests, staffDeskRequests, staffRequests } from './staff-requests.ts';
import type { Call } from './call.ts';
import type { GridPage } from './staff-grid.ts';
import type { StaffPermission } from './staff-permissions.ts';

type Requests = typeof staffRequests;

/** Who may make a console call: anyone (logging in), any signed-in staff member, or one whose role grants the permission. */
export type StaffAccess = 'anyone' | 'staff' | StaffPermission;

/** A console call (/admin/api/…): the staff cookie, never a member's, decides who calls. */
export interface StaffCall<Schema extends z.ZodType, Response> extends Call<Schema, Response, false> {
  readonly access: StaffAccess;
}

export type AnyStaffCall = StaffCall<z.ZodType, unknown>;

export function staffCall<Schema extends z.ZodType, Response>(path: string, access: StaffAccess): StaffCall<Schema, Response> {
  return { path, isMemberOnly: false, access };
}

export const staffAuthCalls = {
  login: staffCall<Requests['login'], StaffLoginResponse>('/admin/api/auth/login', 'anyone'),
  logout: staffCall<Requests['logout'], null>('/admin/api/auth/logout', 'staff'),
};

type DeskRequests = typeof staffDeskRequests;
const readStaff = { action: 'read', subject: 'Staff' } as const;
const updateStaff = { action: 'update', subject: 'Staff' } as const;

/** /admin/api/staff/…: 员工管理, every change written to the audit log. */
export const staffDeskCalls = {
  list: staffCall<DeskRequests['list'], GridPage<StaffListRow>>('/admin/api/staff/list', readStaff),
  create: staffCall<DeskRequests['create'], StaffCreatedResponse>('/admin/api/staff/create', { action: 'create', subject: 'Staff' }),
  setRole: staffCall<DeskRequests['setRole'], StaffListRow>('/admin/api/staff/setRole', updateStaff),
  setDisabled: staffCall<DeskRequests['setDisabled'], StaffListRow>('/admin/api/staff/setDisabled', updateStaff),
  resetTotp: staffCall<DeskRequests['resetTotp'], StaffTotpSetup>('/admin/api/staff/resetTotp', updateStaff),
  unlock: staffCall<DeskRequests['unlock'], StaffListRow>('/admin/api/staff/unlock', updateStaff),
};

/** /admin/api/audit/…: 操作日志, read only (the Excel export is GET auditExportPath?q= with the grid's filters and sort). */
export const auditDeskCalls = {
  search: staffCall<(typeof auditDeskRequests)['search'], GridPage<AuditRow>>('/admin/api/audit/search', { action: 'read', subject: 'AuditLog' }),
};
