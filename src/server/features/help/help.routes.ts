import type { FastifyInstance } from 'fastify';
import { helpMessages } from '../../../contract/help.ts';
import { helpCalls } from '../../../contract/help-calls.ts';
import { helpRequests } from '../../../contract/help-requests.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { voteHelpful } from './help.service.ts';

/** helpCalls: anyone may vote, once per page. */
export function registerHelpRoutes(app: FastifyInstance, deps: Pick<ServiceDeps, 'db' | 'counters'>) {
  registerCalls(app, helpCalls, helpRequests, {
    vote: async ({ body, request }) =>
      new WithMessage(await voteHelpful(deps, { visitor: request.visitor, ip: request.ip }, body.slug, body.isHelpful), helpMessages.voted),
  });
}
