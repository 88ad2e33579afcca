import { timingSafeEqual } from 'node:crypto';
import type { MediaConfig } from '../config';
import { MediaError } from '../media-error';

/** The Admin API authenticates with HTTP Basic: the API key and secret. */
export function verifyBasicAuth(header: string | undefined, config: MediaConfig): void {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')?.[1];
  const [key, secret = ''] = Buffer.from(encoded ?? '', 'base64')
    .toString('utf8')
    .split(/:(.*)/s);
  const expected = Buffer.from(config.apiSecret);
  const given = Buffer.from(secret);
  if (
    key !== config.apiKey ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new MediaError('invalid_signature', 'Invalid credentials: use the API key and secret');
  }
}
