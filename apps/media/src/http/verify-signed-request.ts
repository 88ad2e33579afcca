import { timingSafeEqual } from 'node:crypto';
import {
  createSignature,
  createStringToSign,
  detectSignatureAlgorithm,
} from '@coursepack/images/create-signature';
import { MediaError } from '../media-error';

/** Cloudinary refuses signed requests whose timestamp is more than an hour old. */
export const SIGNATURE_MAX_AGE_SECONDS = 3_600;

export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

/** Throws `MediaError` unless `params` carry our API key, a fresh timestamp and a valid signature. */
export function verifySignedRequest(
  params: Readonly<Record<string, string>>,
  credentials: Credentials,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): void {
  const apiKey = params.api_key;
  if (!apiKey) throw new MediaError('invalid_signature', 'Must supply api_key');
  if (apiKey !== credentials.apiKey) {
    throw new MediaError('invalid_signature', `Unknown API key ${apiKey}`);
  }
  const signature = params.signature;
  if (!signature)
    throw new MediaError('invalid_signature', 'Missing required parameter - signature');
  const rawTimestamp = params.timestamp ?? '';
  if (!/^\d{1,12}$/.test(rawTimestamp)) {
    throw new MediaError('invalid_signature', 'Missing required parameter - timestamp');
  }
  const timestamp = Number(rawTimestamp);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_MAX_AGE_SECONDS) {
    const reported = new Date(timestamp * 1000).toISOString();
    throw new MediaError(
      'stale_request',
      `Stale request - reported time is ${reported} which is more than 1 hour ${timestamp < nowSeconds ? 'ago' : 'ahead'}`,
    );
  }
  const algorithm = detectSignatureAlgorithm(signature);
  const expected = algorithm ? createSignature(params, credentials.apiSecret, algorithm) : '';
  const given = Buffer.from(signature.toLowerCase());
  if (
    !algorithm ||
    given.length !== expected.length ||
    !timingSafeEqual(given, Buffer.from(expected))
  ) {
    throw new MediaError(
      'invalid_signature',
      `Invalid Signature ${signature}. String to sign - '${createStringToSign(params)}'.`,
    );
  }
}
