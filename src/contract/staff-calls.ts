import type { z } from 'zod';
import type { StaffLoginResponse } from './staff.ts';
import type { staffRequests } from './staff-requests.ts';
import type { Call } from './call.ts';

type Requests = typeof staffRequests;

/** Who may make a console call: anyone (logging in) or a signed-in staff member. */
export type StaffAccess = 'anyone' | 'staff';

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
