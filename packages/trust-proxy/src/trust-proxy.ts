import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY, the product's one answer to "which proxies may tell us who the client is",
 * in the grammar of Fastify's `trustProxy` (the collector passes it straight to Fastify):
 * `false` (the default: the connection's own address is the client), `true` (trust every
 * hop: only behind a proxy that overwrites X-Forwarded-For), a hop count, or the proxies'
 * addresses and CIDRs.
 */
export type TrustProxy = boolean | number | string[];

export const TRUST_PROXY_RULE =
  'must be true, false, a hop count, or comma-separated proxy addresses/CIDRs';

/** The setting's value, or null when it does not follow the grammar. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** "::ffff:10.0.0.1", how Node shows an IPv4 peer on a dual-stack socket, is 10.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Whether the hop `index` steps from us (0: the connection's peer) at `address` is a proxy the
 * setting trusts to have told the truth about the hop before it; also the shape of Fastify's
 * `trustProxy` function, so the collector trusts exactly what the web app does.
 */
export function createHopTrust(trust: TrustProxy): (address: string, index: number) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  if (typeof trust === 'number') return (_address, index) => index < trust;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Whether the connection's peer is a proxy we trust, so that the X-Forwarded-* headers it
 * sent (host, protocol) describe the client's request rather than being made up by it.
 */
export function isTrustedPeer(peer: string, trust: TrustProxy): boolean {
  return createHopTrust(trust)(plainAddress(peer), 0);
}

/**
 * The client's address: the connection's peer, or, past trusted proxies, the address the
 * outermost trusted proxy saw. X-Forwarded-For is read right to left (each proxy appends the
 * address it was connected from), and only as far as the setting trusts; what a client wrote
 * further left is never believed. An entry that is not an address ends the walk there.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => plainAddress(entry.trim()))
    .filter((entry) => entry !== '')
    .reverse();
  const trusts = createHopTrust(trust);
  let client = plainAddress(peer);
  for (const [index, next] of hops.entries()) {
    if (!trusts(client, index) || isIP(next) === 0) break;
    client = next;
  }
  return client;
}
