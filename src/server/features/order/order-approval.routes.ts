import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { orderApprovalMessages } from '../../../contract/order-approval.ts';
import { orderApprovalCalls } from '../../../contract/order-approval-calls.ts';
import { orderApprovalRequests } from '../../../contract/order-approval-requests.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { approveOrder, rejectOrder } from './order-approval-decision.service.ts';

/** orderApprovalCalls: members only; each answers 公司订单 as it is after the decision. */
export function registerOrderApprovalRoutes(app: FastifyInstance, db: Kysely<Database>, orders: OrderConfig) {
  registerCalls(app, orderApprovalCalls, orderApprovalRequests, {
    approve: async ({ body, userId }) => new WithMessage(await approveOrder(db, orders, userId, body), orderApprovalMessages.approved),
    reject: async ({ body, userId }) => new WithMessage(await rejectOrder(db, userId, body), orderApprovalMessages.rejected),
  });
}
