import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffErrors, staffHomePath, type StaffIdentity } from '../../../contract/staff.ts';
import type { StaffAccess } from '../../../contract/staff-calls.ts';
import { abilityFor, type StaffPermission } from '../../../contract/staff-permissions.ts';
import { AppError } from '../../http/app-error.ts';
import { redirectTo } from '../../http/redirect.ts';
import type { StaffActor } from './staff-actor.ts';
import { ensureStaffSid, registerStaffAntiForgery, registerStaffSessions, staffLoginPathFor, type StaffSessionDeps } from './staff-session.ts';

/**
 * The console's scope (app.ts registers it under consolePrefix) and its access rule. Every route in it
 * says who may use it (config.staffAccess; a route without it stops the app at start), and one hook
 * checks that before any handler runs: a handler never checks the session or the role itself.
 */

/** Who may use a console route: a call's access (contract/staff-calls.ts), or a role with any of several permissions. */
export type StaffRouteAccess = StaffAccess | { readonly anyOf: readonly StaffPermission[] };

/**
 * How a console route refuses: a call answers 401/403 in the envelope; a page sends a visitor to the
 * login (and back) and a role without it to the console's home; a file sends a visitor to the login
 * and answers a role without it 403 in plain text.
 */
export type StaffRefusal = 'call' | 'page' | 'file';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use this console route (features/staff/staff-access.ts). */
    staffAccess?: StaffRouteAccess;
    /** How a refused request is answered; a call's by default. */
    staffRefusal?: StaffRefusal;
  }
}

/** The path the console's scope is registered under: its routes are named with their full paths (the browser's) and registered without it. */
export const consolePrefix = staffHomePath;

/** A console path as its scope registers it: `/admin/api/x` → `/api/x`, `/admin` → `/`. */
export function consoleRoute(path: string): string {
  if (path === consolePrefix) return '/';
  if (!path.startsWith(`${consolePrefix}/`)) throw new Error(`${path} is not a console path (under ${consolePrefix}/)`);
  return path.slice(consolePrefix.length);
}

/** The staff member of a request the access hook let through to a route for signed-in staff (a null staff means a route outside the console's scope). */
export function signedInStaff(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new AppError(staffErrors.loginRequired);
  return request.staff;
}

/** The signed-in staff member and their address, as a change's audit entry names them. */
export function actorOfRequest(request: FastifyRequest): StaffActor {
  return { staff: signedInStaff(request), ip: request.ip };
}

export function mayUse(staff: StaffIdentity | null, access: StaffRouteAccess): boolean {
  if (access === 'anyone') return true;
  if (staff === null) return false;
  if (access === 'staff') return true;
  const ability = abilityFor(staff.role);
  const permissions = 'anyOf' in access ? access.anyOf : [access];
  return permissions.some((permission) => ability.can(permission.action, permission.subject));
}

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: StaffRefusal, isSignedIn: boolean) {
  if (refusal === 'call') throw new AppError(isSignedIn ? staffErrors.forbidden : staffErrors.loginRequired);
  if (!isSignedIn) return redirectTo(reply, staffLoginPathFor(request.url));
  if (refusal === 'page') return redirectTo(reply, staffHomePath);
  return reply.status(403).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(staffErrors.forbidden.msg);
}

/** The access hook: after the anti-forgery check and the session; a page let through gets the anti-forgery cookie for its calls. */
export function registerStaffAccess(scope: FastifyInstance, deps: StaffSessionDeps): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.staffAccess === undefined)
      throw new Error(`${[route.method].flat().join(',')} ${route.url}: a console route says who may use it (config.staffAccess)`);
  });
  scope.addHook('preHandler', async (request, reply) => {
    // The console's not-found answer is the same for everyone.
    if (request.is404) return;
    const { staffAccess, staffRefusal = 'call' } = request.routeOptions.config;
    if (staffAccess === undefined || !mayUse(request.staff, staffAccess)) return refuse(request, reply, staffRefusal, request.staff !== null);
    if (staffRefusal === 'page') ensureStaffSid(request, reply, deps);
  });
}

/** The console's own hooks, in their order: the staff anti-forgery token, the staff session, then who may use the route. */
export function registerConsoleGuards(scope: FastifyInstance, deps: StaffSessionDeps): void {
  registerStaffAntiForgery(scope, deps);
  registerStaffSessions(scope, deps);
  registerStaffAccess(scope, deps);
}
