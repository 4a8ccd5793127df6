import type { FastifyInstance } from 'fastify';
import { complaintMessages } from '../../../contract/complaint.ts';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { complaintRequests } from '../../../contract/complaint-requests.ts';
import { isComplaintStatus } from '../../../contract/complaint.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import {
  closeByMember,
  createComplaint,
  listComplaints,
  loadComplaintDetail,
  reopenByMember,
  replyAsMember,
  shipReturnByMember,
  type ComplaintDeps,
} from './complaint.service.ts';

export function registerComplaintRoutes(app: FastifyInstance, deps: ComplaintDeps) {
  registerCalls(app, complaintCalls, complaintRequests, {
    create: async ({ body, userId }) => new WithMessage(await createComplaint(deps, userId, body), complaintMessages.created),
    list: ({ body, userId }) =>
      listComplaints(deps.db, userId, { status: body.status !== undefined && isComplaintStatus(body.status) ? body.status : null, page: body.page }),
    detail: ({ body, userId }) => loadComplaintDetail(deps, userId, body.id),
    reply: async ({ body, userId }) => new WithMessage(await replyAsMember(deps, userId, body.id, body.text), complaintMessages.replied),
    close: async ({ body, userId }) => new WithMessage(await closeByMember(deps, userId, body.id, body.from), complaintMessages.closed),
    shipReturn: async ({ body, userId }) =>
      new WithMessage(
        await shipReturnByMember(deps, userId, { id: body.id, carrierName: body.carrierName, trackingNo: body.trackingNo, seen: body.from }),
        complaintMessages.returnShipped,
      ),
    reopen: async ({ body, userId }) => new WithMessage(await reopenByMember(deps, userId, body.id, body.from), complaintMessages.reopened),
  });
}
