import type { FastifyInstance } from 'fastify';
import { safeStaffReturnPath, staffDeskMessages, staffMessages } from '../../../contract/staff.ts';
import { auditDeskCalls, staffAuthCalls, staffDeskCalls } from '../../../contract/staff-calls.ts';
import { auditDeskRequests, staffDeskRequests, staffRequests } from '../../../contract/staff-requests.ts';
import { auditExportPath, staffExportPath } from '../../../contract/staff.ts';
import { auditExportColumns, exportAuditRows, searchAuditLog } from './audit.service.ts';
import { registerStaffExport } from './grid-query.ts';
import { WithMessage } from '../../http/api-route.ts';
import { registerStaffCalls } from './staff-api-route.ts';
import { endStaffSession, startStaffSession, type StaffSessionDeps } from './staff-session.ts';
import { authenticateStaff } from './staff.service.ts';
import {
  createStaffByAdmin,
  exportStaff,
  listStaff,
  resetStaffTotp,
  setStaffDisabled,
  setStaffRole,
  staffExportColumns,
  unlockStaff,
} from './staff-desk.service.ts';

export function registerStaffAuthRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  registerStaffCalls(app, staffAuthCalls, staffRequests, {
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
  registerStaffCalls(app, staffDeskCalls, staffDeskRequests, {
    list: ({ body }) => listStaff(deps.db, body),
    async create({ body, actor }) {
      return new WithMessage(await createStaffByAdmin(deps.db, actor, body), staffDeskMessages.created);
    },
    async setRole({ body, actor }) {
      return new WithMessage(await setStaffRole(deps.db, actor, body.staffId, body.role), staffDeskMessages.roleChanged);
    },
    async setDisabled({ body, actor }) {
      const row = await setStaffDisabled(deps.db, actor, body.staffId, body.isDisabled);
      return new WithMessage(row, body.isDisabled ? staffDeskMessages.disabled : staffDeskMessages.enabled);
    },
    async resetTotp({ body, actor }) {
      return new WithMessage(await resetStaffTotp(deps.db, actor, body.staffId), staffDeskMessages.totpReset);
    },
    async unlock({ body, actor }) {
      return new WithMessage(await unlockStaff(deps.db, actor, body.staffId), staffDeskMessages.unlocked);
    },
  });
  registerStaffExport(app, {
    path: staffExportPath,
    permission: { action: 'export', subject: 'Staff' },
    schema: staffDeskRequests.list,
    fileName: '员工列表',
    columns: staffExportColumns,
    load: (query) => exportStaff(deps.db, query),
  });
}

/** 操作日志: the grid, and the same filters and order exported to Excel (a GET: it changes nothing). */
export function registerAuditRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  registerStaffCalls(app, auditDeskCalls, auditDeskRequests, {
    search: ({ body }) => searchAuditLog(deps.db, body),
  });
  registerStaffExport(app, {
    path: auditExportPath,
    permission: { action: 'export', subject: 'AuditLog' },
    schema: auditDeskRequests.search,
    fileName: '操作日志',
    columns: auditExportColumns,
    load: (query) => exportAuditRows(deps.db, query),
  });
}
