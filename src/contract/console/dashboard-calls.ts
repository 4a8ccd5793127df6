import { staffCall } from '../staff-calls.ts';
import type { dashboardRequests } from './dashboard-requests.ts';
import type { DashboardData } from '../dashboard.ts';

/** /admin/api/dashboard/…: the console's home figures. */
export const dashboardCalls = {
  summary: staffCall<(typeof dashboardRequests)['summary'], DashboardData>('/admin/api/dashboard/summary', { action: 'read', subject: 'Dashboard' }),
};
