import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { redirectTo } from '../../http/redirect.ts';
import { pageQueryOf } from '../../ssr/page-query.ts';
import { desktopChoiceOf, isMobileUserAgent, mobileRedirectTarget, preferDesktopCookie } from './mobile-site.ts';

/** Phones asking for the home page or a product page get a 302 to the mobile site; desktops never do. */
export function registerMobileRedirect(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!isMobileUserAgent(request.headers['user-agent'])) return;
    const choice = desktopChoiceOf(pageQueryOf(request.query));
    if (choice === 'desktop') {
      reply.setCookie(preferDesktopCookie, '1', { path: '/', httpOnly: true, sameSite: 'lax' });
      return;
    }
    if (choice === 'mobile') reply.clearCookie(preferDesktopCookie, { path: '/' });
    else if (request.cookies[preferDesktopCookie] === '1') return;
    const target = mobileRedirectTarget(request.url, config.mobileSite);
    if (target === null) return;
    return redirectTo(reply, target, config.mobileSite);
  });
}
