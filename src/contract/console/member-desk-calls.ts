import type { GridBulkResult, GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';
import type { memberDeskRequests } from './member-desk-requests.ts';
import type { MemberDeskDetail, MemberDeskRow, RepMemberRow, RepMemberView, SalesRepRow, SalesStaffChoice } from '../member-desk.ts';

type Members = typeof memberDeskRequests;
const readMember = { action: 'read', subject: 'Member' } as const;
const updateMember = { action: 'update', subject: 'Member' } as const;

/** /admin/api/members/…: 会员管理 and the dedicated reps; every change audited. */
export const memberDeskCalls = {
  list: staffCall<Members['list'], GridPage<MemberDeskRow>>('/admin/api/members/list', readMember),
  detail: staffCall<Members['detail'], MemberDeskDetail>('/admin/api/members/detail', readMember),
  setDisabled: staffCall<Members['setDisabled'], MemberDeskRow>('/admin/api/members/setDisabled', updateMember),
  bulkSetDisabled: staffCall<Members['bulkSetDisabled'], GridBulkResult>('/admin/api/members/bulkSetDisabled', updateMember),
  assignRep: staffCall<Members['assignRep'], { count: number }>('/admin/api/members/assignRep', updateMember),
  reps: staffCall<Members['reps'], { reps: SalesRepRow[]; salesStaff: SalesStaffChoice[] }>('/admin/api/members/reps', readMember),
  saveRep: staffCall<Members['saveRep'], SalesRepRow>('/admin/api/members/saveRep', updateMember),
  /** A rep's own members, and one of them read only: another rep's member is refused. */
  myMembers: staffCall<Members['myMembers'], RepMemberRow[]>('/admin/api/members/myMembers', readMember),
  repMember: staffCall<Members['repMember'], RepMemberView>('/admin/api/members/repMember', readMember),
};
