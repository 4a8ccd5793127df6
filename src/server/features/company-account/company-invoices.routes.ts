import type { FastifyInstance } from 'fastify';
import { loginPath } from '../../../contract/account.ts';
import { companyInvoiceCalls } from '../../../contract/company-account-calls.ts';
import { companyInvoiceRequests } from '../../../contract/company-account-requests.ts';
import { companyInvoicesExportPath, companyInvoicesPath, readCompanyInvoiceQuery } from '../../../contract/company-invoices.ts';
import { registerCalls } from '../../http/api-route.ts';
import { attachmentHeader, xlsxContentType } from '../../http/attachment-header.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { exportCompanyInvoices, listCompanyInvoices } from './company-invoices.service.ts';

/** The address's parameters that are single texts (a repeated one is dropped, as an unknown one is). */
function textParameters(query: unknown): Record<string, string> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * 公司发票: the list's call, and GET /user/company/invoices/export?state=&from=&to= (the page's 导出Excel link,
 * read as leniently as the page's address; a GET as the order export: it changes nothing). A visitor goes to
 * the login page, then to the list.
 */
export function registerCompanyInvoiceRoutes(app: FastifyInstance, deps: Pick<ServiceDeps, 'db' | 'counters'>): void {
  registerCalls(app, companyInvoiceCalls, companyInvoiceRequests, {
    list: ({ body, userId }) => listCompanyInvoices(deps.db, userId, body),
  });
  app.get(companyInvoicesExportPath, async (request, reply) => {
    const userId = request.visitor.userId;
    if (userId === null) return redirectTo(reply, loginPath(companyInvoicesPath));
    const file = await exportCompanyInvoices(deps, userId, readCompanyInvoiceQuery(textParameters(request.query)));
    void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    if (file.kind === 'refused') return reply.status(file.status).type('text/plain; charset=utf-8').send(file.text);
    return reply.type(xlsxContentType).header('content-disposition', attachmentHeader(file.fileName)).send(file.workbook);
  });
}
