import { createHmac } from 'node:crypto';

/**
 * No raw IP is stored. Each event keeps `ip_hash` = HMAC-SHA256(salt, ip), truncated to 128 bits,
 * where salt = HMAC-SHA256(AUTH_SECRET, "coursepack-ip-salt:" + UTC date). Every replica derives
 * the same salt from the shared secret without talking to the others, the hash lets the
 * analytics count distinct clients within one UTC day, and because the salt changes at midnight
 * UTC (and is never stored) a hash cannot be linked to the next day's nor reversed by
 * enumerating the IPv4 space without the secret.
 */
export function deriveDailySalt(secret: string, date: Date): Buffer {
  const day = date.toISOString().slice(0, 10);
  return createHmac('sha256', secret).update(`coursepack-ip-salt:${day}`).digest();
}

export function createIpHasher(
  secret: string,
): (ip: string | undefined, now: Date) => string | null {
  let saltDay = '';
  let salt: Buffer = Buffer.alloc(0);
  return (ip, now) => {
    if (!ip) return null;
    const day = now.toISOString().slice(0, 10);
    if (day !== saltDay) {
      salt = deriveDailySalt(secret, now);
      saltDay = day;
    }
    return createHmac('sha256', salt).update(normalizeIp(ip)).digest('hex').slice(0, 32);
  };
}

/** An IPv4 client seen through a dual-stack socket (`::ffff:1.2.3.4`) is the same client. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip.toLowerCase();
}
