import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../contract/pricing.ts';
import { quotationDeskMessages, quotationDeskPaths, type QuotationDeskRow } from '../../../contract/console/quotation.ts';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { quotationDeskRequests } from '../../../contract/console/quotation-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import { registerStaffExport, type StaffExportColumn } from '../staff/grid-query.ts';
import {
  closeQuotationByStaff,
  exportQuotationDesk,
  listQuotationDesk,
  loadQuotationDeskDetail,
  lookupPartForQuotation,
  requoteQuotationOffer,
  sendQuotationOffer,
} from './quotation-desk.service.ts';

const quotationExportColumns: StaffExportColumn<QuotationDeskRow>[] = [
  { header: '报价单号', value: (row) => row.quotationNo },
  { header: '状态', value: (row) => row.statusLabel },
  { header: '会员手机', value: (row) => row.memberPhone },
  { header: '型号数', value: (row) => row.lineCount },
  { header: '会员已选型号', value: (row) => row.chosenCount },
  { header: '报价总额', value: (row) => (row.totalCents === null ? '' : formatCents(row.totalCents)) },
  { header: '提交时间', value: (row) => row.createdAtStr },
  { header: '有效期至', value: (row) => row.validUntilStr },
];

/** 报价管理: read by the sales role (manage Quotation) and administrators; sending and closing audited. */
export function registerQuotationDeskRoutes(app: FastifyInstance, deps: FeatureDeps) {
  registerStaffCalls(app, quotationDeskCalls, quotationDeskRequests, {
    list: ({ body }) => listQuotationDesk(deps.db, body),
    detail: ({ body, actor }) => loadQuotationDeskDetail(deps, body.quotationId, actor.staff),
    lookupPart: ({ body }) => lookupPartForQuotation(deps, body),
    async send({ body, actor }) {
      return new WithMessage(await sendQuotationOffer(deps, actor, body), quotationDeskMessages.sent);
    },
    async requote({ body, actor }) {
      return new WithMessage(await requoteQuotationOffer(deps, actor, body), quotationDeskMessages.requoted);
    },
    bulkClose: ({ body, actor }) =>
      changeEachOfBulk(body.quotationIds, (quotationId) => closeQuotationByStaff(deps, actor, { quotationId, reason: body.reason })),
    async close({ body, actor }) {
      return new WithMessage(await closeQuotationByStaff(deps, actor, body), quotationDeskMessages.closed);
    },
  });
  registerStaffExport(app, {
    path: quotationDeskPaths.export,
    permission: { action: 'export', subject: 'Quotation' },
    schema: quotationDeskRequests.list,
    fileName: '报价单列表',
    columns: quotationExportColumns,
    load: (query) => exportQuotationDesk(deps.db, query),
  });
}
