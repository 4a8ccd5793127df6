import type { FastifyInstance } from 'fastify';
import { contentMessages } from '../../../contract/content.ts';
import { contentCalls } from '../../../contract/content-calls.ts';
import { contentRequests } from '../../../contract/content-requests.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerCalls } from '../../http/api-route.ts';
import { contentImages } from './content-images.ts';
import { closeAd } from './content.service.ts';

export function registerContentRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, contentCalls, contentRequests, {
    updateAdvertisingStatus: async ({ body, request }) => {
      await closeAd(deps, request.visitor, body.adId);
      return true;
    },
  });

  app.get<{ Params: { name: string } }>('/img/content/:name', async (request, reply) => {
    const image = contentImages.get(request.params.name);
    if (!image) return reply.status(404).type('text/plain; charset=utf-8').send(contentMessages.pictureMissing);
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(image);
  });
}
