import type { FastifyInstance } from 'fastify';
import { loginPath } from '../../../contract/account.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { orderPaths } from '../../../contract/order.ts';
import { attachmentHeader, xlsxContentType } from '../../http/attachment-header.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { exportOrderHistory, takeOrderExport } from './order-export.service.ts';
import { parseOrderListQuery } from './order.service.ts';

/** The address's parameters that are single texts (a repeated one is dropped, as an unknown one is). */
function textParameters(query: unknown): Record<string, string> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * GET /order/api/export?status=&keyword=: 导出订单, the member's orders as the list's filter finds them
 * (read as leniently as the list's address). A GET, as the BOM's exports: it changes nothing, so the
 * list's button is a plain link; a visitor goes to the login page, then to 我的订单.
 */
export function registerOrderExportRoute(app: FastifyInstance, deps: Pick<ServiceDeps, 'db' | 'counters'>): void {
  app.get(orderPaths.export, async (request, reply) => {
    const userId = request.visitor.userId;
    if (userId === null) return redirectTo(reply, loginPath(orderPaths.list));
    if (!(await takeOrderExport(deps, userId))) return reply.status(429).type('text/plain; charset=utf-8').send(requestErrors.tooFrequent.msg);
    const query = parseOrderListQuery(textParameters(request.query));
    const file = await exportOrderHistory(deps.db, userId, query);
    return reply
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type(xlsxContentType)
      .header('content-disposition', attachmentHeader(file.fileName))
      .send(file.workbook);
  });
}
