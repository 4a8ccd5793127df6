import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfCookieName, csrfHeaderName } from '../../contract/envelope.ts';
import { requestErrors } from '../../contract/errors.ts';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  countLiveSessionsOfUserExcept,
  deleteSession,
  deleteSessionsOfUser,
  deleteSessionsOfUserExcept,
  findSessionUserId,
  insertSession,
} from './session.repository.ts';
import { AppError } from './app-error.ts';

/**
 * Every browser holds a random `sid` (256 bits, httpOnly). Anonymous sids are not stored;
 * a member's sid is stored hashed in `sessions`. The anti-forgery token is HMAC(secret, sid),
 * readable by scripts as the `csrfToken` cookie and echoed in the `x-csrf-token` header:
 * a forged cross-site request cannot read it, and it dies with the session.
 * These are the shop's hooks: the operations console is a sibling scope under /admin (app.ts) with its
 * own staff session and token (features/staff/staff-access.ts), and none of its requests come here.
 */
export const sessionCookieName = 'sid';

export interface Visitor {
  sid: string;
  userId: number | null;
  /** The sid was made for this request (a first visit): nothing is stored under it yet, no session and no closed ad. */
  isNew?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser in the shop's scope (registerSessions); the console's requests have none. */
    visitor: Visitor;
  }
  interface FastifyContextConfig {
    /** A route other servers call (payment notifications): no browser, no token; it checks the caller's own signature. */
    skipsAntiForgery?: boolean;
    /** A route programs call with their own credentials (the open API /open/v1): no session cookie is read or set, no anti-forgery token is asked. */
    isForPrograms?: boolean;
    /**
     * A call whose answer is the same whoever asks (the header's search suggestions, typed a keystroke at a
     * time): the sid cookie still keys the anti-forgery check, but the stored session is not looked up,
     * so request.visitor.userId is null even for a member.
     */
    isSameForEveryone?: boolean;
  }
}

export const sidPattern = /^[A-Za-z0-9_-]{43}$/;

/** The open API's paths: known routes say isForPrograms, but an unknown /open/… path has only its URL to tell. */
const programPathPattern = /^\/open(?:[/?]|$)/;

function isForPrograms(request: FastifyRequest): boolean {
  return request.routeOptions.config.isForPrograms === true || programPathPattern.test(request.url);
}

export function newSid(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSid(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export function csrfTokenFor(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(sid).digest('base64url');
}

/** COOKIE_SECURE; `auto` follows the request's scheme, which a trusted proxy gives in X-Forwarded-Proto. */
function isSecureCookie(request: FastifyRequest, config: Config): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

export function setVisitorCookies(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps, sid: string) {
  const secure = isSecureCookie(request, deps.config);
  const maxAge = deps.config.sessionTtlDays * 24 * 3600;
  reply.setCookie(sessionCookieName, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  reply.setCookie(csrfCookieName, csrfTokenFor(deps.config.sessionSecret, sid), { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
}

/** What sessions need: the database and the configuration (secret, lifetime, cookie flags). */
export interface SessionDeps {
  db: Kysely<Database>;
  config: Config;
}

export function registerSessions(app: FastifyInstance, deps: SessionDeps) {
  app.decorateRequest('visitor', null as unknown as Visitor);

  app.addHook('onRequest', async (request, reply) => {
    if (isForPrograms(request)) {
      request.visitor = { sid: '', userId: null };
      return;
    }
    const cookieSid = request.cookies[sessionCookieName];
    if (cookieSid && sidPattern.test(cookieSid)) {
      // The page cache's early answer (features/page-cache) has read this sid's session already on a page it keeps.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- null until a hook sets it
      if (request.visitor?.sid === cookieSid) return;
      const isSameForEveryone = request.routeOptions.config.isSameForEveryone === true;
      const userId = isSameForEveryone ? null : await findSessionUserId(deps.db, hashSid(cookieSid), Date.now());
      request.visitor = { sid: cookieSid, userId };
      // A browser that lost only its token cookie would be refused every call: issue it again.
      if (!request.cookies[csrfCookieName]) setVisitorCookies(request, reply, deps, cookieSid);
      return;
    }
    const sid = newSid();
    request.visitor = { sid, userId: null, isNew: true };
    setVisitorCookies(request, reply, deps, sid);
  });

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.config.skipsAntiForgery === true || isForPrograms(request)) return;
    const header = request.headers[csrfHeaderName];
    const expected = csrfTokenFor(deps.config.sessionSecret, request.visitor.sid);
    const given = typeof header === 'string' ? header : '';
    const isValid = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!isValid) throw new AppError(requestErrors.forged);
  });
}

/** Login: a new sid, stored, so a sid planted before login is worthless after it. */
export async function startMemberSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps, userId: number) {
  await endMemberSession(request, reply, deps);
  const sid = newSid();
  const now = Date.now();
  await insertSession(deps.db, { id: hashSid(sid), userId, createdAt: now, expiresAt: now + deps.config.sessionTtlDays * 86_400_000 });
  request.visitor = { sid, userId };
  setVisitorCookies(request, reply, deps, sid);
}

/** Logout: the stored session is deleted and the browser gets a fresh anonymous sid. */
export async function endMemberSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps) {
  await deleteSession(deps.db, hashSid(request.visitor.sid));
  const sid = newSid();
  request.visitor = { sid, userId: null };
  setVisitorCookies(request, reply, deps, sid);
}

/** Every signed-in browser of the member has to log in again (after a password reset). */
export async function endAllMemberSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await deleteSessionsOfUser(db, userId);
}

/** Every other signed-in browser of the member has to log in again; the one of `sid` stays. */
export async function endOtherMemberSessions(db: Kysely<Database>, userId: number, sid: string): Promise<void> {
  await deleteSessionsOfUserExcept(db, userId, hashSid(sid));
}

/** How many other browsers the member is signed in on. */
export function countOtherMemberSessions(db: Kysely<Database>, userId: number, sid: string, now = Date.now()): Promise<number> {
  return countLiveSessionsOfUserExcept(db, userId, hashSid(sid), now);
}
