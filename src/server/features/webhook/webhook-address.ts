import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { webhookErrors } from '../../../contract/webhook.ts';
import { AppError } from '../../http/app-error.ts';

/** IPv4 ranges no webhook may reach in production: this host, private networks, link-local (cloud metadata), CGNAT, reserved. */
const blockedV4: readonly [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 3],
];

function v4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isBlockedV4(address: string): boolean {
  const value = v4Number(address);
  return blockedV4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The 8 groups of an IPv6 address as numbers (:: expanded; an embedded IPv4 tail as two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4Tail) {
    const value = v4Number(v4Tail);
    text = text.slice(0, -v4Tail.length) + `${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...fill, ...tailGroups].map((group) => parseInt(group, 16));
}

function isBlockedV6(address: string): boolean {
  const groups = v6Groups(address);
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const isZeroUntil = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (isZeroUntil(7) && (g7 === 0 || g7 === 1)) return true;
  const embeddedV4 = `${String(g6 >> 8)}.${String(g6 & 255)}.${String(g7 >> 8)}.${String(g7 & 255)}`;
  if (isZeroUntil(5) && g5 === 0xffff) return isBlockedV4(embeddedV4);
  if (g0 === 0x64 && groups[1] === 0xff9b) return isBlockedV4(embeddedV4);
  return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00 || (g0 === 0x2001 && groups[1] === 0x0db8);
}

/** Private, loopback, link-local (169.254.169.254, the cloud metadata), multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isBlockedV4(address);
  if (family === 6) return isBlockedV6(address);
  return true;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * Refuses a URL a webhook may not be sent to: not https (http only to this machine, and only when private
 * addresses are allowed), with credentials, or, when they are not allowed, a name resolving to any private address.
 */
export async function checkWebhookUrl(url: string, isPrivateAllowed: boolean, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<void> {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw new AppError(webhookErrors.credentialsInUrl);
  const isLoopback = isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isPrivateAllowed && isLoopback)) throw new AppError(webhookErrors.httpsRequired);
  if (isPrivateAllowed) return;
  if (isLoopback) throw new AppError(webhookErrors.privateAddress);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.some(isPrivateAddress)) throw new AppError(webhookErrors.privateAddress);
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw new AppError(webhookErrors.unresolvable);
  }
}
