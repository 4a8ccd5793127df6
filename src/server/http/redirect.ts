import type { FastifyReply } from 'fastify';

const sameSiteBase = 'http://same-site.invalid';
// eslint-disable-next-line no-control-regex -- URL parsers drop tab and newline, which could turn "/\t/x" into "//x"
const controlChars = /[\u0000-\u001f\u007f]/;

/** The origin of an absolute http(s) address, else null. */
function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What a header can carry: the URL parser percent-encodes all but a `%` that starts no escape. */
function escapeStrayPercent(location: string): string {
  return location.replace(/%(?![\da-fA-F]{2})/g, '%25');
}

/**
 * The Location of a redirect: a path of this site starting with a single `/` (never `//`, `/\` or
 * a scheme, so no open redirect), or an address on `otherSite` (an origin the configuration names,
 * such as the mobile site), percent-encoded so that the header carries it (`/search?key=电阻` →
 * `/search?key=%E7%94%B5%E9%98%BB`). Anything else is home.
 */
export function safeLocation(target: string, otherSite?: string): string {
  if (controlChars.test(target)) return '/';
  if (/^\/(?![/\\])/.test(target)) {
    const url = new URL(target, sameSiteBase);
    return url.origin === sameSiteBase ? escapeStrayPercent(`${url.pathname}${url.search}${url.hash}`) : '/';
  }
  const allowedOrigin = otherSite === undefined ? null : originOf(otherSite);
  if (allowedOrigin !== null && originOf(target) === allowedOrigin) return escapeStrayPercent(new URL(target).href);
  return '/';
}

/** THE way to redirect: every Location goes through safeLocation. */
export function redirectTo(reply: FastifyReply, target: string, otherSite?: string): FastifyReply {
  return reply.redirect(safeLocation(target, otherSite), 302);
}
