import { createHmac } from 'node:crypto';

/**
 * A client address as limit keys keep it: keyed with the installation's secret (as the collector
 * keys its visitor hashes), so the limit_counters table never holds an address someone could read
 * back, and one installation's keys say nothing about another's.
 */
export function hashClientAddress(secret: string, address: string): string {
  return createHmac('sha256', secret)
    .update(`coursepack-address:${address}`)
    .digest('base64url')
    .slice(0, 22);
}
