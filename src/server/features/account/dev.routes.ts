import type { FastifyInstance } from 'fastify';
import { requestErrors } from '../../../contract/errors.ts';
import { isMobilePhone, ruleMessages } from '../../../contract/rules.ts';
import { failureEnvelope } from '../../http/error-handler.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findGraphicCodeAnswer } from './graphic-code/graphic-code.service.ts';
import { readSmsOutbox } from './sms/sms-outbox.service.ts';

/**
 * Development and e2e only (config.sms.isOutboxEnabled): what the outbox "sent" to a phone,
 * and the answer of this browser's graphic code, since a test cannot read an image.
 */
export function registerDevRoutes(app: FastifyInstance, deps: ServiceDeps) {
  if (!deps.config.sms.isOutboxEnabled) return;

  app.get<{ Querystring: { phone?: string } }>('/dev/sms-outbox', async (request, reply) => {
    const { phone } = request.query;
    if (!phone || !isMobilePhone(phone)) return reply.status(400).send(failureEnvelope(requestErrors.invalid, ruleMessages.phoneInvalid));
    return readSmsOutbox(deps.db, phone);
  });

  app.get('/dev/graphic-code', async (request) => ({ answer: await findGraphicCodeAnswer(deps.db, request.visitor.sid) }));
}
