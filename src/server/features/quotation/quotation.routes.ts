import type { FastifyInstance } from 'fastify';
import { isQuotationStatus, quotationMessages } from '../../../contract/quotation.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { quotationRequests } from '../../../contract/quotation-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { acceptQuotation, cancelQuotation, listQuotations, loadQuotationDetail, requestQuotation, type QuotationDeps } from './quotation.service.ts';

export function registerQuotationRoutes(app: FastifyInstance, deps: QuotationDeps) {
  registerCalls(app, quotationCalls, quotationRequests, {
    request: async ({ body, userId }) => new WithMessage(await requestQuotation(deps, userId, body), quotationMessages.requested),
    list: ({ body, userId }) =>
      listQuotations(deps.db, userId, { status: body.status !== undefined && isQuotationStatus(body.status) ? body.status : null, page: body.page }),
    detail: ({ body, userId }) => loadQuotationDetail(deps.db, userId, body.quotationId),
    accept: ({ body, userId }) => acceptQuotation(deps.db, userId, body.quotationId, Date.now(), { from: body.from, revision: body.revision }),
    cancel: async ({ body, userId }) =>
      new WithMessage(
        await cancelQuotation(deps.db, userId, body.quotationId, Date.now(), { from: body.from, revision: body.revision }),
        quotationMessages.cancelled,
      ),
  });
}
