import type { FastifyInstance } from 'fastify';
import { contactDeskCalls } from '../../../contract/console/contact-desk-calls.ts';
import { contactDeskRequests } from '../../../contract/console/contact-desk-requests.ts';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { memberDeskRequests } from '../../../contract/console/member-desk-requests.ts';
import { supplierDeskCalls } from '../../../contract/console/supplier-desk-calls.ts';
import { supplierDeskRequests } from '../../../contract/console/supplier-desk-requests.ts';
import {
  memberDeskMessages,
  memberExportPath,
  supplierDocumentPath,
  supplierExportPath,
  type MemberDeskRow,
  type SupplierDeskRow,
} from '../../../contract/member-desk.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { SupplierDecision } from '../../../contract/supplier.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffExport, type StaffExportColumn } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { consoleRoute } from '../staff/staff-access.ts';
import {
  assignRep,
  bulkSetMembersDisabled,
  exportMembers,
  listMembers,
  listMyMembers,
  listReps,
  loadMemberDetail,
  loadRepMemberView,
  saveRep,
  setMemberDisabled,
} from './member-desk.service.ts';
import {
  exportSupplierDesk,
  listContactDesk,
  listSupplierDesk,
  loadSupplierDesk,
  markContactHandled,
  openSupplierDocument,
  reviewSupplierDesk,
} from './service-desk.service.ts';

const memberExportColumns: StaffExportColumn<MemberDeskRow>[] = [
  { header: '会员编号', value: (row) => row.userNumber },
  { header: '昵称', value: (row) => row.nickName },
  { header: '手机号', value: (row) => row.phone },
  { header: '等级', value: (row) => row.levelName },
  { header: '累计消费', value: (row) => formatCents(row.paidCents) },
  { header: '成交订单数', value: (row) => row.orderCount },
  { header: '专属销售', value: (row) => row.repName },
  { header: '注册时间', value: (row) => row.registeredAtStr },
  { header: '状态', value: (row) => (row.isDisabled ? '已停用' : '正常') },
];

const supplierExportColumns: StaffExportColumn<SupplierDeskRow>[] = [
  { header: '申请编号', value: (row) => row.applicationNo },
  { header: '公司', value: (row) => row.companyName },
  { header: '联系人', value: (row) => row.contactName },
  { header: '电话', value: (row) => row.phone },
  { header: '状态', value: (row) => row.statusLabel },
  { header: '申请时间', value: (row) => row.createdAtStr },
  { header: '审核人', value: (row) => row.reviewer },
];
/** The supplier applications: the list and review calls, the export, and each application's documents. */
function registerSupplierDeskRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  registerStaffCalls(app, supplierDeskCalls, supplierDeskRequests, {
    list: ({ body }) => listSupplierDesk(db, body),
    detail: ({ body }) => loadSupplierDesk(deps, body.id),
    async review({ body, actor }) {
      const decision = body.decision === 'approve' ? SupplierDecision.approve : SupplierDecision.reject;
      const row = await reviewSupplierDesk(deps, actor, { id: body.id, decision, reason: body.reason });
      return new WithMessage(row, decision === SupplierDecision.approve ? memberDeskMessages.approved : memberDeskMessages.rejected);
    },
  });

  registerStaffExport(app, {
    path: supplierExportPath,
    permission: { action: 'export', subject: 'SupplierApplication' },
    schema: supplierDeskRequests.list,
    fileName: '供应商申请',
    columns: supplierExportColumns,
    load: (query) => exportSupplierDesk(db, query),
  });

  // The licence and certificates of an application: to staff who may read applications (a visitor to the login, another role 403), never kept by a shared cache.
  const readApplications = { staffAccess: { action: 'read', subject: 'SupplierApplication' }, staffRefusal: 'file' } as const;
  const documentRoute = consoleRoute(`${supplierDocumentPath}/:applicationId/:position`);
  app.get<{ Params: { applicationId: string; position: string } }>(documentRoute, { config: readApplications }, async (request, reply) => {
    const refuse = (status: number, text: string) => reply.status(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
    const applicationId = Number(request.params.applicationId);
    const position = Number(request.params.position);
    if (!Number.isSafeInteger(applicationId) || !Number.isSafeInteger(position) || position < 0) return refuse(404, memberDeskMessages.documentMissing);
    const document = await openSupplierDocument(deps, applicationId, position);
    if (!document) return refuse(404, memberDeskMessages.documentMissing);
    if (document.kind === 'redirect') return reply.redirect(document.url);
    if (document.file.mime === 'application/pdf') void reply.header('content-disposition', 'attachment');
    return reply
      .type(document.file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', document.file.bytes)
      .send(document.file.stream);
  });
}

export function registerMemberDeskRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  registerStaffCalls(app, memberDeskCalls, memberDeskRequests, {
    list: ({ body }) => listMembers(db, body),
    detail: ({ body }) => loadMemberDetail(db, body.userId),
    async setDisabled({ body, actor }) {
      const row = await setMemberDisabled(db, actor, body.userId, body.isDisabled);
      return new WithMessage(row, body.isDisabled ? memberDeskMessages.disabled : memberDeskMessages.enabled);
    },
    async bulkSetDisabled({ body, actor }) {
      return bulkSetMembersDisabled(db, actor, body.userIds, body.isDisabled, body.reason);
    },
    async assignRep({ body, actor }) {
      const result = await assignRep(db, actor, body.userIds, body.repId);
      return new WithMessage(result, body.repId === null ? memberDeskMessages.repRemoved : memberDeskMessages.repAssigned);
    },
    reps: () => listReps(db),
    async saveRep({ body, actor }) {
      const { staffId, ...card } = body;
      return new WithMessage(await saveRep(db, actor, staffId, card), memberDeskMessages.repSaved);
    },
    myMembers: async ({ actor }) => (await listMyMembers(db, actor.staff)) ?? [],
    repMember: ({ body, actor }) => loadRepMemberView(db, actor.staff, body.userId),
  });

  // The list carries phone numbers: exporting it is the member desk's own (export), not every reader's.
  registerStaffExport(app, {
    path: memberExportPath,
    permission: { action: 'export', subject: 'Member' },
    schema: memberDeskRequests.list,
    fileName: '会员列表',
    columns: memberExportColumns,
    load: (query) => exportMembers(db, query),
  });

  registerStaffCalls(app, contactDeskCalls, contactDeskRequests, {
    list: ({ body }) => listContactDesk(db, body),
    async markHandled({ body, actor }) {
      return new WithMessage(await markContactHandled(db, actor, body.id, body.note), memberDeskMessages.handled);
    },
  });

  registerSupplierDeskRoutes(app, deps);
}
