import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { csrfCookieName } from '../../../contract/envelope.ts';
import { findSessionUserId } from '../../http/session.repository.ts';
import { hashSid, newSid, sessionCookieName, setVisitorCookies, sidPattern, type SessionDeps, type Visitor } from '../../http/session.ts';
import type { InFlightHandlers } from '../../ops/in-flight.ts';
import { sendKeptPage } from '../../ssr/kept-page-reply.ts';
import { isMobileUserAgent, mobileRedirectTarget } from '../mobile/mobile-link.service.ts';
import type { PageCache } from './page-cache.service.ts';

/**
 * How many anonymous sids a process remembers as such (about 100 bytes each): a returning visitor
 * past them costs one session read again, nothing else.
 */
const rememberedVisitors = 100_000;

/**
 * Who asks, read before the session hook (which then keeps what was read: http/session.ts), or null
 * to leave the request to it. A request is a
 * member's exactly when its `sid` cookie names a stored, unexpired session; no other cookie matters
 * (the anti-forgery cookie is derived from the sid, `preferPc` only steers the phone redirect, which
 * is left to its hook). A sid once found unstored never becomes a member's (a login stores a new sid,
 * http/session.ts), so this process remembers it and reads the sessions table once per browser.
 * A visitor without a sid cookie gets a new sid (`isNew`), which the answer sets as the session hook would have.
 */
function createVisitorCheck(sessions: SessionDeps) {
  const anonymousSids = new LRUCache<string, true>({ max: rememberedVisitors });
  return async function earlyVisitorOf(request: FastifyRequest): Promise<Visitor | null> {
    const sid = request.cookies[sessionCookieName];
    if (sid === undefined) return { sid: newSid(), userId: null, isNew: true };
    // A malformed sid, or a browser that lost its token cookie: the session hook answers those (a new sid, the cookie again).
    if (!sidPattern.test(sid) || !request.cookies[csrfCookieName]) return null;
    if (!anonymousSids.has(sid)) {
      const userId = await findSessionUserId(sessions.db, hashSid(sid), Date.now());
      // A member: read once here, so the session hook does not read it again (it sees request.visitor's sid).
      if (userId !== null) return { sid, userId };
      anonymousSids.set(sid, true);
    }
    return { sid, userId: null };
  };
}

/**
 * The first thing a page request meets (decision 0034): a visitor's GET of a kept page is answered
 * here, after the app-wide hooks (security headers, request id, metrics) and before the shop's
 * session hook, phone redirect and page handler. Anything else (a member, a phone the redirect
 * would move, an address or variant not kept, a page gone stale) goes on untouched, and the handler
 * renders and keeps it as before. Both answers are made by sendKeptPage, so their headers are the same.
 */
export function registerPageCacheEarlyAnswer(
  app: FastifyInstance,
  pageCache: PageCache,
  deps: { sessions: SessionDeps; mobileSite: string; inFlight: Pick<InFlightHandlers, 'during'> },
): void {
  const earlyVisitorOf = createVisitorCheck(deps.sessions);
  app.addHook('onRequest', async (request, reply) => {
    const routePath = request.routeOptions.url;
    if (request.method !== 'GET' || routePath === undefined || !pageCache.keeps(routePath)) return;
    if (isMobileUserAgent(request.headers['user-agent']) && mobileRedirectTarget(request.url, deps.mobileSite) !== null) return;
    // Its reads count with the route handlers' work, so a shutdown closes the pools only after them.
    return deps.inFlight.during(() => answerEarly(request, reply, routePath));
  });

  async function answerEarly(request: FastifyRequest, reply: FastifyReply, routePath: string) {
    const visitor = await earlyVisitorOf(request);
    if (!visitor) return;
    request.visitor = visitor;
    if (visitor.userId !== null) return;
    const kept = await pageCache.keptFor(request, routePath);
    if (!kept) return;
    if (visitor.isNew === true) setVisitorCookies(request, reply, deps.sessions, visitor.sid);
    return sendKeptPage(request, reply, kept, 'hit');
  }
}
