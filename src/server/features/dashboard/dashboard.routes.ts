import type { FastifyInstance } from 'fastify';
import { dashboardCalls } from '../../../contract/console/dashboard-calls.ts';
import { dashboardRequests } from '../../../contract/console/dashboard-requests.ts';
import { staffErrors } from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { loadDashboard } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerStaffCalls(app, dashboardCalls, dashboardRequests, {
    summary({ staff }) {
      if (!staff) throw new AppError(staffErrors.loginRequired);
      return loadDashboard(deps.db, staff.role);
    },
  });
}
