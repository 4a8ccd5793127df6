import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  staffCsrfCookieName,
  staffCsrfHeaderName,
  staffErrors,
  staffHomePath,
  staffLoginPath,
  staffRoleLabels,
  staffSessionCookieName,
  type StaffIdentity,
} from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSid } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { deleteStaffSession, findLiveStaffSession, insertStaffSession, touchStaffSession } from './staff.repository.ts';

/**
 * The console's session, apart from the members' one (http/session.ts): the admin_sid cookie
 * (httpOnly, SameSite=Strict, Path=/admin) holds 256 random bits; a signed-in sid is stored hashed in
 * staff_sessions and ends after the idle timeout or the absolute lifetime (STAFF_SESSION_*).
 * The anti-forgery token is HMAC(secret, 'staff:' + sid), in the admin_csrf cookie and echoed in
 * the x-admin-csrf-token header. A browser without a sid gets an anonymous one, not stored,
 * so the login form is protected by a token too.
 *
 * Both live in the console's own Fastify scope (app.ts, under /admin): registerStaffAntiForgery and
 * registerStaffSessions are its hooks, and the members' session (http/session.ts) is not there at all.
 */
export type StaffSessionDeps = Pick<ServiceDeps, 'db' | 'config'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member signed in on this browser, or null: set in the console's scope only (registerStaffSessions). */
    staff: StaffIdentity | null;
  }
}

const sidPattern = /^[A-Za-z0-9_-]{43}$/;
const cookiePath = '/admin';
/** last_seen_at is written at most this often: a page and its calls do not each write. */
const touchEveryMs = 30_000;

export function staffCsrfTokenFor(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(`staff:${sid}`).digest('base64url');
}

function isSecure(request: FastifyRequest, deps: StaffSessionDeps): boolean {
  return deps.config.cookieSecure === 'auto' ? request.protocol === 'https' : deps.config.cookieSecure;
}

function setStaffCookies(request: FastifyRequest, reply: FastifyReply, deps: StaffSessionDeps, sid: string) {
  const secure = isSecure(request, deps);
  reply.setCookie(staffSessionCookieName, sid, { path: cookiePath, httpOnly: true, sameSite: 'strict', secure });
  reply.setCookie(staffCsrfCookieName, staffCsrfTokenFor(deps.config.sessionSecret, sid), { path: cookiePath, httpOnly: false, sameSite: 'strict', secure });
}

function cookieSidOf(request: FastifyRequest): string | null {
  const sid = request.cookies[staffSessionCookieName];
  return sid && sidPattern.test(sid) ? sid : null;
}

/** The browser's staff sid; a browser without one is given an anonymous one now. */
export function ensureStaffSid(request: FastifyRequest, reply: FastifyReply, deps: StaffSessionDeps): string {
  const sid = cookieSidOf(request);
  if (sid) {
    if (!request.cookies[staffCsrfCookieName]) setStaffCookies(request, reply, deps, sid);
    return sid;
  }
  const fresh = randomBytes(32).toString('base64url');
  setStaffCookies(request, reply, deps, fresh);
  return fresh;
}

export function identityOf(row: Pick<StaffIdentity, 'id' | 'login' | 'displayName' | 'role'>): StaffIdentity {
  return { id: row.id, login: row.login, displayName: row.displayName, role: row.role, roleLabel: staffRoleLabels[row.role] };
}

/** The staff member signed in on this browser, or null; a live session's idle clock restarts. */
export async function currentStaff(request: FastifyRequest, deps: StaffSessionDeps, now = Date.now()): Promise<StaffIdentity | null> {
  const sid = cookieSidOf(request);
  if (!sid) return null;
  const sessionId = hashSid(sid);
  const row = await findLiveStaffSession(deps.db, sessionId, now, deps.config.staffSession.idleMinutes * 60_000);
  if (!row) return null;
  if (now - row.lastSeenAt >= touchEveryMs) await touchStaffSession(deps.db, sessionId, now);
  return identityOf(row);
}

/** Refuses a POST whose x-admin-csrf-token is not the token of the browser's staff sid. */
export function checkStaffAntiForgery(request: FastifyRequest, deps: StaffSessionDeps): void {
  const sid = cookieSidOf(request);
  const header = request.headers[staffCsrfHeaderName];
  const given = typeof header === 'string' ? header : '';
  const expected = sid ? staffCsrfTokenFor(deps.config.sessionSecret, sid) : '';
  const isValid = expected !== '' && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!isValid) throw new AppError(staffErrors.forged);
}

/** Login: a new sid, stored; the one the browser had (anonymous or another staff member's) is dropped. */
export async function startStaffSession(request: FastifyRequest, reply: FastifyReply, deps: StaffSessionDeps, staffId: number, now = Date.now()) {
  const previous = cookieSidOf(request);
  if (previous) await deleteStaffSession(deps.db, hashSid(previous));
  const sid = randomBytes(32).toString('base64url');
  await insertStaffSession(deps.db, { id: hashSid(sid), staffId, now, expiresAt: now + deps.config.staffSession.hours * 3_600_000 });
  setStaffCookies(request, reply, deps, sid);
}

/** Logout: the stored session is deleted and the browser gets a fresh anonymous sid. */
export async function endStaffSession(request: FastifyRequest, reply: FastifyReply, deps: StaffSessionDeps) {
  const previous = cookieSidOf(request);
  if (previous) await deleteStaffSession(deps.db, hashSid(previous));
  setStaffCookies(request, reply, deps, randomBytes(32).toString('base64url'));
}

/** The console's login page, coming back to `returnPath` (a path under /admin) once signed in. */
export function staffLoginPathFor(returnPath: string): string {
  return returnPath === staffHomePath ? staffLoginPath : `${staffLoginPath}?return=${encodeURIComponent(returnPath)}`;
}

/** The console scope's anti-forgery hook: every request that is not a GET or HEAD carries the staff token, whatever its route (an unknown path too). */
export function registerStaffAntiForgery(scope: FastifyInstance, deps: StaffSessionDeps): void {
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') checkStaffAntiForgery(request, deps);
  });
}

/** The console scope's session hook: request.staff is who is signed in on this browser (after the anti-forgery check, so a forged request touches no session). */
export function registerStaffSessions(scope: FastifyInstance, deps: StaffSessionDeps): void {
  scope.decorateRequest('staff', null);
  scope.addHook('preHandler', async (request) => {
    request.staff = await currentStaff(request, deps);
  });
}
