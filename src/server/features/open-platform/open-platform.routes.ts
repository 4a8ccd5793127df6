import type { FastifyInstance } from 'fastify';
import { apiKeyMessages } from '../../../contract/open-api.ts';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { apiKeyRequests } from '../../../contract/open-api-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { createApiKey, listApiKeys, revokeMemberApiKey } from './open-platform.service.ts';

/** apiKeyCalls: the member's own keys (visitors get 401 → login). */
export function registerApiKeyRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, apiKeyCalls, apiKeyRequests, {
    list: async ({ userId }) => listApiKeys(deps, userId),
    create: async ({ body, userId }) =>
      new WithMessage(await createApiKey(deps, userId, body), body.isSandbox ? apiKeyMessages.sandboxCreated : apiKeyMessages.created),
    revoke: async ({ body, userId }) => new WithMessage(await revokeMemberApiKey(deps, userId, body.keyId), apiKeyMessages.revoked),
  });
}
