import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { consoleFeatureRegistrations, featureRegistrations } from './features/all-features.ts';
import { useTestApp } from './testing/use-test-app.ts';

/**
 * Issue 29: the shipped nginx template refused what the app accepts (1 MiB for all but one upload,
 * against BOM files, price lists and PDFs of 5–40 MB). Each route's limit is its Fastify bodyLimit
 * (uploads declare theirs with uploadBodyLimit); here every one is found in the real app and the
 * template must let it through, on the same path, and refuse no more than a megabyte above it.
 */

const templatePath = resolve(import.meta.dirname, '../../deploy/nginx/store.conf.template');
const mebibyte = 1024 * 1024;

interface NginxLimit {
  match: 'exact' | 'prefix';
  path: string;
  bytes: number;
}

/** The server's default and each `location = /path` or `location ^~ /prefix/` with its own client_max_body_size. */
function nginxLimits(template: string): { defaultBytes: number; locations: NginxLimit[] } {
  const bytesOf = (size: string) => Number(size.slice(0, -1)) * mebibyte;
  const serverDefault = /^ {4}client_max_body_size (\d+m);/m.exec(template)?.[1];
  const locations = [...template.matchAll(/location (=|\^~) (\S+) \{[^}]*?client_max_body_size (\d+m);/g)].map(([, kind, path, size]) => ({
    match: kind === '=' ? ('exact' as const) : ('prefix' as const),
    path: path ?? '',
    bytes: bytesOf(size ?? '0m'),
  }));
  return { defaultBytes: bytesOf(serverDefault ?? '0m'), locations };
}

/** What nginx lets through on a path: an exact location first, then the longest ^~ prefix, else the server's default. */
function nginxLimitOf(limits: ReturnType<typeof nginxLimits>, path: string): number {
  const exact = limits.locations.find((location) => location.match === 'exact' && location.path === path);
  if (exact) return exact.bytes;
  const prefixes = limits.locations.filter((location) => location.match === 'prefix' && path.startsWith(location.path));
  prefixes.sort((a, b) => b.path.length - a.path.length);
  return prefixes[0]?.bytes ?? limits.defaultBytes;
}

describe('the nginx template and the app’s body limits', () => {
  const t = useTestApp();

  it('lets through, on every route, the largest body the app accepts there, and at most a megabyte more', async () => {
    const routes: RouteOptions[] = [];
    // The real app again, the shop and the console each with a first "feature" that hears every route the others register.
    const hearRoutes = (scope: FastifyInstance) => {
      scope.addHook('onRoute', (route) => {
        const methods = [route.method].flat();
        // The options object itself: a scope's own onRoute hook (the BOM calls') may set its bodyLimit after this one ran.
        if (methods.some((method) => ['POST', 'PUT', 'PATCH'].includes(method))) routes.push(route);
      });
    };
    const app: FastifyInstance = await buildApp(t.deps, {
      features: [hearRoutes, ...featureRegistrations],
      consoleFeatures: [hearRoutes, ...consoleFeatureRegistrations],
    });
    await app.ready();
    const appDefault = app.initialConfig.bodyLimit ?? 0;
    await app.close();
    const limits = nginxLimits(readFileSync(templatePath, 'utf8'));
    expect(limits.defaultBytes).toBe(appDefault);

    const large = routes.filter((route) => (route.bodyLimit ?? appDefault) > appDefault);
    expect(large.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/bom/api/upload', '/bom/api/match', '/common/upload', '/admin/api/price-import/upload']),
    );
    const wrong = routes
      .map((route) => ({ url: route.url, app: route.bodyLimit ?? appDefault, nginx: nginxLimitOf(limits, route.url.replace(/:\w+.*$/, '')) }))
      .filter((limit) => limit.nginx < limit.app || limit.nginx > limit.app + mebibyte)
      .map((limit) => `${limit.url}: app ${String(limit.app / mebibyte)} MiB, nginx ${String(limit.nginx / mebibyte)} MiB`);
    expect(wrong).toEqual([]);
    // A location for a path the app no longer has would hide a renamed route's limit.
    const unknown = limits.locations.filter(
      (location) => !routes.some((route) => (location.match === 'exact' ? route.url === location.path : route.url.startsWith(location.path))),
    );
    expect(unknown).toEqual([]);
  });
});
