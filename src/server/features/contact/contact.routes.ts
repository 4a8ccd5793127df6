import type { FastifyInstance } from 'fastify';
import { contactMessages, contactPaths } from '../../../contract/contact.ts';
import { contactCalls } from '../../../contract/contact-calls.ts';
import { contactRequests } from '../../../contract/contact-requests.ts';
import { contentMessages } from '../../../contract/content.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findWarehousePlace } from '../warehouse/warehouse-facts.service.ts';
import { renderOfficeMapSvg, type MapPlace } from './contact-map.ts';
import { findOfficeForMap, sendContactMessage } from './contact.service.ts';

/** `<id>.svg` is an office's map, `warehouse-<code>.svg` an active warehouse's. */
async function placeOfMapFile(deps: ServiceDeps, file: string): Promise<MapPlace | undefined> {
  const office = /^([1-9]\d{0,8})\.svg$/.exec(file);
  if (office) return findOfficeForMap(deps.db, Number(office[1]));
  const warehouse = /^warehouse-([A-Za-z0-9_-]{1,16})\.svg$/.exec(file);
  return warehouse?.[1] ? findWarehousePlace(deps.db, warehouse[1]) : undefined;
}

export function registerContactRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, contactCalls, contactRequests, {
    send: async ({ body, request, userId }) => {
      const { graphCode, ...form } = body;
      const sent = await sendContactMessage(deps, { form, graphCode, sid: request.visitor.sid, ip: request.ip, userId });
      return new WithMessage(sent, contactMessages.sent);
    },
  });

  // GET /contact/map/<id>.svg or warehouse-<code>.svg: the office's or warehouse's drawn map (an SVG with no script, served as an image).
  app.get<{ Params: { file: string } }>(`${contactPaths.mapPrefix}:file`, async (request, reply) => {
    const office = await placeOfMapFile(deps, request.params.file);
    if (!office) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(contentMessages.pictureMissing);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(renderOfficeMapSvg(office));
  });
}
