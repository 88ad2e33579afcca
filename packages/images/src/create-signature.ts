import { createHash } from 'node:crypto';

/**
 * Cloudinary's API request signing, the single source for our service's verification and for
 * every client that signs uploads (seed script, web upload pipeline).
 *
 * Rules (what the official SDKs do and Cloudinary's servers check):
 * - every parameter except `file`, `cloud_name`, `resource_type` and `api_key` (and the
 *   signature itself) is signed;
 * - empty, null and undefined values are left out; arrays are joined with `,`;
 * - `key=value` pairs sorted by key, joined with `&`, and any `&` inside a pair encoded as `%26`
 *   so a value cannot smuggle in another parameter (the SDK's "signature version 2");
 * - the API secret is appended and the string hashed with SHA-1 (default) or SHA-256, hex.
 */

export type SignatureAlgorithm = 'sha1' | 'sha256';

export type SignableValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[];

export type SignableParams = Readonly<Record<string, SignableValue>>;

/** Parameters that Cloudinary never includes in the string to sign. */
export const UNSIGNED_PARAMS: ReadonlySet<string> = new Set([
  'file',
  'cloud_name',
  'resource_type',
  'api_key',
  'signature',
]);

export function createStringToSign(params: SignableParams): string {
  const pairs: [string, string][] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (UNSIGNED_PARAMS.has(key) || raw === null || raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (value === '') continue;
    pairs.push([key, value]);
  }
  // Plain code-unit order: keys are ASCII snake_case, where this equals the SDK's localeCompare.
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`.replaceAll('&', '%26')).join('&');
}

export function createSignature(
  params: SignableParams,
  apiSecret: string,
  algorithm: SignatureAlgorithm = 'sha1',
): string {
  return createHash(algorithm)
    .update(createStringToSign(params) + apiSecret)
    .digest('hex');
}

/**
 * The algorithm a received signature was made with. Cloudinary's clients send no algorithm
 * name, so it is told apart by the hex digest's length; anything else is not a signature.
 */
export function detectSignatureAlgorithm(signature: string): SignatureAlgorithm | undefined {
  if (/^[0-9a-f]{40}$/i.test(signature)) return 'sha1';
  if (/^[0-9a-f]{64}$/i.test(signature)) return 'sha256';
  return undefined;
}
