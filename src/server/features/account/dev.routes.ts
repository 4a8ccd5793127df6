import type { FastifyInstance } from 'fastify';
import { isMobilePhone } from '../../../contract/rules.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { hashSid } from '../../http/session.ts';
import { findGraphicCode } from './graphic-code/graphic-code.repository.ts';
import { listOutboxMessages } from './sms/sms-outbox.repository.ts';

/**
 * Development and e2e only (config.sms.isOutboxEnabled): what the outbox "sent" to a phone,
 * and the answer of this browser's graphic code, since a test cannot read an image.
 */
export function registerDevRoutes(app: FastifyInstance, deps: ServiceDeps) {
  if (!deps.config.sms.isOutboxEnabled) return;

  app.get('/dev/sms-outbox', async (request, reply) => {
    const { phone } = request.query as { phone?: string };
    if (!phone || !isMobilePhone(phone)) return reply.status(400).send({ code: ResultCode.badRequest, data: null, msg: '请输入正确的手机号码' });
    return listOutboxMessages(deps.db, phone);
  });

  app.get('/dev/graphic-code', async (request) => {
    const row = await findGraphicCode(deps.db, hashSid(request.visitor.sid));
    return { answer: row?.answer ?? null };
  });
}
