import type { FastifyInstance } from 'fastify';
import { crossReferenceCalls } from '../../../contract/cross-reference-calls.ts';
import { crossReferenceRequests } from '../../../contract/cross-reference-requests.ts';
import { registerCalls } from '../../http/api-route.ts';
import { findCrossReferences, type CrossReferenceContext } from './cross-reference.service.ts';

export function registerCrossReferenceRoutes(app: FastifyInstance, context: CrossReferenceContext) {
  registerCalls(
    app,
    crossReferenceCalls,
    crossReferenceRequests,
    { queryCrossReference: ({ body }) => findCrossReferences(context, body.code) },
    // The answer is the catalogue's, the same for every visitor and member.
    { sameForEveryone: ['queryCrossReference'] },
  );
}
