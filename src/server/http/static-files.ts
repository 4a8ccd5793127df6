import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Only what a browser needs: the Vite manifest (`.vite/`, any dot path) lists the source files and
 * source maps show them, so neither is served; the server reads the manifest from disk.
 */
function isServable(pathname: string): boolean {
  return !pathname.split('/').some((segment) => segment.startsWith('.')) && !pathname.endsWith('.map');
}

/** A cache between the store and the browser must keep the brotli, gzip and plain bodies apart. */
function varyByEncoding(response: { setHeader(name: string, value: string): unknown }): void {
  response.setHeader('Vary', 'Accept-Encoding');
}

/** /assets/ (hashed, cached a year) and /static/ (the public files) from the client build, or public/ before a build. */
export async function registerStaticFiles(app: FastifyInstance, clientBuildDir: string): Promise<void> {
  // preCompressed: the build wrote name.br and name.gz beside each asset above 1 kB (vite.config.ts).
  const common = { decorateReply: false, index: false, dotfiles: 'ignore', allowedPath: isServable, preCompressed: true, setHeaders: varyByEncoding } as const;
  const assetsDir = resolve(clientBuildDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, { ...common, root: assetsDir, prefix: '/assets/', immutable: true, maxAge: '365d' });
  }
  const publicDir = existsSync(resolve(clientBuildDir, 'favicon.svg')) ? clientBuildDir : resolve(process.cwd(), 'public');
  await app.register(fastifyStatic, { ...common, root: publicDir, prefix: '/static/', maxAge: '1d' });
  const favicon = readFileSync(resolve(publicDir, 'favicon.svg'));
  app.get('/favicon.svg', (_request, reply) => reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(favicon));
}
