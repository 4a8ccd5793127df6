import type { FastifyInstance } from 'fastify';
import { safeStaffReturnPath, staffDeskMessages, staffMessages, type StaffIdentity } from '../../../contract/staff.ts';
import { auditDeskCalls, staffAuthCalls, staffDeskCalls } from '../../../contract/staff-calls.ts';
import { auditDeskRequests, auditFilter, staffDeskRequests, staffRequests } from '../../../contract/staff-requests.ts';
import { auditExportPath } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { exportAuditLog, searchAuditLog } from './audit.service.ts';
import { currentStaff } from './staff-session.ts';
import { WithMessage } from '../../http/api-route.ts';
import { registerStaffCalls } from './staff-api-route.ts';
import { endStaffSession, startStaffSession, type StaffSessionDeps } from './staff-session.ts';
import { authenticateStaff } from './staff.service.ts';
import { createStaffByAdmin, listStaff, resetStaffTotp, setStaffDisabled, setStaffRole, unlockStaff } from './staff-desk.service.ts';
import type { FastifyRequest } from 'fastify';
import { staffErrors } from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';

/** The caller of a call that needs a signed-in staff member (registerStaffCalls has checked), and their address. */
function actorOf(staff: StaffIdentity | null, request: FastifyRequest) {
  if (!staff) throw new AppError(staffErrors.loginRequired);
  return { staff, ip: request.ip };
}

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

/** 员工管理: admin only (the permissions of staffDeskCalls); every change audited. */
export function registerStaffDeskRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  registerStaffCalls(app, deps, staffDeskCalls, staffDeskRequests, {
    list: () => listStaff(deps.db),
    async create({ body, staff, request }) {
      return new WithMessage(await createStaffByAdmin(deps.db, actorOf(staff, request), body), staffDeskMessages.created);
    },
    async setRole({ body, staff, request }) {
      return new WithMessage(await setStaffRole(deps.db, actorOf(staff, request), body.staffId, body.role), staffDeskMessages.roleChanged);
    },
    async setDisabled({ body, staff, request }) {
      const row = await setStaffDisabled(deps.db, actorOf(staff, request), body.staffId, body.isDisabled);
      return new WithMessage(row, body.isDisabled ? staffDeskMessages.disabled : staffDeskMessages.enabled);
    },
    async resetTotp({ body, staff, request }) {
      return new WithMessage(await resetStaffTotp(deps.db, actorOf(staff, request), body.staffId), staffDeskMessages.totpReset);
    },
    async unlock({ body, staff, request }) {
      return new WithMessage(await unlockStaff(deps.db, actorOf(staff, request), body.staffId), staffDeskMessages.unlocked);
    },
  });
}

/** 操作日志: search with paging, and the same filter exported to Excel (a GET: it changes nothing). */
export function registerAuditRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  registerStaffCalls(app, deps, auditDeskCalls, auditDeskRequests, {
    search: ({ body }) => searchAuditLog(deps.db, body, body.page),
  });
  app.get(auditExportPath, async (request, reply) => {
    const staff = await currentStaff(request, deps);
    if (!staff) throw new AppError(staffErrors.loginRequired);
    if (!abilityFor(staff.role).can('export', 'AuditLog')) throw new AppError(staffErrors.forbidden);
    const parsed = auditFilter.safeParse(request.query ?? {});
    if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
    const workbook = await exportAuditLog(deps.db, parsed.data);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('操作日志.xlsx')}`)
      .send(workbook);
  });
}
