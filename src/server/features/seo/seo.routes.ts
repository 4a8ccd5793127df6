import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import { parseSitemapFileName, sitemapIndexPath } from '../../../contract/seo.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { robotsTxt } from './robots.ts';
import { sitemapFileXml, sitemapIndexXml, type SitemapOptions } from './sitemap.service.ts';

export interface SeoRouteDeps {
  db: Kysely<Database>;
  config: Config;
}

/** Crawlers come back daily; an hour of caching spares the database a burst of them. */
const cacheControl = 'public, max-age=3600';
/** Crawlers are programs: no session cookie is set, so a shared cache may keep these answers. */
const forCrawlers = { config: { isForPrograms: true } };

/** Written to the reply as it is produced; @fastify/compress compresses the stream on the way out. */
function sendXml(reply: FastifyReply, chunks: AsyncGenerator<string>) {
  return reply.type('application/xml; charset=utf-8').header('Cache-Control', cacheControl).send(Readable.from(chunks));
}

export function registerSeoRoutes(app: FastifyInstance, deps: SeoRouteDeps, options: SitemapOptions): void {
  app.get('/robots.txt', forCrawlers, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', cacheControl)
      .send(robotsTxt(publicOriginOf(deps.config, request))),
  );
  app.get(sitemapIndexPath, forCrawlers, (request, reply) => sendXml(reply, sitemapIndexXml(deps.db, publicOriginOf(deps.config, request), options)));
  app.get<{ Params: { fileName: string } }>('/public/:fileName', forCrawlers, async (request, reply) => {
    const file = parseSitemapFileName(request.params.fileName);
    if (!file) throw notFound();
    const chunks = await sitemapFileXml(deps.db, publicOriginOf(deps.config, request), file.kind, file.page, options);
    if (!chunks) throw notFound();
    return sendXml(reply, chunks);
  });
}
