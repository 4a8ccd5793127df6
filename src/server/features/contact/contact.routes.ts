import type { FastifyInstance } from 'fastify';
import { contactMessages, contactPaths } from '../../../contract/contact.ts';
import { contactCalls } from '../../../contract/contact-calls.ts';
import { contactRequests } from '../../../contract/contact-requests.ts';
import { contentMessages } from '../../../contract/content.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { renderOfficeMapSvg } from './contact-map.ts';
import { findOfficeForMap, sendContactMessage } from './contact.service.ts';

export function registerContactRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, contactCalls, contactRequests, {
    send: async ({ body, request, userId }) => {
      const { graphCode, ...form } = body;
      const sent = await sendContactMessage(deps, { form, graphCode, sid: request.visitor.sid, ip: request.ip, userId });
      return new WithMessage(sent, contactMessages.sent);
    },
  });

  // GET /contact/map/<id>.svg: the office's drawn map (an SVG with no script, served as an image).
  app.get<{ Params: { file: string } }>(`${contactPaths.mapPrefix}:file`, async (request, reply) => {
    const match = /^([1-9]\d{0,8})\.svg$/.exec(request.params.file);
    const office = match ? await findOfficeForMap(deps.db, Number(match[1])) : undefined;
    if (!office) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(contentMessages.pictureMissing);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(renderOfficeMapSvg(office));
  });
}
