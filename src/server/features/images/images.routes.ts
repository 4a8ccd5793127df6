import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentMessages } from '../../../contract/content.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { defaultAvatarSvg } from './brand-logo.ts';
import { imageRoutePrefix, loadBrandLogoSvg } from './images.service.ts';
import { packageImageSvg } from './package-images.ts';

/** Drawings never change for a name; logos follow the brand row, so they are cached for a day. */
const immutable = 'public, max-age=31536000, immutable';
const daily = 'public, max-age=86400';

function sendSvg(reply: FastifyReply, svg: string, cacheControl: string) {
  return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', cacheControl).send(svg);
}

function notFoundImage(reply: FastifyReply) {
  return reply.status(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(contentMessages.pictureMissing);
}

/**
 * GET {prefix}package/:name.svg, {prefix}brand/:id.svg, {prefix}avatar/default.svg.
 * Images are public and cacheable: the visitor cookie set by the session layer is not sent with them.
 */
export function registerImageRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const prefix = imageRoutePrefix(deps.config.imageBaseUrl);
  const withoutCookies = {
    onSend: async (_request: unknown, reply: FastifyReply, payload: unknown) => {
      reply.removeHeader('set-cookie');
      return payload;
    },
  };

  app.get<{ Params: { file: string } }>(`${prefix}package/:file`, withoutCookies, async (request, reply) => {
    const match = /^([a-z0-9-]{1,40})\.svg$/.exec(request.params.file);
    const svg = match?.[1] ? packageImageSvg(match[1]) : null;
    return svg ? sendSvg(reply, svg, immutable) : notFoundImage(reply);
  });

  app.get<{ Params: { file: string } }>(`${prefix}brand/:file`, withoutCookies, async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    const svg = match?.[1] ? await loadBrandLogoSvg(deps.db, Number(match[1])) : null;
    return svg ? sendSvg(reply, svg, daily) : notFoundImage(reply);
  });

  app.get<{ Params: { file: string } }>(`${prefix}avatar/:file`, withoutCookies, async (request, reply) => {
    return request.params.file === 'default.svg' ? sendSvg(reply, defaultAvatarSvg(), immutable) : notFoundImage(reply);
  });
}
