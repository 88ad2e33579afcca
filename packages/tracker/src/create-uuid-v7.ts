/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, then 74 random bits, so ids
 * sort by creation time — session ids and event ids both index well in the collector's database.
 */
export function createUuidV7(now: number = Date.now()): string {
  // One random hex digit per byte (the low 4 bits; 256 is a multiple of 16, so each digit is
  // uniform); the first byte gives the variant digit, 8–b (binary 10xx).
  const random = Array.from(crypto.getRandomValues(new Uint8Array(19)), (byte, i) =>
    (i ? byte & 15 : 8 | (byte & 3)).toString(16),
  ).join('');
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(1, 4)}-${random[0]}${random.slice(4, 7)}-${random.slice(7)}`;
}

/**
 * Whether a cookie value looks like a UUID (any version: older sessions may hold others). Loose
 * on purpose: it only has to reject tampered or truncated values.
 */
export function isUuid(value: unknown): value is string {
  return /^[\da-f-]{36}$/i.test(value as string);
}
