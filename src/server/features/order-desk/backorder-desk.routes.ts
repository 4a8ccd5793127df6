import type { FastifyInstance } from 'fastify';
import { backOrderMessages as m } from '../../../contract/backorder.ts';
import { adminBackOrderCalls } from '../../../contract/console/backorder-desk-calls.ts';
import { adminBackOrderRequests } from '../../../contract/console/backorder-desk-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import { moveBackOrderDateByStaff, receiveStockByStaff } from './backorder-desk.service.ts';

/** The order desk's back-order calls: 修改预计到货 and 到货登记 (decision 0031). */
export function registerBackOrderDeskRoutes(app: FastifyInstance, deps: Pick<ServiceDeps, 'db'>): void {
  registerStaffCalls(app, adminBackOrderCalls, adminBackOrderRequests, {
    async moveDate({ body, actor }) {
      return new WithMessage(await moveBackOrderDateByStaff(deps.db, actor, body), m.dateMoved);
    },
    async receiveStock({ body, actor }) {
      return new WithMessage(await receiveStockByStaff(deps.db, actor, body), m.stockReceived);
    },
  });
}
