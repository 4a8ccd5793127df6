import type { FastifyInstance } from 'fastify';
import { safeStaffReturnPath, staffMessages } from '../../../contract/staff.ts';
import { staffAuthCalls } from '../../../contract/staff-calls.ts';
import { staffRequests } from '../../../contract/staff-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import { registerStaffCalls } from './staff-api-route.ts';
import { endStaffSession, startStaffSession, type StaffSessionDeps } from './staff-session.ts';
import { authenticateStaff } from './staff.service.ts';

export function registerStaffAuthRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  registerStaffCalls(app, deps, staffAuthCalls, staffRequests, {
    async login({ body, request, reply }) {
      const staff = await authenticateStaff(deps.db, body);
      await startStaffSession(request, reply, deps, staff.id);
      return { staff, returnPath: safeStaffReturnPath(body.returnPath) };
    },
    async logout({ request, reply }) {
      await endStaffSession(request, reply, deps);
      return new WithMessage(null, staffMessages.loggedOut);
    },
  });
}
