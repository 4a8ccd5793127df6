import type { FastifyInstance } from 'fastify';
import { loginPath } from '../../../contract/account.ts';
import { orderDocumentKinds, orderDocumentPath } from '../../../contract/order-documents.ts';
import { orderNoSchema } from '../../../contract/order-requests.ts';
import { notFound } from '../../http/app-error.ts';
import { attachmentHeader } from '../../http/attachment-header.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { WorkPool } from '../../work/work-pool.ts';
import { drawOrderDocument } from './order-document.service.ts';
import { orderDocumentWorkOf } from './order-document-work.ts';

/**
 * GET /order/document/:orderNo/confirmation.pdf and /proforma.pdf: the member's own order's 订单确认单 and 形式发票.
 * GETs, as the BOM's exports: the order's page links them; a visitor goes to the login page and comes back.
 */
export function registerOrderDocumentRoutes(app: FastifyInstance, deps: ServiceDeps & { workPool: WorkPool }): void {
  const documentDeps = { ...deps, drawDocument: orderDocumentWorkOf(deps.workPool) };
  for (const kind of orderDocumentKinds) {
    app.get<{ Params: { orderNo: string } }>(orderDocumentPath(':orderNo', kind), async (request, reply) => {
      const userId = request.visitor.userId;
      if (userId === null) return redirectTo(reply, loginPath(request.url));
      const orderNo = orderNoSchema.safeParse(request.params.orderNo);
      if (!orderNo.success) throw notFound();
      const answer = await drawOrderDocument(documentDeps, { userId, address: request.ip, orderNo: orderNo.data, kind });
      void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      if (answer.kind === 'refused') return reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.text);
      return reply.type('application/pdf').header('content-disposition', attachmentHeader(answer.fileName)).send(answer.pdf);
    });
  }
}
