import { isIP } from 'node:net';

/**
 * Who may tell the app a client's address and scheme (X-Forwarded-For, -Proto, -Host): nobody,
 * or the proxies at these addresses or networks. Fastify takes the list as its `trustProxy`: the
 * client is the rightmost address of X-Forwarded-For that is not a trusted proxy. (No hop count:
 * it cannot tell a proxy from a client that connects directly, and Fastify refuses it.)
 */
export type TrustProxy = false | string[];

/** proxy-addr's names for address ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or the reason it is refused (for the configuration error). */
export function parseTrustProxy(value: string): TrustProxy | { problem: string } {
  const text = value.trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(text)) return false;
  const listThem = "list the proxies' addresses or networks instead (127.0.0.1,10.0.0.0/8)";
  if (['true', 'yes'].includes(text)) return { problem: `true would let any client choose its address by X-Forwarded-For; ${listThem}` };
  if (/^\d+$/.test(text)) return { problem: `a hop count cannot tell a proxy from a client that connects directly; ${listThem}` };
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (invalid.length > 0) return { problem: `not an address or network: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}` };
  return entries;
}
