import type { FastifyInstance } from 'fastify';
import { invoiceMessages } from '../../../contract/invoice.ts';
import { companyCalls, invoiceCalls } from '../../../contract/invoice-calls.ts';
import { companyRequests, invoiceRequests } from '../../../contract/invoice-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { queryCompanyInfo, queryCompanyNames } from './company.service.ts';
import { deleteInvoiceProfile, listInvoiceProfiles, saveInvoiceProfile } from './invoice.service.ts';

export function registerInvoiceRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  registerCalls(app, invoiceCalls, invoiceRequests, {
    list: ({ userId }) => listInvoiceProfiles(db, userId),
    save: async ({ body, userId }) => new WithMessage(await saveInvoiceProfile(db, userId, body), invoiceMessages.saved),
    delete: async ({ body, userId }) => new WithMessage(await deleteInvoiceProfile(db, userId, body.id), invoiceMessages.deleted),
  });
  registerCalls(app, companyCalls, companyRequests, {
    queryCompanyNameList: ({ body, userId }) => queryCompanyNames(deps, userId, body.name),
    queryCompanyInfo: ({ body, userId }) => queryCompanyInfo(deps, userId, body.name),
  });
}
